-- CreateTable
CREATE TABLE "CycleCountBatch" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "locationIds" INTEGER[],
    "productIds" INTEGER[],
    "categoryIds" INTEGER[],
    "tagIds" INTEGER[],
    "blind" BOOLEAN NOT NULL DEFAULT false,
    "scheduledFor" DATE,
    "notes" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CycleCountBatch_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "CycleCountSession" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "uuid" VARCHAR(36) NOT NULL,
    "batchId" INTEGER NOT NULL,
    "warehouseId" INTEGER NOT NULL,
    "status" VARCHAR(16) NOT NULL DEFAULT 'draft',
    "skuCount" INTEGER NOT NULL DEFAULT 0,
    "countedSkuCount" INTEGER NOT NULL DEFAULT 0,
    "theoreticalValue" DECIMAL(20,4),
    "totalVarianceQty" DECIMAL(24,10),
    "totalVarianceValue" DECIMAL(20,4),
    "accuracyPercentage" DECIMAL(7,2),
    "adjustmentId" INTEGER,
    "startedBy" INTEGER,
    "postedBy" INTEGER,
    "cancelledBy" INTEGER,
    "startedAt" TIMESTAMP(3),
    "postedAt" TIMESTAMP(3),
    "cancelledAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CycleCountSession_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "CycleCountLine" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "sessionId" INTEGER NOT NULL,
    "productId" INTEGER NOT NULL,
    "locationId" INTEGER NOT NULL,
    "lotNumber" VARCHAR(255) NOT NULL DEFAULT '',
    "snapshotQuantity" DECIMAL(24,10) NOT NULL,
    "expectedQuantity" DECIMAL(24,10),
    "countedQuantity" DECIMAL(24,10),
    "varianceQuantity" DECIMAL(24,10),
    "varianceValue" DECIMAL(20,4),
    "countedBy" INTEGER,
    "countedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CycleCountLine_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateIndex
CREATE INDEX "CycleCountSession_companyId_batchId_idx" ON "CycleCountSession"("companyId", "batchId");

-- CreateIndex
CREATE INDEX "CycleCountSession_companyId_status_idx" ON "CycleCountSession"("companyId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "CycleCountSession_companyId_uuid_key" ON "CycleCountSession"("companyId", "uuid");

-- CreateIndex
CREATE UNIQUE INDEX "CycleCountLine_companyId_sessionId_productId_locationId_lot_key" ON "CycleCountLine"("companyId", "sessionId", "productId", "locationId", "lotNumber");

-- AddForeignKey
ALTER TABLE "CycleCountSession" ADD CONSTRAINT "CycleCountSession_companyId_batchId_fkey" FOREIGN KEY ("companyId", "batchId") REFERENCES "CycleCountBatch"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "CycleCountSession" ADD CONSTRAINT "CycleCountSession_companyId_warehouseId_fkey" FOREIGN KEY ("companyId", "warehouseId") REFERENCES "Location"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "CycleCountSession" ADD CONSTRAINT "CycleCountSession_companyId_adjustmentId_fkey" FOREIGN KEY ("companyId", "adjustmentId") REFERENCES "InventoryAdjustment"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "CycleCountLine" ADD CONSTRAINT "CycleCountLine_companyId_sessionId_fkey" FOREIGN KEY ("companyId", "sessionId") REFERENCES "CycleCountSession"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "CycleCountLine" ADD CONSTRAINT "CycleCountLine_companyId_productId_fkey" FOREIGN KEY ("companyId", "productId") REFERENCES "Product"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "CycleCountLine" ADD CONSTRAINT "CycleCountLine_companyId_locationId_fkey" FOREIGN KEY ("companyId", "locationId") REFERENCES "Location"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;
