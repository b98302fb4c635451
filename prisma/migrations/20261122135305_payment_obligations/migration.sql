-- CreateTable
CREATE TABLE "PaymentObligation" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "purchaseOrderId" INTEGER NOT NULL,
    "kind" VARCHAR(16) NOT NULL,
    "description" VARCHAR(255) NOT NULL,
    "dueDate" DATE,
    "amount" DECIMAL(20,4) NOT NULL,
    "currency" VARCHAR(3) NOT NULL,
    "paidAmount" DECIMAL(20,4) NOT NULL DEFAULT 0,
    "status" VARCHAR(16) NOT NULL DEFAULT 'open',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PaymentObligation_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateIndex
CREATE INDEX "PaymentObligation_companyId_purchaseOrderId_idx" ON "PaymentObligation"("companyId", "purchaseOrderId");

-- CreateIndex
CREATE INDEX "PaymentObligation_companyId_status_dueDate_idx" ON "PaymentObligation"("companyId", "status", "dueDate");

-- AddForeignKey
ALTER TABLE "PaymentObligation" ADD CONSTRAINT "PaymentObligation_companyId_purchaseOrderId_fkey" FOREIGN KEY ("companyId", "purchaseOrderId") REFERENCES "PurchaseOrder"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;
