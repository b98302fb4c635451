-- AlterTable
ALTER TABLE "Supplier" ADD COLUMN     "paymentTermsDays" INTEGER;

-- CreateTable
CREATE TABLE "Bill" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "supplierId" INTEGER NOT NULL,
    "billNumber" VARCHAR(64) NOT NULL,
    "purchaseOrderId" INTEGER,
    "status" VARCHAR(16) NOT NULL DEFAULT 'draft',
    "matchStatus" VARCHAR(24) NOT NULL DEFAULT 'matched',
    "billDate" DATE NOT NULL,
    "dueDate" DATE NOT NULL,
    "currency" VARCHAR(3) NOT NULL,
    "exchangeRate" DECIMAL(30,15) NOT NULL,
    "notes" TEXT,
    "subtotal" DECIMAL(20,4) NOT NULL DEFAULT 0,
    "taxTotal" DECIMAL(20,4) NOT NULL DEFAULT 0,
    "total" DECIMAL(20,4) NOT NULL DEFAULT 0,
    "amountPaid" DECIMAL(20,4) NOT NULL DEFAULT 0,
    "amountCredited" DECIMAL(20,4) NOT NULL DEFAULT 0,
    "varianceAccepted" BOOLEAN NOT NULL DEFAULT false,
    "approvedAt" TIMESTAMP(3),
    "voidedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Bill_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "BillLine" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "billId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "purchaseOrderLineId" INTEGER,
    "productId" INTEGER,
    "description" VARCHAR(255),
    "quantity" DECIMAL(24,10) NOT NULL,
    "unitPrice" DECIMAL(24,10) NOT NULL,
    "taxRate" DECIMAL(9,4) NOT NULL DEFAULT 0,
    "lineTotal" DECIMAL(20,4) NOT NULL,
    "taxAmount" DECIMAL(20,4) NOT NULL,
    "matchStatus" VARCHAR(24) NOT NULL DEFAULT 'matched',
    "matchedQuantity" DECIMAL(24,10),
    "quantityVariance" DECIMAL(24,10),
    "orderedUnitPrice" DECIMAL(24,10),
    "priceVariance" DECIMAL(24,10),

    CONSTRAINT "BillLine_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "BillPayment" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "billId" INTEGER NOT NULL,
    "amount" DECIMAL(20,4) NOT NULL,
    "paidAt" DATE NOT NULL,
    "method" VARCHAR(32),
    "reference" VARCHAR(255),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BillPayment_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "BillAllocation" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "billId" INTEGER NOT NULL,
    "receivingReportId" INTEGER NOT NULL,
    "amount" DECIMAL(20,4) NOT NULL,
    "amountBase" DECIMAL(20,4) NOT NULL,
    "allocation" VARCHAR(16) NOT NULL,
    "lineShares" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "BillAllocation_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "Prepayment" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "supplierId" INTEGER NOT NULL,
    "amount" DECIMAL(20,4) NOT NULL,
    "currency" VARCHAR(3) NOT NULL,
    "exchangeRate" DECIMAL(30,15) NOT NULL,
    "paidAt" DATE NOT NULL,
    "purchaseOrderId" INTEGER,
    "paymentObligationId" INTEGER,
    "reference" VARCHAR(255),
    "amountApplied" DECIMAL(20,4) NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Prepayment_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "PrepaymentApplication" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "prepaymentId" INTEGER NOT NULL,
    "billId" INTEGER NOT NULL,
    "amount" DECIMAL(20,4) NOT NULL,
    "appliedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PrepaymentApplication_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "VendorCredit" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "supplierId" INTEGER NOT NULL,
    "amount" DECIMAL(20,4) NOT NULL,
    "currency" VARCHAR(3) NOT NULL,
    "exchangeRate" DECIMAL(30,15) NOT NULL,
    "creditDate" DATE NOT NULL,
    "reason" VARCHAR(255),
    "vendorReturnId" INTEGER,
    "amountApplied" DECIMAL(20,4) NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "VendorCredit_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "VendorCreditApplication" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "vendorCreditId" INTEGER NOT NULL,
    "billId" INTEGER NOT NULL,
    "amount" DECIMAL(20,4) NOT NULL,
    "appliedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "VendorCreditApplication_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "VendorReturn" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "returnNumber" VARCHAR(32) NOT NULL,
    "supplierId" INTEGER NOT NULL,
    "purchaseOrderId" INTEGER,
    "locationId" INTEGER NOT NULL,
    "reason" VARCHAR(255),
    "status" VARCHAR(16) NOT NULL DEFAULT 'draft',
    "currency" VARCHAR(3) NOT NULL,
    "exchangeRate" DECIMAL(30,15),
    "total" DECIMAL(20,4) NOT NULL DEFAULT 0,
    "shippedAt" TIMESTAMP(3),
    "creditedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "VendorReturn_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "VendorReturnLine" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "vendorReturnId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "productId" INTEGER NOT NULL,
    "quantity" DECIMAL(24,10) NOT NULL,
    "lotNumber" VARCHAR(255),
    "unitCost" DECIMAL(24,10),
    "fifoUnitCost" DECIMAL(24,10),
    "lineTotal" DECIMAL(20,4) NOT NULL DEFAULT 0,

    CONSTRAINT "VendorReturnLine_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateIndex
