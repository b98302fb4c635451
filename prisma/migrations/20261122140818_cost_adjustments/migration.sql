-- CreateTable
CREATE TABLE "CostAdjustment" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "movementId" INTEGER NOT NULL,
    "layerId" INTEGER NOT NULL,
    "sourceType" VARCHAR(32) NOT NULL,
    "sourceId" INTEGER NOT NULL,
    "quantity" DECIMAL(24,10) NOT NULL,
    "amount" DECIMAL(24,10) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CostAdjustment_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateIndex
CREATE INDEX "CostAdjustment_companyId_sourceType_sourceId_idx" ON "CostAdjustment"("companyId", "sourceType", "sourceId");

-- CreateIndex
CREATE INDEX "CostAdjustment_companyId_movementId_idx" ON "CostAdjustment"("companyId", "movementId");
