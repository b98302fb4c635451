-- CreateTable
CREATE TABLE "ProductionBatch" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "notes" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ProductionBatch_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "WorkOrder" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "workOrderNumber" VARCHAR(32) NOT NULL,
    "status" VARCHAR(16) NOT NULL DEFAULT 'draft',
    "isOnHold" BOOLEAN NOT NULL DEFAULT false,
    "holdReason" TEXT,
    "heldAt" TIMESTAMP(3),
    "heldBy" INTEGER,
    "producedSkuId" INTEGER NOT NULL,
    "plannedQty" DECIMAL(24,10) NOT NULL,
    "producedQty" DECIMAL(24,10) NOT NULL DEFAULT 0,
    "unproducedQty" DECIMAL(24,10),
    "bomId" INTEGER,
    "productionWarehouseId" INTEGER NOT NULL,
    "destinationWarehouseId" INTEGER NOT NULL,
    "vendorId" INTEGER,
    "expectedCompletionDate" DATE,
    "completionTrigger" VARCHAR(16) NOT NULL DEFAULT 'manual',
    "serviceUnitPrice" DECIMAL(24,10),
    "productionBatchId" INTEGER,
    "costRuleResolution" JSONB,
    "notes" TEXT,
    "cancelReason" TEXT,
    "customFields" JSONB NOT NULL DEFAULT '{}',
    "alternateIds" TEXT[],
    "createdBy" INTEGER,
    "updatedBy" INTEGER,
    "completedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WorkOrder_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "WorkOrderStep" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "workOrderId" INTEGER NOT NULL,
    "sequence" INTEGER NOT NULL,
    "outputSkuId" INTEGER,
    "supplyMode" VARCHAR(32),
    "vendorId" INTEGER,
    "isOutsideProcessing" BOOLEAN NOT NULL DEFAULT false,
    "plannedQty" DECIMAL(24,10),
    "completedQty" DECIMAL(24,10) NOT NULL DEFAULT 0,
    "status" VARCHAR(16) NOT NULL DEFAULT 'pending',
    "skippedBy" INTEGER,
    "skippedAt" TIMESTAMP(3),
    "completedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WorkOrderStep_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "WorkOrderCompletion" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "workOrderId" INTEGER NOT NULL,
    "quantity" DECIMAL(24,10) NOT NULL,
    "lotNumber" VARCHAR(255),
    "productionDate" DATE,
    "expiryDate" DATE,
    "unitCost" DECIMAL(24,10) NOT NULL,
    "componentsCost" DECIMAL(24,10) NOT NULL,
    "extraCost" DECIMAL(24,10) NOT NULL,
    "serviceCost" DECIMAL(24,10) NOT NULL,
    "components" JSONB NOT NULL DEFAULT '[]',
    "createdBy" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WorkOrderCompletion_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "WorkOrderStatusEvent" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "workOrderId" INTEGER NOT NULL,
    "event" VARCHAR(16) NOT NULL,
    "fromStatus" VARCHAR(16),
    "toStatus" VARCHAR(16) NOT NULL,
    "reason" TEXT,
    "actorId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WorkOrderStatusEvent_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "CostRule" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "vendorId" INTEGER,
    "name" VARCHAR(255) NOT NULL,
    "description" TEXT,
    "documentTypes" TEXT[],
    "tierMode" VARCHAR(16) NOT NULL DEFAULT 'NON_GRADUATED',
    "tierQuantityBasis" VARCHAR(32) NOT NULL DEFAULT 'LINE',
    "priority" INTEGER NOT NULL DEFAULT 0,
    "status" VARCHAR(16) NOT NULL DEFAULT 'ACTIVE',
    "isActive" BOOLEAN NOT NULL DEFAULT true,
    "effectiveFrom" DATE,
    "effectiveTo" DATE,
    "moq" DECIMAL(24,10),
    "orderMultiple" DECIMAL(24,10),
    "outputKind" VARCHAR(16) NOT NULL DEFAULT 'UNIT_COST',
    "extraCostItemName" VARCHAR(255),
    "costAllocationType" VARCHAR(32),
    "costBasis" VARCHAR(16),
    "costBasisAmount" DECIMAL(24,10),
    "shipmentType" VARCHAR(64),
    "options" JSONB NOT NULL DEFAULT '{}',
    "deletedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CostRule_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "CostRuleTier" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "costRuleId" INTEGER NOT NULL,
    "minQuantity" DECIMAL(24,10) NOT NULL,
    "maxQuantity" DECIMAL(24,10),
    "position" INTEGER NOT NULL,

    CONSTRAINT "CostRuleTier_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "CostRuleEffect" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "costRuleId" INTEGER NOT NULL,
    "costRuleTierId" INTEGER NOT NULL,
    "effectType" VARCHAR(16) NOT NULL,
    "amount" DECIMAL(24,10) NOT NULL,
    "order" INTEGER NOT NULL,
    "description" TEXT,

    CONSTRAINT "CostRuleEffect_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "CostRuleScope" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "costRuleId" INTEGER NOT NULL,
    "scopeType" VARCHAR(16) NOT NULL,
    "scopeValue" VARCHAR(255) NOT NULL,
    "scopeOperator" VARCHAR(16) NOT NULL DEFAULT 'EQUALS',
    "scopeExtra" JSONB NOT NULL DEFAULT '{}',

    CONSTRAINT "CostRuleScope_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "CostRuleCondition" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "costRuleId" INTEGER NOT NULL,
    "conditionType" VARCHAR(16) NOT NULL,
    "fieldKey" VARCHAR(64),
    "operator" VARCHAR(8) NOT NULL DEFAULT 'IN',
    "values" TEXT[],

    CONSTRAINT "CostRuleCondition_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ProductionBatch_companyId_name_key" ON "ProductionBatch"("companyId", "name");

