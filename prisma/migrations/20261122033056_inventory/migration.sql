-- AlterTable
ALTER TABLE "Location" ADD COLUMN     "warehouseGroupId" INTEGER;

-- CreateTable
CREATE TABLE "WarehouseGroup" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "lotDeductionStrategy" VARCHAR(16),
    "allowNegativeStock" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WarehouseGroup_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Lot" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "productId" INTEGER NOT NULL,
    "lotNumber" VARCHAR(255) NOT NULL,
    "productionDate" DATE,
    "expiryDate" DATE,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Lot_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StockMovement" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "productId" INTEGER NOT NULL,
    "locationId" INTEGER NOT NULL,
    "lotId" INTEGER,
    "quantity" DECIMAL(24,10) NOT NULL,
    "unitCost" DECIMAL(24,10),
    "reason" VARCHAR(64) NOT NULL,
    "sourceType" VARCHAR(32) NOT NULL,
    "sourceId" INTEGER,
    "sourceLineId" INTEGER,
    "createdByTokenId" INTEGER,
    "createdByUserId" INTEGER,
    "occurredAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StockMovement_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StockBalance" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "productId" INTEGER NOT NULL,
    "locationId" INTEGER NOT NULL,
    "lotId" INTEGER,
    "lotKey" INTEGER NOT NULL DEFAULT 0,
    "quantity" DECIMAL(24,10) NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "StockBalance_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CostLayer" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "productId" INTEGER NOT NULL,
    "locationId" INTEGER NOT NULL,
    "lotId" INTEGER,
    "movementId" INTEGER NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL,
    "originalQuantity" DECIMAL(24,10) NOT NULL,
    "remainingQuantity" DECIMAL(24,10) NOT NULL,
    "unitCost" DECIMAL(24,10) NOT NULL,
    "landedUnitCost" DECIMAL(24,10) NOT NULL,

    CONSTRAINT "CostLayer_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CostLayerConsumption" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "layerId" INTEGER NOT NULL,
    "movementId" INTEGER NOT NULL,
    "quantity" DECIMAL(24,10) NOT NULL,
    "unitCost" DECIMAL(24,10) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CostLayerConsumption_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "InventoryAdjustment" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "reason" VARCHAR(255),
    "notes" TEXT,
    "status" VARCHAR(32) NOT NULL DEFAULT 'posted',
    "postedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "InventoryAdjustment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "InventoryAdjustmentLine" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "adjustmentId" INTEGER NOT NULL,
    "productId" INTEGER NOT NULL,
    "locationId" INTEGER NOT NULL,
    "lotId" INTEGER,
    "quantity" DECIMAL(24,10) NOT NULL,
    "unitCost" DECIMAL(24,10),
    "countedQuantity" DECIMAL(24,10),
    "reason" VARCHAR(255),
    "movementId" INTEGER,

    CONSTRAINT "InventoryAdjustmentLine_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TransferOrder" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "sourceLocationId" INTEGER NOT NULL,
    "destinationLocationId" INTEGER NOT NULL,
    "status" VARCHAR(32) NOT NULL DEFAULT 'draft',
    "notes" TEXT,
    "shippedAt" TIMESTAMP(3),
    "receivedAt" TIMESTAMP(3),
    "cancelledAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TransferOrder_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TransferOrderLine" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "transferOrderId" INTEGER NOT NULL,
    "productId" INTEGER NOT NULL,
    "lotId" INTEGER,
    "quantity" DECIMAL(24,10) NOT NULL,
    "shippedQuantity" DECIMAL(24,10) NOT NULL DEFAULT 0,
    "receivedQuantity" DECIMAL(24,10) NOT NULL DEFAULT 0,

    CONSTRAINT "TransferOrderLine_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "WarehouseGroup_companyId_name_key" ON "WarehouseGroup"("companyId", "name");

-- CreateIndex
CREATE INDEX "Lot_companyId_productId_expiryDate_idx" ON "Lot"("companyId", "productId", "expiryDate");

-- CreateIndex
CREATE UNIQUE INDEX "Lot_companyId_productId_lotNumber_key" ON "Lot"("companyId", "productId", "lotNumber");

-- CreateIndex
CREATE INDEX "StockMovement_companyId_productId_id_idx" ON "StockMovement"("companyId", "productId", "id");

-- CreateIndex
CREATE INDEX "StockMovement_companyId_locationId_productId_idx" ON "StockMovement"("companyId", "locationId", "productId");

