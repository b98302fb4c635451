-- CreateTable
CREATE TABLE "CustomerCompany" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "email" VARCHAR(255),
    "phone" VARCHAR(64),
    "taxId" VARCHAR(64),
    "currency" VARCHAR(3),
    "priceListId" INTEGER,
    "paymentTermsDays" INTEGER,
    "billingAddress" JSONB,
    "shippingAddress" JSONB,
    "notes" TEXT,
    "customFields" JSONB NOT NULL DEFAULT '{}',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CustomerCompany_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "Contact" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "customerCompanyId" INTEGER,
    "supplierId" INTEGER,
    "firstName" VARCHAR(255) NOT NULL,
    "lastName" VARCHAR(255),
    "email" VARCHAR(255),
    "phone" VARCHAR(64),
    "title" VARCHAR(255),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Contact_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "PriceList" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "currency" VARCHAR(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PriceList_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "PriceListEntry" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "priceListId" INTEGER NOT NULL,
    "productId" INTEGER NOT NULL,
    "minQuantity" DECIMAL(24,10) NOT NULL,
    "price" DECIMAL(24,10) NOT NULL,

    CONSTRAINT "PriceListEntry_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "PriorityListWarehouse" (
    "companyId" INTEGER NOT NULL,
    "priorityListId" INTEGER NOT NULL,
    "warehouseId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "PriorityListWarehouse_pkey" PRIMARY KEY ("companyId","priorityListId","warehouseId")
);

-- CreateTable
CREATE TABLE "SalesChannel" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "uuid" VARCHAR(36) NOT NULL,
    "channelType" VARCHAR(32) NOT NULL,
    "label" VARCHAR(255) NOT NULL,
    "description" TEXT,
    "apiLocked" BOOLEAN NOT NULL DEFAULT false,
    "warehouseGroupId" INTEGER NOT NULL,
    "storeType" VARCHAR(64),
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "status" INTEGER NOT NULL DEFAULT 1,
    "isPOSChannel" BOOLEAN NOT NULL DEFAULT false,
    "isCustomerSpecific" BOOLEAN NOT NULL DEFAULT false,
    "pullOrdersFromOms" BOOLEAN NOT NULL DEFAULT false,
    "pullOrderAppIntegrationAccountId" INTEGER,
    "pullOrderOmsStoreId" VARCHAR(255),
    "getProductsEnabled" BOOLEAN NOT NULL DEFAULT false,
    "pushInventoryEnabled" BOOLEAN NOT NULL DEFAULT false,
    "includeIncomingStocksEnabled" BOOLEAN NOT NULL DEFAULT false,
    "includeDraftProductsEnabled" BOOLEAN NOT NULL DEFAULT false,
    "pullStocksEnabled" BOOLEAN NOT NULL DEFAULT false,
    "pullShipmentsEnabled" BOOLEAN NOT NULL DEFAULT false,
    "pushIncomingStocksFromSupplierPurchaseOrderEnabled" BOOLEAN NOT NULL DEFAULT false,
    "pushStocksAppIntegrationAccountId" INTEGER,
    "channelIntegrationMapping" JSONB NOT NULL DEFAULT '[]',
    "pullOrderIntegrationMapping" JSONB NOT NULL DEFAULT '{}',
    "pushOrderIntegrationMapping" JSONB NOT NULL DEFAULT '{}',
    "pushStockIntegrationMapping" JSONB NOT NULL DEFAULT '{}',
    "pushCostIntegrationMapping" JSONB NOT NULL DEFAULT '{}',
    "metafields" JSONB NOT NULL DEFAULT '[]',
    "isDropship" BOOLEAN NOT NULL DEFAULT false,
    "dropshipSupplierId" INTEGER,
    "dropshipPoDeliveryWarehouseId" INTEGER,
    "dropshipPoDeliveryType" VARCHAR(32),
    "dropshipAutoCreatePo" BOOLEAN NOT NULL DEFAULT false,
    "dropshipAutoSendPo" BOOLEAN NOT NULL DEFAULT false,
    "dropshipInventoryNotTracked" BOOLEAN NOT NULL DEFAULT false,
    "autoPushOrderAfterMinutes" INTEGER,
    "autoPushMode" VARCHAR(32),
    "filters" JSONB NOT NULL DEFAULT '{}',
    "restrictions" JSONB NOT NULL DEFAULT '{}',
    "credentials" JSONB,
    "fees" JSONB NOT NULL DEFAULT '{}',
    "priceListId" INTEGER,
    "createdBy" INTEGER,
    "updatedBy" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SalesChannel_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "SalesChannelTag" (
    "companyId" INTEGER NOT NULL,
    "channelId" INTEGER NOT NULL,
    "tagId" INTEGER NOT NULL,

    CONSTRAINT "SalesChannelTag_pkey" PRIMARY KEY ("companyId","channelId","tagId")
);

