-- AlterTable
ALTER TABLE "Shipment" ADD COLUMN     "labelCarrier" VARCHAR(64),
ADD COLUMN     "labelCost" DECIMAL(20,4),
ADD COLUMN     "labelCurrency" VARCHAR(3),
ADD COLUMN     "labelProvider" VARCHAR(32),
ADD COLUMN     "labelPurchasedAt" TIMESTAMP(3),
ADD COLUMN     "labelService" VARCHAR(64),
ADD COLUMN     "trackingNumber" VARCHAR(255);

-- CreateTable
CREATE TABLE "ShippingRateTable" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "carrier" VARCHAR(64) NOT NULL,
    "service" VARCHAR(64) NOT NULL,
    "currency" VARCHAR(3) NOT NULL,
    "zones" JSONB NOT NULL DEFAULT '[]',
    "brackets" JSONB NOT NULL DEFAULT '[]',
    "dimDivisor" DECIMAL(10,2) NOT NULL DEFAULT 139,
    "estimatedDays" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ShippingRateTable_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "PrintStation" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "warehouseId" INTEGER NOT NULL,
    "printerHost" VARCHAR(255) NOT NULL,
    "printerPort" INTEGER NOT NULL DEFAULT 9100,
    "labelFormat" VARCHAR(16) NOT NULL DEFAULT 'zpl',
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PrintStation_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ShippingRateTable_companyId_carrier_service_key" ON "ShippingRateTable"("companyId", "carrier", "service");

-- CreateIndex
CREATE UNIQUE INDEX "PrintStation_companyId_name_key" ON "PrintStation"("companyId", "name");

-- AddForeignKey
ALTER TABLE "PrintStation" ADD CONSTRAINT "PrintStation_companyId_warehouseId_fkey" FOREIGN KEY ("companyId", "warehouseId") REFERENCES "Location"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;