-- CreateIndex
CREATE INDEX "StockMovement_companyId_sourceType_sourceId_idx" ON "StockMovement"("companyId", "sourceType", "sourceId");

-- CreateIndex
CREATE INDEX "StockBalance_companyId_locationId_idx" ON "StockBalance"("companyId", "locationId");

-- CreateIndex
CREATE UNIQUE INDEX "StockBalance_companyId_productId_locationId_lotKey_key" ON "StockBalance"("companyId", "productId", "locationId", "lotKey");

-- CreateIndex
CREATE INDEX "CostLayer_companyId_productId_receivedAt_id_idx" ON "CostLayer"("companyId", "productId", "receivedAt", "id");

-- CreateIndex
CREATE INDEX "CostLayerConsumption_companyId_layerId_idx" ON "CostLayerConsumption"("companyId", "layerId");

-- CreateIndex
CREATE INDEX "CostLayerConsumption_companyId_movementId_idx" ON "CostLayerConsumption"("companyId", "movementId");

-- CreateIndex
CREATE INDEX "InventoryAdjustment_companyId_id_idx" ON "InventoryAdjustment"("companyId", "id");

-- CreateIndex
CREATE INDEX "InventoryAdjustmentLine_companyId_adjustmentId_idx" ON "InventoryAdjustmentLine"("companyId", "adjustmentId");

-- CreateIndex
CREATE INDEX "TransferOrder_companyId_status_idx" ON "TransferOrder"("companyId", "status");

-- CreateIndex
CREATE INDEX "TransferOrder_companyId_destinationLocationId_status_idx" ON "TransferOrder"("companyId", "destinationLocationId", "status");

-- CreateIndex
CREATE INDEX "TransferOrderLine_companyId_transferOrderId_idx" ON "TransferOrderLine"("companyId", "transferOrderId");

-- CreateIndex
CREATE INDEX "TransferOrderLine_companyId_productId_idx" ON "TransferOrderLine"("companyId", "productId");

-- AddForeignKey
ALTER TABLE "Location" ADD CONSTRAINT "Location_warehouseGroupId_fkey" FOREIGN KEY ("warehouseGroupId") REFERENCES "WarehouseGroup"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Lot" ADD CONSTRAINT "Lot_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StockMovement" ADD CONSTRAINT "StockMovement_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StockMovement" ADD CONSTRAINT "StockMovement_locationId_fkey" FOREIGN KEY ("locationId") REFERENCES "Location"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StockMovement" ADD CONSTRAINT "StockMovement_lotId_fkey" FOREIGN KEY ("lotId") REFERENCES "Lot"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StockBalance" ADD CONSTRAINT "StockBalance_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StockBalance" ADD CONSTRAINT "StockBalance_locationId_fkey" FOREIGN KEY ("locationId") REFERENCES "Location"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StockBalance" ADD CONSTRAINT "StockBalance_lotId_fkey" FOREIGN KEY ("lotId") REFERENCES "Lot"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CostLayer" ADD CONSTRAINT "CostLayer_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InventoryAdjustmentLine" ADD CONSTRAINT "InventoryAdjustmentLine_adjustmentId_fkey" FOREIGN KEY ("adjustmentId") REFERENCES "InventoryAdjustment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InventoryAdjustmentLine" ADD CONSTRAINT "InventoryAdjustmentLine_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InventoryAdjustmentLine" ADD CONSTRAINT "InventoryAdjustmentLine_locationId_fkey" FOREIGN KEY ("locationId") REFERENCES "Location"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InventoryAdjustmentLine" ADD CONSTRAINT "InventoryAdjustmentLine_lotId_fkey" FOREIGN KEY ("lotId") REFERENCES "Lot"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TransferOrder" ADD CONSTRAINT "TransferOrder_sourceLocationId_fkey" FOREIGN KEY ("sourceLocationId") REFERENCES "Location"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TransferOrder" ADD CONSTRAINT "TransferOrder_destinationLocationId_fkey" FOREIGN KEY ("destinationLocationId") REFERENCES "Location"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TransferOrderLine" ADD CONSTRAINT "TransferOrderLine_transferOrderId_fkey" FOREIGN KEY ("transferOrderId") REFERENCES "TransferOrder"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TransferOrderLine" ADD CONSTRAINT "TransferOrderLine_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TransferOrderLine" ADD CONSTRAINT "TransferOrderLine_lotId_fkey" FOREIGN KEY ("lotId") REFERENCES "Lot"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
