-- AlterTable
ALTER TABLE "Supplier" ADD COLUMN     "overReceiptTolerancePercent" DECIMAL(9,4) NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "ReceivingReport" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "reportNumber" VARCHAR(32) NOT NULL,
    "purchaseOrderId" INTEGER NOT NULL,
    "status" VARCHAR(16) NOT NULL DEFAULT 'posted',
    "receivedAt" TIMESTAMP(3) NOT NULL,
    "exchangeRate" DECIMAL(30,15) NOT NULL,
    "voidedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ReceivingReport_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "ReceivingReportLine" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "receivingReportId" INTEGER NOT NULL,
    "purchaseOrderLineId" INTEGER NOT NULL,
    "productId" INTEGER NOT NULL,
    "locationId" INTEGER NOT NULL,
    "lotId" INTEGER,
    "quantity" DECIMAL(24,10) NOT NULL,
    "baseQuantity" DECIMAL(24,10) NOT NULL,
    "purchaseUnitCost" DECIMAL(24,10) NOT NULL,
    "landedUnitCost" DECIMAL(24,10) NOT NULL,
    "unitCost" DECIMAL(24,10) NOT NULL,
    "movementId" INTEGER,

    CONSTRAINT "ReceivingReportLine_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "ReceivingReportCost" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "receivingReportId" INTEGER NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "amount" DECIMAL(20,4) NOT NULL,
    "currency" VARCHAR(3) NOT NULL,
    "exchangeRate" DECIMAL(30,15) NOT NULL,
    "amountBase" DECIMAL(20,4) NOT NULL,
    "allocation" VARCHAR(16) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ReceivingReportCost_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateIndex
CREATE INDEX "ReceivingReport_companyId_purchaseOrderId_idx" ON "ReceivingReport"("companyId", "purchaseOrderId");

-- CreateIndex
CREATE INDEX "ReceivingReport_companyId_receivedAt_idx" ON "ReceivingReport"("companyId", "receivedAt");

-- CreateIndex
CREATE UNIQUE INDEX "ReceivingReport_companyId_reportNumber_key" ON "ReceivingReport"("companyId", "reportNumber");

-- CreateIndex
CREATE INDEX "ReceivingReportLine_companyId_receivingReportId_idx" ON "ReceivingReportLine"("companyId", "receivingReportId");

-- CreateIndex
CREATE INDEX "ReceivingReportLine_companyId_purchaseOrderLineId_idx" ON "ReceivingReportLine"("companyId", "purchaseOrderLineId");

-- CreateIndex
CREATE INDEX "ReceivingReportCost_companyId_receivingReportId_idx" ON "ReceivingReportCost"("companyId", "receivingReportId");

-- AddForeignKey
ALTER TABLE "ReceivingReport" ADD CONSTRAINT "ReceivingReport_companyId_purchaseOrderId_fkey" FOREIGN KEY ("companyId", "purchaseOrderId") REFERENCES "PurchaseOrder"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "ReceivingReportLine" ADD CONSTRAINT "ReceivingReportLine_companyId_receivingReportId_fkey" FOREIGN KEY ("companyId", "receivingReportId") REFERENCES "ReceivingReport"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "ReceivingReportLine" ADD CONSTRAINT "ReceivingReportLine_companyId_purchaseOrderLineId_fkey" FOREIGN KEY ("companyId", "purchaseOrderLineId") REFERENCES "PurchaseOrderLine"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "ReceivingReportLine" ADD CONSTRAINT "ReceivingReportLine_companyId_productId_fkey" FOREIGN KEY ("companyId", "productId") REFERENCES "Product"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "ReceivingReportLine" ADD CONSTRAINT "ReceivingReportLine_companyId_locationId_fkey" FOREIGN KEY ("companyId", "locationId") REFERENCES "Location"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "ReceivingReportLine" ADD CONSTRAINT "ReceivingReportLine_companyId_lotId_fkey" FOREIGN KEY ("companyId", "lotId") REFERENCES "Lot"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "ReceivingReportCost" ADD CONSTRAINT "ReceivingReportCost_companyId_receivingReportId_fkey" FOREIGN KEY ("companyId", "receivingReportId") REFERENCES "ReceivingReport"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;
