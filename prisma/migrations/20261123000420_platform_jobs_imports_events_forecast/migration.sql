-- CreateTable
CREATE TABLE "Job" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "jobKey" UUID NOT NULL DEFAULT gen_random_uuid(),
    "type" VARCHAR(64) NOT NULL,
    "queue" VARCHAR(64) NOT NULL DEFAULT 'default',
    "status" VARCHAR(16) NOT NULL DEFAULT 'queued',
    "payload" JSONB NOT NULL DEFAULT '{}',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "maxAttempts" INTEGER NOT NULL DEFAULT 5,
    "progressNow" INTEGER NOT NULL DEFAULT 0,
    "progressMax" INTEGER NOT NULL DEFAULT 0,
    "runAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lockedBy" VARCHAR(128),
    "lockedUntil" TIMESTAMP(3),
    "lastError" TEXT,
    "uniqueKey" VARCHAR(255),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "Job_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "Import" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "type" VARCHAR(32) NOT NULL,
    "options" JSONB NOT NULL DEFAULT '{}',
    "email" TEXT,
    "importedBy" TEXT,
    "jobId" INTEGER NOT NULL,
    "fileName" TEXT,
    "fileBytes" INTEGER NOT NULL DEFAULT 0,
    "totalRows" INTEGER NOT NULL DEFAULT 0,
    "successCount" INTEGER NOT NULL DEFAULT 0,
    "errorCount" INTEGER NOT NULL DEFAULT 0,
    "rowsDone" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Import_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "ImportFileChunk" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "importId" INTEGER NOT NULL,
    "seq" INTEGER NOT NULL,
    "content" BYTEA NOT NULL,

    CONSTRAINT "ImportFileChunk_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "ImportRowError" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "importId" INTEGER NOT NULL,
    "line" INTEGER NOT NULL,
    "column" TEXT,
    "message" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ImportRowError_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "Event" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "type" VARCHAR(64) NOT NULL,
    "occurredAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "data" JSONB NOT NULL,
    "resourceType" VARCHAR(64) NOT NULL,
    "resourceId" VARCHAR(64) NOT NULL,
    "txId" BIGINT NOT NULL DEFAULT ((pg_current_xact_id())::text)::bigint,

    CONSTRAINT "Event_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "WebhookEndpoint" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "url" TEXT NOT NULL,
    "events" TEXT[],
    "description" TEXT,
    "secret" TEXT NOT NULL,
    "status" VARCHAR(16) NOT NULL DEFAULT 'enabled',
    "disabledAt" TIMESTAMP(3),
    "disabledReason" TEXT,
    "cursorTxId" BIGINT NOT NULL DEFAULT 0,
    "cursorEventId" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WebhookEndpoint_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "WebhookDelivery" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "endpointId" INTEGER NOT NULL,
    "eventId" INTEGER NOT NULL,
    "resourceKey" VARCHAR(140) NOT NULL,
    "status" VARCHAR(16) NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastAttemptAt" TIMESTAMP(3),
    "responseStatus" INTEGER,
    "lastError" TEXT,
    "deliveredAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WebhookDelivery_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "ForecastWarehouseRow" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "warehouseId" INTEGER NOT NULL,
    "productId" INTEGER NOT NULL,
    "onHand" DECIMAL(24,10) NOT NULL,
    "available" DECIMAL(24,10) NOT NULL,
    "incoming" DECIMAL(24,10) NOT NULL,
    "avgDailyDemand30" DECIMAL(24,10) NOT NULL,
    "avgDailyDemand90" DECIMAL(24,10) NOT NULL,
    "daysOfCover" DECIMAL(24,4),
    "supplierId" INTEGER,
    "leadTimeDays" INTEGER,
    "safetyStock" DECIMAL(24,10) NOT NULL,
    "reorderPoint" DECIMAL(24,10) NOT NULL,
    "suggestedOrderQty" DECIMAL(24,10) NOT NULL,
    "computedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ForecastWarehouseRow_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateIndex
CREATE INDEX "Job_status_runAt_idx" ON "Job"("status", "runAt");

-- CreateIndex
CREATE INDEX "Job_status_lockedUntil_idx" ON "Job"("status", "lockedUntil");

-- CreateIndex
CREATE INDEX "Job_companyId_type_createdAt_idx" ON "Job"("companyId", "type", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Job_companyId_jobKey_key" ON "Job"("companyId", "jobKey");

-- CreateIndex
CREATE UNIQUE INDEX "Job_companyId_uniqueKey_key" ON "Job"("companyId", "uniqueKey");

-- CreateIndex
CREATE INDEX "Import_companyId_type_id_idx" ON "Import"("companyId", "type", "id");

-- CreateIndex
CREATE INDEX "Import_companyId_jobId_idx" ON "Import"("companyId", "jobId");

-- CreateIndex
CREATE UNIQUE INDEX "ImportFileChunk_companyId_importId_seq_key" ON "ImportFileChunk"("companyId", "importId", "seq");

-- CreateIndex
CREATE INDEX "ImportRowError_companyId_importId_line_idx" ON "ImportRowError"("companyId", "importId", "line");

-- CreateIndex
CREATE INDEX "Event_companyId_txId_id_idx" ON "Event"("companyId", "txId", "id");

-- CreateIndex
CREATE INDEX "Event_companyId_type_txId_id_idx" ON "Event"("companyId", "type", "txId", "id");

-- CreateIndex
CREATE INDEX "WebhookDelivery_companyId_endpointId_status_id_idx" ON "WebhookDelivery"("companyId", "endpointId", "status", "id");

-- CreateIndex
CREATE INDEX "WebhookDelivery_status_nextAttemptAt_idx" ON "WebhookDelivery"("status", "nextAttemptAt");

-- CreateIndex
CREATE UNIQUE INDEX "WebhookDelivery_companyId_endpointId_eventId_key" ON "WebhookDelivery"("companyId", "endpointId", "eventId");

-- CreateIndex
CREATE INDEX "ForecastWarehouseRow_companyId_productId_idx" ON "ForecastWarehouseRow"("companyId", "productId");

-- CreateIndex
CREATE UNIQUE INDEX "ForecastWarehouseRow_companyId_warehouseId_productId_key" ON "ForecastWarehouseRow"("companyId", "warehouseId", "productId");

-- AddForeignKey
ALTER TABLE "Import" ADD CONSTRAINT "Import_companyId_jobId_fkey" FOREIGN KEY ("companyId", "jobId") REFERENCES "Job"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "ImportFileChunk" ADD CONSTRAINT "ImportFileChunk_companyId_importId_fkey" FOREIGN KEY ("companyId", "importId") REFERENCES "Import"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "ImportRowError" ADD CONSTRAINT "ImportRowError_companyId_importId_fkey" FOREIGN KEY ("companyId", "importId") REFERENCES "Import"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "WebhookDelivery" ADD CONSTRAINT "WebhookDelivery_companyId_endpointId_fkey" FOREIGN KEY ("companyId", "endpointId") REFERENCES "WebhookEndpoint"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;
