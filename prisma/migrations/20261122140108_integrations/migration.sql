-- AlterTable
ALTER TABLE "WarehouseGroup" ADD COLUMN     "externalWmsApiKey" TEXT,
ADD COLUMN     "externalWmsUrl" TEXT,
ADD COLUMN     "externallyManaged" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "PurchaseOrder" ADD COLUMN     "inboundShipment" JSONB,
ADD COLUMN     "syncLockedUntil" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "IntegrationMapping" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "integration" VARCHAR(64) NOT NULL,
    "entityType" VARCHAR(32) NOT NULL,
    "internalId" INTEGER NOT NULL,
    "externalId" VARCHAR(255) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "IntegrationMapping_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "IntegrationFieldMapping" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "integration" VARCHAR(64) NOT NULL,
    "entityType" VARCHAR(32) NOT NULL,
    "internalField" VARCHAR(64) NOT NULL,
    "externalField" VARCHAR(255) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "IntegrationFieldMapping_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateIndex
CREATE UNIQUE INDEX "IntegrationMapping_companyId_integration_entityType_interna_key" ON "IntegrationMapping"("companyId", "integration", "entityType", "internalId");

-- CreateIndex
CREATE UNIQUE INDEX "IntegrationFieldMapping_companyId_integration_entityType_in_key" ON "IntegrationFieldMapping"("companyId", "integration", "entityType", "internalField");