-- CreateIndex
CREATE INDEX "WorkOrder_companyId_status_idx" ON "WorkOrder"("companyId", "status");

-- CreateIndex
CREATE INDEX "WorkOrder_companyId_producedSkuId_idx" ON "WorkOrder"("companyId", "producedSkuId");

-- CreateIndex
CREATE INDEX "WorkOrder_companyId_productionBatchId_idx" ON "WorkOrder"("companyId", "productionBatchId");

-- CreateIndex
CREATE UNIQUE INDEX "WorkOrder_companyId_workOrderNumber_key" ON "WorkOrder"("companyId", "workOrderNumber");

-- CreateIndex
CREATE UNIQUE INDEX "WorkOrderStep_companyId_workOrderId_sequence_key" ON "WorkOrderStep"("companyId", "workOrderId", "sequence");

-- CreateIndex
CREATE INDEX "WorkOrderCompletion_companyId_workOrderId_idx" ON "WorkOrderCompletion"("companyId", "workOrderId");

-- CreateIndex
CREATE INDEX "WorkOrderStatusEvent_companyId_workOrderId_idx" ON "WorkOrderStatusEvent"("companyId", "workOrderId");

-- CreateIndex
CREATE INDEX "CostRule_companyId_vendorId_idx" ON "CostRule"("companyId", "vendorId");

-- CreateIndex
CREATE INDEX "CostRuleTier_companyId_costRuleId_idx" ON "CostRuleTier"("companyId", "costRuleId");

-- CreateIndex
CREATE INDEX "CostRuleEffect_companyId_costRuleTierId_idx" ON "CostRuleEffect"("companyId", "costRuleTierId");

-- CreateIndex
CREATE INDEX "CostRuleScope_companyId_costRuleId_idx" ON "CostRuleScope"("companyId", "costRuleId");

-- CreateIndex
CREATE INDEX "CostRuleCondition_companyId_costRuleId_idx" ON "CostRuleCondition"("companyId", "costRuleId");

-- AddForeignKey
ALTER TABLE "WorkOrder" ADD CONSTRAINT "WorkOrder_companyId_producedSkuId_fkey" FOREIGN KEY ("companyId", "producedSkuId") REFERENCES "Product"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "WorkOrder" ADD CONSTRAINT "WorkOrder_companyId_bomId_fkey" FOREIGN KEY ("companyId", "bomId") REFERENCES "Bom"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "WorkOrder" ADD CONSTRAINT "WorkOrder_companyId_productionWarehouseId_fkey" FOREIGN KEY ("companyId", "productionWarehouseId") REFERENCES "Location"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "WorkOrder" ADD CONSTRAINT "WorkOrder_companyId_destinationWarehouseId_fkey" FOREIGN KEY ("companyId", "destinationWarehouseId") REFERENCES "Location"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "WorkOrder" ADD CONSTRAINT "WorkOrder_companyId_vendorId_fkey" FOREIGN KEY ("companyId", "vendorId") REFERENCES "Supplier"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "WorkOrder" ADD CONSTRAINT "WorkOrder_companyId_productionBatchId_fkey" FOREIGN KEY ("companyId", "productionBatchId") REFERENCES "ProductionBatch"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "WorkOrderStep" ADD CONSTRAINT "WorkOrderStep_companyId_workOrderId_fkey" FOREIGN KEY ("companyId", "workOrderId") REFERENCES "WorkOrder"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "WorkOrderStep" ADD CONSTRAINT "WorkOrderStep_companyId_outputSkuId_fkey" FOREIGN KEY ("companyId", "outputSkuId") REFERENCES "Product"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "WorkOrderStep" ADD CONSTRAINT "WorkOrderStep_companyId_vendorId_fkey" FOREIGN KEY ("companyId", "vendorId") REFERENCES "Supplier"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "WorkOrderCompletion" ADD CONSTRAINT "WorkOrderCompletion_companyId_workOrderId_fkey" FOREIGN KEY ("companyId", "workOrderId") REFERENCES "WorkOrder"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "WorkOrderStatusEvent" ADD CONSTRAINT "WorkOrderStatusEvent_companyId_workOrderId_fkey" FOREIGN KEY ("companyId", "workOrderId") REFERENCES "WorkOrder"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "CostRule" ADD CONSTRAINT "CostRule_companyId_vendorId_fkey" FOREIGN KEY ("companyId", "vendorId") REFERENCES "Supplier"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "CostRuleTier" ADD CONSTRAINT "CostRuleTier_companyId_costRuleId_fkey" FOREIGN KEY ("companyId", "costRuleId") REFERENCES "CostRule"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "CostRuleEffect" ADD CONSTRAINT "CostRuleEffect_companyId_costRuleId_fkey" FOREIGN KEY ("companyId", "costRuleId") REFERENCES "CostRule"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "CostRuleEffect" ADD CONSTRAINT "CostRuleEffect_companyId_costRuleTierId_fkey" FOREIGN KEY ("companyId", "costRuleTierId") REFERENCES "CostRuleTier"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "CostRuleScope" ADD CONSTRAINT "CostRuleScope_companyId_costRuleId_fkey" FOREIGN KEY ("companyId", "costRuleId") REFERENCES "CostRule"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "CostRuleCondition" ADD CONSTRAINT "CostRuleCondition_companyId_costRuleId_fkey" FOREIGN KEY ("companyId", "costRuleId") REFERENCES "CostRule"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;