CREATE INDEX "Bill_companyId_status_dueDate_idx" ON "Bill"("companyId", "status", "dueDate");

-- CreateIndex
CREATE INDEX "Bill_companyId_purchaseOrderId_idx" ON "Bill"("companyId", "purchaseOrderId");

-- CreateIndex
CREATE INDEX "Bill_companyId_billDate_idx" ON "Bill"("companyId", "billDate");

-- CreateIndex
CREATE UNIQUE INDEX "Bill_companyId_supplierId_billNumber_key" ON "Bill"("companyId", "supplierId", "billNumber");

-- CreateIndex
CREATE INDEX "BillLine_companyId_billId_idx" ON "BillLine"("companyId", "billId");

-- CreateIndex
CREATE INDEX "BillLine_companyId_purchaseOrderLineId_idx" ON "BillLine"("companyId", "purchaseOrderLineId");

-- CreateIndex
CREATE INDEX "BillPayment_companyId_billId_idx" ON "BillPayment"("companyId", "billId");

-- CreateIndex
CREATE INDEX "BillPayment_companyId_paidAt_idx" ON "BillPayment"("companyId", "paidAt");

-- CreateIndex
CREATE INDEX "BillAllocation_companyId_billId_idx" ON "BillAllocation"("companyId", "billId");

-- CreateIndex
CREATE INDEX "BillAllocation_companyId_receivingReportId_idx" ON "BillAllocation"("companyId", "receivingReportId");

-- CreateIndex
CREATE INDEX "Prepayment_companyId_supplierId_idx" ON "Prepayment"("companyId", "supplierId");

-- CreateIndex
CREATE INDEX "Prepayment_companyId_paymentObligationId_idx" ON "Prepayment"("companyId", "paymentObligationId");

-- CreateIndex
CREATE INDEX "PrepaymentApplication_companyId_prepaymentId_idx" ON "PrepaymentApplication"("companyId", "prepaymentId");

-- CreateIndex
CREATE INDEX "PrepaymentApplication_companyId_billId_idx" ON "PrepaymentApplication"("companyId", "billId");

-- CreateIndex
CREATE INDEX "VendorCredit_companyId_supplierId_idx" ON "VendorCredit"("companyId", "supplierId");

-- CreateIndex
CREATE UNIQUE INDEX "VendorCredit_companyId_vendorReturnId_key" ON "VendorCredit"("companyId", "vendorReturnId");

-- CreateIndex
CREATE INDEX "VendorCreditApplication_companyId_vendorCreditId_idx" ON "VendorCreditApplication"("companyId", "vendorCreditId");

-- CreateIndex
CREATE INDEX "VendorCreditApplication_companyId_billId_idx" ON "VendorCreditApplication"("companyId", "billId");