-- CreateTable
CREATE TABLE "SalesOrder" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "orderNumber" VARCHAR(64) NOT NULL,
    "externalOrderId" VARCHAR(255),
    "status" VARCHAR(24) NOT NULL DEFAULT 'draft',
    "channelId" INTEGER NOT NULL,
    "customerCompanyId" INTEGER,
    "orderDate" DATE NOT NULL,
    "currency" VARCHAR(3) NOT NULL,
    "shipTo" JSONB,
    "requestedShipDate" DATE,
    "shippingMethod" VARCHAR(64),
    "notes" TEXT,
    "subtotal" DECIMAL(20,4) NOT NULL DEFAULT 0,
    "discountTotal" DECIMAL(20,4) NOT NULL DEFAULT 0,
    "taxTotal" DECIMAL(20,4) NOT NULL DEFAULT 0,
    "total" DECIMAL(20,4) NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "confirmedAt" TIMESTAMP(3),
    "cancelledAt" TIMESTAMP(3),
    "closedAt" TIMESTAMP(3),

    CONSTRAINT "SalesOrder_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "SalesOrderLine" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "salesOrderId" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "productId" INTEGER NOT NULL,
    "quantity" DECIMAL(24,10) NOT NULL,
    "uomId" INTEGER,
    "baseQuantity" DECIMAL(24,10) NOT NULL,
    "unitPrice" DECIMAL(24,10) NOT NULL,
    "priceSource" VARCHAR(32) NOT NULL,
    "discountPercent" DECIMAL(9,4) NOT NULL DEFAULT 0,
    "taxRate" DECIMAL(9,4) NOT NULL DEFAULT 0,
    "lineTotal" DECIMAL(20,4) NOT NULL,
    "discountAmount" DECIMAL(20,4) NOT NULL DEFAULT 0,
    "taxAmount" DECIMAL(20,4) NOT NULL DEFAULT 0,
    "baseQuantityShipped" DECIMAL(24,10) NOT NULL DEFAULT 0,

    CONSTRAINT "SalesOrderLine_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "SalesOrderAllocation" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "salesOrderId" INTEGER NOT NULL,
    "salesOrderLineId" INTEGER NOT NULL,
    "productId" INTEGER NOT NULL,
    "warehouseId" INTEGER NOT NULL,
    "quantity" DECIMAL(24,10) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SalesOrderAllocation_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "PurgatoryEntry" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "channelId" INTEGER NOT NULL,
    "externalOrderId" VARCHAR(255) NOT NULL,
    "payload" JSONB NOT NULL,
    "reasons" JSONB NOT NULL,
    "status" VARCHAR(16) NOT NULL DEFAULT 'pending',
    "salesOrderId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "resolvedAt" TIMESTAMP(3),

    CONSTRAINT "PurgatoryEntry_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateIndex
CREATE INDEX "CustomerCompany_companyId_name_idx" ON "CustomerCompany"("companyId", "name");

-- CreateIndex
CREATE INDEX "Contact_companyId_customerCompanyId_idx" ON "Contact"("companyId", "customerCompanyId");

-- CreateIndex
CREATE INDEX "Contact_companyId_supplierId_idx" ON "Contact"("companyId", "supplierId");

