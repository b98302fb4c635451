-- CreateTable
CREATE TABLE "Deal" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "supplierId" INTEGER,
    "stage" VARCHAR(16) NOT NULL DEFAULT 'open',
    "amount" DECIMAL(20,4),
    "currency" VARCHAR(3),
    "expectedCloseDate" DATE,
    "notes" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Deal_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "DealPurchaseOrder" (
    "companyId" INTEGER NOT NULL,
    "dealId" INTEGER NOT NULL,
    "purchaseOrderId" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DealPurchaseOrder_pkey" PRIMARY KEY ("companyId","dealId","purchaseOrderId")
);

-- CreateIndex
CREATE INDEX "Deal_companyId_stage_idx" ON "Deal"("companyId", "stage");

-- CreateIndex
CREATE INDEX "Deal_companyId_supplierId_idx" ON "Deal"("companyId", "supplierId");

-- CreateIndex
CREATE INDEX "DealPurchaseOrder_companyId_purchaseOrderId_idx" ON "DealPurchaseOrder"("companyId", "purchaseOrderId");

-- AddForeignKey
ALTER TABLE "Deal" ADD CONSTRAINT "Deal_companyId_supplierId_fkey" FOREIGN KEY ("companyId", "supplierId") REFERENCES "Supplier"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "DealPurchaseOrder" ADD CONSTRAINT "DealPurchaseOrder_companyId_dealId_fkey" FOREIGN KEY ("companyId", "dealId") REFERENCES "Deal"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "DealPurchaseOrder" ADD CONSTRAINT "DealPurchaseOrder_companyId_purchaseOrderId_fkey" FOREIGN KEY ("companyId", "purchaseOrderId") REFERENCES "PurchaseOrder"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;