-- CreateIndex
CREATE INDEX "VendorReturn_companyId_supplierId_status_idx" ON "VendorReturn"("companyId", "supplierId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "VendorReturn_companyId_returnNumber_key" ON "VendorReturn"("companyId", "returnNumber");

-- CreateIndex
CREATE INDEX "VendorReturnLine_companyId_vendorReturnId_idx" ON "VendorReturnLine"("companyId", "vendorReturnId");

-- AddForeignKey
ALTER TABLE "Bill" ADD CONSTRAINT "Bill_companyId_supplierId_fkey" FOREIGN KEY ("companyId", "supplierId") REFERENCES "Supplier"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "Bill" ADD CONSTRAINT "Bill_companyId_purchaseOrderId_fkey" FOREIGN KEY ("companyId", "purchaseOrderId") REFERENCES "PurchaseOrder"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "BillLine" ADD CONSTRAINT "BillLine_companyId_billId_fkey" FOREIGN KEY ("companyId", "billId") REFERENCES "Bill"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "BillLine" ADD CONSTRAINT "BillLine_companyId_purchaseOrderLineId_fkey" FOREIGN KEY ("companyId", "purchaseOrderLineId") REFERENCES "PurchaseOrderLine"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "BillLine" ADD CONSTRAINT "BillLine_companyId_productId_fkey" FOREIGN KEY ("companyId", "productId") REFERENCES "Product"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "BillPayment" ADD CONSTRAINT "BillPayment_companyId_billId_fkey" FOREIGN KEY ("companyId", "billId") REFERENCES "Bill"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "BillAllocation" ADD CONSTRAINT "BillAllocation_companyId_billId_fkey" FOREIGN KEY ("companyId", "billId") REFERENCES "Bill"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "BillAllocation" ADD CONSTRAINT "BillAllocation_companyId_receivingReportId_fkey" FOREIGN KEY ("companyId", "receivingReportId") REFERENCES "ReceivingReport"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "Prepayment" ADD CONSTRAINT "Prepayment_companyId_supplierId_fkey" FOREIGN KEY ("companyId", "supplierId") REFERENCES "Supplier"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "Prepayment" ADD CONSTRAINT "Prepayment_companyId_purchaseOrderId_fkey" FOREIGN KEY ("companyId", "purchaseOrderId") REFERENCES "PurchaseOrder"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "Prepayment" ADD CONSTRAINT "Prepayment_companyId_paymentObligationId_fkey" FOREIGN KEY ("companyId", "paymentObligationId") REFERENCES "PaymentObligation"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "PrepaymentApplication" ADD CONSTRAINT "PrepaymentApplication_companyId_prepaymentId_fkey" FOREIGN KEY ("companyId", "prepaymentId") REFERENCES "Prepayment"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "PrepaymentApplication" ADD CONSTRAINT "PrepaymentApplication_companyId_billId_fkey" FOREIGN KEY ("companyId", "billId") REFERENCES "Bill"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "VendorCredit" ADD CONSTRAINT "VendorCredit_companyId_supplierId_fkey" FOREIGN KEY ("companyId", "supplierId") REFERENCES "Supplier"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "VendorCredit" ADD CONSTRAINT "VendorCredit_companyId_vendorReturnId_fkey" FOREIGN KEY ("companyId", "vendorReturnId") REFERENCES "VendorReturn"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "VendorCreditApplication" ADD CONSTRAINT "VendorCreditApplication_companyId_vendorCreditId_fkey" FOREIGN KEY ("companyId", "vendorCreditId") REFERENCES "VendorCredit"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "VendorCreditApplication" ADD CONSTRAINT "VendorCreditApplication_companyId_billId_fkey" FOREIGN KEY ("companyId", "billId") REFERENCES "Bill"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "VendorReturn" ADD CONSTRAINT "VendorReturn_companyId_supplierId_fkey" FOREIGN KEY ("companyId", "supplierId") REFERENCES "Supplier"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "VendorReturn" ADD CONSTRAINT "VendorReturn_companyId_purchaseOrderId_fkey" FOREIGN KEY ("companyId", "purchaseOrderId") REFERENCES "PurchaseOrder"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "VendorReturn" ADD CONSTRAINT "VendorReturn_companyId_locationId_fkey" FOREIGN KEY ("companyId", "locationId") REFERENCES "Location"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "VendorReturnLine" ADD CONSTRAINT "VendorReturnLine_companyId_vendorReturnId_fkey" FOREIGN KEY ("companyId", "vendorReturnId") REFERENCES "VendorReturn"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "VendorReturnLine" ADD CONSTRAINT "VendorReturnLine_companyId_productId_fkey" FOREIGN KEY ("companyId", "productId") REFERENCES "Product"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;