-- CreateIndex
CREATE UNIQUE INDEX "PriceList_companyId_name_key" ON "PriceList"("companyId", "name");

-- CreateIndex
CREATE INDEX "PriceListEntry_companyId_productId_idx" ON "PriceListEntry"("companyId", "productId");

-- CreateIndex
CREATE UNIQUE INDEX "PriceListEntry_companyId_priceListId_productId_minQuantity_key" ON "PriceListEntry"("companyId", "priceListId", "productId", "minQuantity");

-- CreateIndex
CREATE INDEX "PriorityListWarehouse_companyId_warehouseId_idx" ON "PriorityListWarehouse"("companyId", "warehouseId");

-- CreateIndex
CREATE INDEX "SalesChannel_companyId_channelType_idx" ON "SalesChannel"("companyId", "channelType");

-- CreateIndex
CREATE UNIQUE INDEX "SalesChannel_companyId_uuid_key" ON "SalesChannel"("companyId", "uuid");

-- CreateIndex
CREATE INDEX "SalesChannelTag_companyId_tagId_idx" ON "SalesChannelTag"("companyId", "tagId");

-- CreateIndex
CREATE INDEX "SalesOrder_companyId_status_idx" ON "SalesOrder"("companyId", "status");

-- CreateIndex
CREATE INDEX "SalesOrder_companyId_customerCompanyId_idx" ON "SalesOrder"("companyId", "customerCompanyId");

-- CreateIndex
CREATE UNIQUE INDEX "SalesOrder_companyId_channelId_orderNumber_key" ON "SalesOrder"("companyId", "channelId", "orderNumber");

-- CreateIndex
CREATE UNIQUE INDEX "SalesOrder_companyId_channelId_externalOrderId_key" ON "SalesOrder"("companyId", "channelId", "externalOrderId");

-- CreateIndex
CREATE INDEX "SalesOrderLine_companyId_salesOrderId_idx" ON "SalesOrderLine"("companyId", "salesOrderId");

-- CreateIndex
CREATE INDEX "SalesOrderLine_companyId_productId_idx" ON "SalesOrderLine"("companyId", "productId");

-- CreateIndex
CREATE INDEX "SalesOrderAllocation_companyId_productId_warehouseId_idx" ON "SalesOrderAllocation"("companyId", "productId", "warehouseId");

-- CreateIndex
CREATE INDEX "SalesOrderAllocation_companyId_salesOrderId_idx" ON "SalesOrderAllocation"("companyId", "salesOrderId");

-- CreateIndex
CREATE UNIQUE INDEX "SalesOrderAllocation_companyId_salesOrderLineId_productId_w_key" ON "SalesOrderAllocation"("companyId", "salesOrderLineId", "productId", "warehouseId");

-- CreateIndex
CREATE INDEX "PurgatoryEntry_companyId_channelId_externalOrderId_idx" ON "PurgatoryEntry"("companyId", "channelId", "externalOrderId");

-- CreateIndex
CREATE INDEX "PurgatoryEntry_companyId_status_idx" ON "PurgatoryEntry"("companyId", "status");

