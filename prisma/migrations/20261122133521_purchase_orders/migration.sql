-- CreateTable
CREATE TABLE "DocumentSequence" (
    "companyId" INTEGER NOT NULL,
    "kind" VARCHAR(32) NOT NULL,
    "lastValue" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "DocumentSequence_pkey" PRIMARY KEY ("companyId","kind")
);

-- CreateTable
CREATE TABLE "PurchaseOrder" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "poNumber" VARCHAR(32) NOT NULL,
    "status" VARCHAR(32) NOT NULL DEFAULT 'draft',
    "syncStatus" VARCHAR(16) NOT NULL DEFAULT 'not_synced',
    "lastSyncedAt" TIMESTAMP(3),
    "externalShipmentId" VARCHAR(255),
    "externalSystemUrl" TEXT,
    "supplierId" INTEGER NOT NULL,
    "warehouseId" INTEGER NOT NULL,
    "currency" VARCHAR(3) NOT NULL,
    "exchangeRate" DECIMAL(30,15) NOT NULL,
    "orderDate" DATE NOT NULL,
    "expectedDate" DATE,
    "reference" VARCHAR(255),
    "notes" TEXT,
    "paymentTerms" JSONB,
    "supplierResponse" JSONB,
    "subtotal" DECIMAL(20,4) NOT NULL DEFAULT 0,
    "taxTotal" DECIMAL(20,4) NOT NULL DEFAULT 0,
    "additionalCostsTotal" DECIMAL(20,4) NOT NULL DEFAULT 0,
    "total" DECIMAL(20,4) NOT NULL DEFAULT 0,
    "totalBase" DECIMAL(20,4) NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "submittedAt" TIMESTAMP(3),
    "closedAt" TIMESTAMP(3),
    "cancelledAt" TIMESTAMP(3),

    CONSTRAINT "PurchaseOrder_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "PurchaseOrderLine" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "purchaseOrderId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "productId" INTEGER NOT NULL,
    "supplierSkuId" INTEGER,
    "quantity" DECIMAL(24,10) NOT NULL,
    "uomId" INTEGER,
    "baseQuantity" DECIMAL(24,10) NOT NULL,
    "quantityReceived" DECIMAL(24,10) NOT NULL DEFAULT 0,
    "baseQuantityReceived" DECIMAL(24,10) NOT NULL DEFAULT 0,
    "unitCost" DECIMAL(24,10) NOT NULL,
    "taxRate" DECIMAL(9,4) NOT NULL DEFAULT 0,
    "lineTotal" DECIMAL(20,4) NOT NULL,
    "taxAmount" DECIMAL(20,4) NOT NULL,
    "expectedDate" DATE,

    CONSTRAINT "PurchaseOrderLine_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "PurchaseOrderCost" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "purchaseOrderId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "amount" DECIMAL(20,4) NOT NULL,

    CONSTRAINT "PurchaseOrderCost_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateIndex
CREATE INDEX "PurchaseOrder_companyId_status_idx" ON "PurchaseOrder"("companyId", "status");

-- CreateIndex
CREATE INDEX "PurchaseOrder_companyId_supplierId_idx" ON "PurchaseOrder"("companyId", "supplierId");

-- CreateIndex
CREATE INDEX "PurchaseOrder_companyId_warehouseId_status_idx" ON "PurchaseOrder"("companyId", "warehouseId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "PurchaseOrder_companyId_poNumber_key" ON "PurchaseOrder"("companyId", "poNumber");

-- CreateIndex
CREATE INDEX "PurchaseOrderLine_companyId_purchaseOrderId_idx" ON "PurchaseOrderLine"("companyId", "purchaseOrderId");

-- CreateIndex
CREATE INDEX "PurchaseOrderLine_companyId_productId_idx" ON "PurchaseOrderLine"("companyId", "productId");

-- CreateIndex
CREATE INDEX "PurchaseOrderCost_companyId_purchaseOrderId_idx" ON "PurchaseOrderCost"("companyId", "purchaseOrderId");

-- AddForeignKey
ALTER TABLE "PurchaseOrder" ADD CONSTRAINT "PurchaseOrder_companyId_supplierId_fkey" FOREIGN KEY ("companyId", "supplierId") REFERENCES "Supplier"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "PurchaseOrder" ADD CONSTRAINT "PurchaseOrder_companyId_warehouseId_fkey" FOREIGN KEY ("companyId", "warehouseId") REFERENCES "Location"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "PurchaseOrderLine" ADD CONSTRAINT "PurchaseOrderLine_companyId_purchaseOrderId_fkey" FOREIGN KEY ("companyId", "purchaseOrderId") REFERENCES "PurchaseOrder"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "PurchaseOrderLine" ADD CONSTRAINT "PurchaseOrderLine_companyId_productId_fkey" FOREIGN KEY ("companyId", "productId") REFERENCES "Product"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "PurchaseOrderLine" ADD CONSTRAINT "PurchaseOrderLine_companyId_supplierSkuId_fkey" FOREIGN KEY ("companyId", "supplierSkuId") REFERENCES "SupplierSku"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "PurchaseOrderLine" ADD CONSTRAINT "PurchaseOrderLine_companyId_uomId_fkey" FOREIGN KEY ("companyId", "uomId") REFERENCES "UnitOfMeasure"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "PurchaseOrderCost" ADD CONSTRAINT "PurchaseOrderCost_companyId_purchaseOrderId_fkey" FOREIGN KEY ("companyId", "purchaseOrderId") REFERENCES "PurchaseOrder"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;