-- AddForeignKey
ALTER TABLE "CustomerCompany" ADD CONSTRAINT "CustomerCompany_companyId_priceListId_fkey" FOREIGN KEY ("companyId", "priceListId") REFERENCES "PriceList"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "Contact" ADD CONSTRAINT "Contact_companyId_customerCompanyId_fkey" FOREIGN KEY ("companyId", "customerCompanyId") REFERENCES "CustomerCompany"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "Contact" ADD CONSTRAINT "Contact_companyId_supplierId_fkey" FOREIGN KEY ("companyId", "supplierId") REFERENCES "Supplier"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "PriceListEntry" ADD CONSTRAINT "PriceListEntry_companyId_priceListId_fkey" FOREIGN KEY ("companyId", "priceListId") REFERENCES "PriceList"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "PriceListEntry" ADD CONSTRAINT "PriceListEntry_companyId_productId_fkey" FOREIGN KEY ("companyId", "productId") REFERENCES "Product"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "PriorityListWarehouse" ADD CONSTRAINT "PriorityListWarehouse_companyId_priorityListId_fkey" FOREIGN KEY ("companyId", "priorityListId") REFERENCES "PriorityList"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "PriorityListWarehouse" ADD CONSTRAINT "PriorityListWarehouse_companyId_warehouseId_fkey" FOREIGN KEY ("companyId", "warehouseId") REFERENCES "Location"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "SalesChannel" ADD CONSTRAINT "SalesChannel_companyId_warehouseGroupId_fkey" FOREIGN KEY ("companyId", "warehouseGroupId") REFERENCES "WarehouseGroup"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "SalesChannel" ADD CONSTRAINT "SalesChannel_companyId_dropshipSupplierId_fkey" FOREIGN KEY ("companyId", "dropshipSupplierId") REFERENCES "Supplier"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "SalesChannel" ADD CONSTRAINT "SalesChannel_companyId_dropshipPoDeliveryWarehouseId_fkey" FOREIGN KEY ("companyId", "dropshipPoDeliveryWarehouseId") REFERENCES "Location"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "SalesChannel" ADD CONSTRAINT "SalesChannel_companyId_priceListId_fkey" FOREIGN KEY ("companyId", "priceListId") REFERENCES "PriceList"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "SalesChannelTag" ADD CONSTRAINT "SalesChannelTag_companyId_channelId_fkey" FOREIGN KEY ("companyId", "channelId") REFERENCES "SalesChannel"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "SalesChannelTag" ADD CONSTRAINT "SalesChannelTag_companyId_tagId_fkey" FOREIGN KEY ("companyId", "tagId") REFERENCES "Tag"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "SalesOrder" ADD CONSTRAINT "SalesOrder_companyId_channelId_fkey" FOREIGN KEY ("companyId", "channelId") REFERENCES "SalesChannel"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "SalesOrder" ADD CONSTRAINT "SalesOrder_companyId_customerCompanyId_fkey" FOREIGN KEY ("companyId", "customerCompanyId") REFERENCES "CustomerCompany"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "SalesOrderLine" ADD CONSTRAINT "SalesOrderLine_companyId_salesOrderId_fkey" FOREIGN KEY ("companyId", "salesOrderId") REFERENCES "SalesOrder"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "SalesOrderLine" ADD CONSTRAINT "SalesOrderLine_companyId_productId_fkey" FOREIGN KEY ("companyId", "productId") REFERENCES "Product"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "SalesOrderLine" ADD CONSTRAINT "SalesOrderLine_companyId_uomId_fkey" FOREIGN KEY ("companyId", "uomId") REFERENCES "UnitOfMeasure"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "SalesOrderAllocation" ADD CONSTRAINT "SalesOrderAllocation_companyId_salesOrderId_fkey" FOREIGN KEY ("companyId", "salesOrderId") REFERENCES "SalesOrder"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "SalesOrderAllocation" ADD CONSTRAINT "SalesOrderAllocation_companyId_salesOrderLineId_fkey" FOREIGN KEY ("companyId", "salesOrderLineId") REFERENCES "SalesOrderLine"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "SalesOrderAllocation" ADD CONSTRAINT "SalesOrderAllocation_companyId_productId_fkey" FOREIGN KEY ("companyId", "productId") REFERENCES "Product"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "SalesOrderAllocation" ADD CONSTRAINT "SalesOrderAllocation_companyId_warehouseId_fkey" FOREIGN KEY ("companyId", "warehouseId") REFERENCES "Location"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "PurgatoryEntry" ADD CONSTRAINT "PurgatoryEntry_companyId_channelId_fkey" FOREIGN KEY ("companyId", "channelId") REFERENCES "SalesChannel"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "PurgatoryEntry" ADD CONSTRAINT "PurgatoryEntry_companyId_salesOrderId_fkey" FOREIGN KEY ("companyId", "salesOrderId") REFERENCES "SalesOrder"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;
