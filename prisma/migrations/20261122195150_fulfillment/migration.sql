-- AlterTable
ALTER TABLE "Company" ADD COLUMN     "gs1CompanyPrefix" VARCHAR(12);

-- CreateTable
CREATE TABLE "FulfillmentOrder" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "salesOrderId" INTEGER NOT NULL,
    "warehouseId" INTEGER NOT NULL,
    "status" VARCHAR(16) NOT NULL DEFAULT 'open',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "FulfillmentOrder_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "FulfillmentOrderLine" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "fulfillmentOrderId" INTEGER NOT NULL,
    "salesOrderLineId" INTEGER NOT NULL,
    "productId" INTEGER NOT NULL,
    "quantity" DECIMAL(24,10) NOT NULL,
    "quantityPicked" DECIMAL(24,10) NOT NULL DEFAULT 0,
    "quantityShipped" DECIMAL(24,10) NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "FulfillmentOrderLine_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "Picklist" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "warehouseId" INTEGER NOT NULL,
    "status" VARCHAR(16) NOT NULL DEFAULT 'created',
    "pickingStartedAt" TIMESTAMP(3),
    "pickingEndedAt" TIMESTAMP(3),
    "packingStartedAt" TIMESTAMP(3),
    "packingEndedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Picklist_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "PicklistFulfillmentOrder" (
    "companyId" INTEGER NOT NULL,
    "picklistId" INTEGER NOT NULL,
    "fulfillmentOrderId" INTEGER NOT NULL,

    CONSTRAINT "PicklistFulfillmentOrder_pkey" PRIMARY KEY ("companyId","picklistId","fulfillmentOrderId")
);

-- CreateTable
CREATE TABLE "PicklistItem" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "picklistId" INTEGER NOT NULL,
    "productId" INTEGER NOT NULL,
    "locationId" INTEGER NOT NULL,
    "lotId" INTEGER,
    "quantity" DECIMAL(24,10) NOT NULL,
    "availableQuantity" DECIMAL(24,10) NOT NULL,
    "pickedQuantity" DECIMAL(24,10) NOT NULL DEFAULT 0,
    "position" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PicklistItem_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "FulfillmentPick" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "fulfillmentOrderLineId" INTEGER NOT NULL,
    "picklistItemId" INTEGER,
    "locationId" INTEGER NOT NULL,
    "lotId" INTEGER,
    "quantity" DECIMAL(24,10) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FulfillmentPick_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "Shipment" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "salesOrderId" INTEGER NOT NULL,
    "fulfillmentOrderId" INTEGER,
    "status" VARCHAR(16) NOT NULL DEFAULT 'draft',
    "carrier" VARCHAR(64),
    "service" VARCHAR(64),
    "shipDate" DATE,
    "billOfLadingNumber" VARCHAR(64),
    "proNumber" VARCHAR(64),
    "partnerReferenceNumber" VARCHAR(64),
    "trailerNumber" VARCHAR(64),
    "carrierAlphaCode" VARCHAR(10),
    "shippedAt" TIMESTAMP(3),
    "voidedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Shipment_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "ShipmentLine" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "shipmentId" INTEGER NOT NULL,
    "salesOrderLineId" INTEGER NOT NULL,
    "productId" INTEGER NOT NULL,
    "quantity" DECIMAL(24,10) NOT NULL,
    "locationId" INTEGER NOT NULL,
    "lotId" INTEGER,
    "unitCost" DECIMAL(24,10),
    "position" INTEGER NOT NULL,

    CONSTRAINT "ShipmentLine_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "ShipmentPackage" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "shipmentId" INTEGER NOT NULL,
    "parentPackageId" INTEGER,
    "sscc" VARCHAR(18) NOT NULL,
    "tracking" VARCHAR(255),
    "packageQuantity" INTEGER NOT NULL DEFAULT 1,
    "packageType" VARCHAR(64),
    "packingType" VARCHAR(64),
    "lengthIn" DECIMAL(12,4),
    "widthIn" DECIMAL(12,4),
    "heightIn" DECIMAL(12,4),
    "weightLb" DECIMAL(12,4),
    "position" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ShipmentPackage_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "PackageItem" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "packageId" INTEGER NOT NULL,
    "salesOrderLineId" INTEGER NOT NULL,
    "lineItemKey" VARCHAR(255),
    "sku" VARCHAR(255),
    "internalSku" VARCHAR(255),
    "upc" VARCHAR(64),
    "quantity" DECIMAL(24,10) NOT NULL,
    "description" VARCHAR(255),
    "lotNumber" VARCHAR(255),
    "serialNumber" VARCHAR(255),
    "expirationDate" DATE,
    "weightLb" DECIMAL(12,4),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PackageItem_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "Invoice" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "kind" VARCHAR(16) NOT NULL DEFAULT 'invoice',
    "invoiceNumber" VARCHAR(32) NOT NULL,
    "salesOrderId" INTEGER NOT NULL,
    "customerCompanyId" INTEGER,
    "creditedInvoiceId" INTEGER,
    "customerReturnId" INTEGER,
    "status" VARCHAR(16) NOT NULL DEFAULT 'open',
    "currency" VARCHAR(3) NOT NULL,
    "subtotal" DECIMAL(20,4) NOT NULL DEFAULT 0,
    "taxTotal" DECIMAL(20,4) NOT NULL DEFAULT 0,
    "total" DECIMAL(20,4) NOT NULL DEFAULT 0,
    "amountPaid" DECIMAL(20,4) NOT NULL DEFAULT 0,
    "issueDate" DATE NOT NULL,
    "dueDate" DATE NOT NULL,
    "voidedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Invoice_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "InvoiceLine" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "invoiceId" INTEGER NOT NULL,
    "shipmentId" INTEGER,
    "salesOrderLineId" INTEGER,
    "type" VARCHAR(16) NOT NULL,
    "description" VARCHAR(255) NOT NULL,
    "sku" VARCHAR(255),
    "quantity" DECIMAL(24,10) NOT NULL,
    "unitPrice" DECIMAL(24,10) NOT NULL,
    "amount" DECIMAL(20,4) NOT NULL,
    "taxAmount" DECIMAL(20,4) NOT NULL DEFAULT 0,
    "position" INTEGER NOT NULL,

    CONSTRAINT "InvoiceLine_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "InvoicePayment" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "invoiceId" INTEGER NOT NULL,
    "amount" DECIMAL(20,4) NOT NULL,
    "paidAt" DATE NOT NULL,
    "reference" VARCHAR(255),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "InvoicePayment_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "CustomerReturn" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "returnNumber" VARCHAR(32) NOT NULL,
    "salesOrderId" INTEGER NOT NULL,
    "reason" VARCHAR(255),
    "status" VARCHAR(16) NOT NULL DEFAULT 'draft',
    "receivedAt" TIMESTAMP(3),
    "creditedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CustomerReturn_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateTable
CREATE TABLE "CustomerReturnLine" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "customerReturnId" INTEGER NOT NULL,
    "salesOrderLineId" INTEGER NOT NULL,
    "quantity" DECIMAL(24,10) NOT NULL,
    "disposition" VARCHAR(16) NOT NULL,
    "locationId" INTEGER,
    "lotNumber" VARCHAR(255),
    "position" INTEGER NOT NULL,

    CONSTRAINT "CustomerReturnLine_pkey" PRIMARY KEY ("companyId","id")
);

-- CreateIndex
CREATE INDEX "FulfillmentOrder_companyId_salesOrderId_idx" ON "FulfillmentOrder"("companyId", "salesOrderId");

-- CreateIndex
CREATE INDEX "FulfillmentOrder_companyId_warehouseId_status_idx" ON "FulfillmentOrder"("companyId", "warehouseId", "status");

-- CreateIndex
CREATE INDEX "FulfillmentOrderLine_companyId_salesOrderLineId_idx" ON "FulfillmentOrderLine"("companyId", "salesOrderLineId");

-- CreateIndex
CREATE UNIQUE INDEX "FulfillmentOrderLine_companyId_fulfillmentOrderId_salesOrde_key" ON "FulfillmentOrderLine"("companyId", "fulfillmentOrderId", "salesOrderLineId", "productId");

-- CreateIndex
CREATE INDEX "Picklist_companyId_warehouseId_status_idx" ON "Picklist"("companyId", "warehouseId", "status");

-- CreateIndex
CREATE INDEX "PicklistFulfillmentOrder_companyId_fulfillmentOrderId_idx" ON "PicklistFulfillmentOrder"("companyId", "fulfillmentOrderId");

-- CreateIndex
CREATE INDEX "PicklistItem_companyId_picklistId_idx" ON "PicklistItem"("companyId", "picklistId");

-- CreateIndex
CREATE INDEX "FulfillmentPick_companyId_fulfillmentOrderLineId_idx" ON "FulfillmentPick"("companyId", "fulfillmentOrderLineId");

-- CreateIndex
CREATE INDEX "Shipment_companyId_salesOrderId_idx" ON "Shipment"("companyId", "salesOrderId");

-- CreateIndex
CREATE INDEX "ShipmentLine_companyId_shipmentId_idx" ON "ShipmentLine"("companyId", "shipmentId");

-- CreateIndex
CREATE INDEX "ShipmentLine_companyId_salesOrderLineId_idx" ON "ShipmentLine"("companyId", "salesOrderLineId");

-- CreateIndex
CREATE INDEX "ShipmentPackage_companyId_shipmentId_idx" ON "ShipmentPackage"("companyId", "shipmentId");

-- CreateIndex
CREATE UNIQUE INDEX "ShipmentPackage_companyId_sscc_key" ON "ShipmentPackage"("companyId", "sscc");

-- CreateIndex
CREATE INDEX "PackageItem_companyId_packageId_idx" ON "PackageItem"("companyId", "packageId");

-- CreateIndex
CREATE INDEX "Invoice_companyId_salesOrderId_idx" ON "Invoice"("companyId", "salesOrderId");

-- CreateIndex
CREATE INDEX "Invoice_companyId_status_idx" ON "Invoice"("companyId", "status");

-- CreateIndex
CREATE UNIQUE INDEX "Invoice_companyId_invoiceNumber_key" ON "Invoice"("companyId", "invoiceNumber");

-- CreateIndex
CREATE INDEX "InvoiceLine_companyId_invoiceId_idx" ON "InvoiceLine"("companyId", "invoiceId");

-- CreateIndex
CREATE INDEX "InvoiceLine_companyId_shipmentId_idx" ON "InvoiceLine"("companyId", "shipmentId");

-- CreateIndex
CREATE INDEX "InvoicePayment_companyId_invoiceId_idx" ON "InvoicePayment"("companyId", "invoiceId");

-- CreateIndex
CREATE INDEX "CustomerReturn_companyId_salesOrderId_idx" ON "CustomerReturn"("companyId", "salesOrderId");

-- CreateIndex
CREATE UNIQUE INDEX "CustomerReturn_companyId_returnNumber_key" ON "CustomerReturn"("companyId", "returnNumber");

-- CreateIndex
CREATE INDEX "CustomerReturnLine_companyId_customerReturnId_idx" ON "CustomerReturnLine"("companyId", "customerReturnId");

-- AddForeignKey
ALTER TABLE "FulfillmentOrder" ADD CONSTRAINT "FulfillmentOrder_companyId_salesOrderId_fkey" FOREIGN KEY ("companyId", "salesOrderId") REFERENCES "SalesOrder"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "FulfillmentOrder" ADD CONSTRAINT "FulfillmentOrder_companyId_warehouseId_fkey" FOREIGN KEY ("companyId", "warehouseId") REFERENCES "Location"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "FulfillmentOrderLine" ADD CONSTRAINT "FulfillmentOrderLine_companyId_fulfillmentOrderId_fkey" FOREIGN KEY ("companyId", "fulfillmentOrderId") REFERENCES "FulfillmentOrder"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "FulfillmentOrderLine" ADD CONSTRAINT "FulfillmentOrderLine_companyId_salesOrderLineId_fkey" FOREIGN KEY ("companyId", "salesOrderLineId") REFERENCES "SalesOrderLine"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "FulfillmentOrderLine" ADD CONSTRAINT "FulfillmentOrderLine_companyId_productId_fkey" FOREIGN KEY ("companyId", "productId") REFERENCES "Product"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "Picklist" ADD CONSTRAINT "Picklist_companyId_warehouseId_fkey" FOREIGN KEY ("companyId", "warehouseId") REFERENCES "Location"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "PicklistFulfillmentOrder" ADD CONSTRAINT "PicklistFulfillmentOrder_companyId_picklistId_fkey" FOREIGN KEY ("companyId", "picklistId") REFERENCES "Picklist"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "PicklistFulfillmentOrder" ADD CONSTRAINT "PicklistFulfillmentOrder_companyId_fulfillmentOrderId_fkey" FOREIGN KEY ("companyId", "fulfillmentOrderId") REFERENCES "FulfillmentOrder"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "PicklistItem" ADD CONSTRAINT "PicklistItem_companyId_picklistId_fkey" FOREIGN KEY ("companyId", "picklistId") REFERENCES "Picklist"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "PicklistItem" ADD CONSTRAINT "PicklistItem_companyId_productId_fkey" FOREIGN KEY ("companyId", "productId") REFERENCES "Product"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "PicklistItem" ADD CONSTRAINT "PicklistItem_companyId_locationId_fkey" FOREIGN KEY ("companyId", "locationId") REFERENCES "Location"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "PicklistItem" ADD CONSTRAINT "PicklistItem_companyId_lotId_fkey" FOREIGN KEY ("companyId", "lotId") REFERENCES "Lot"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "FulfillmentPick" ADD CONSTRAINT "FulfillmentPick_companyId_fulfillmentOrderLineId_fkey" FOREIGN KEY ("companyId", "fulfillmentOrderLineId") REFERENCES "FulfillmentOrderLine"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "FulfillmentPick" ADD CONSTRAINT "FulfillmentPick_companyId_picklistItemId_fkey" FOREIGN KEY ("companyId", "picklistItemId") REFERENCES "PicklistItem"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "FulfillmentPick" ADD CONSTRAINT "FulfillmentPick_companyId_locationId_fkey" FOREIGN KEY ("companyId", "locationId") REFERENCES "Location"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "FulfillmentPick" ADD CONSTRAINT "FulfillmentPick_companyId_lotId_fkey" FOREIGN KEY ("companyId", "lotId") REFERENCES "Lot"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "Shipment" ADD CONSTRAINT "Shipment_companyId_salesOrderId_fkey" FOREIGN KEY ("companyId", "salesOrderId") REFERENCES "SalesOrder"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "Shipment" ADD CONSTRAINT "Shipment_companyId_fulfillmentOrderId_fkey" FOREIGN KEY ("companyId", "fulfillmentOrderId") REFERENCES "FulfillmentOrder"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "ShipmentLine" ADD CONSTRAINT "ShipmentLine_companyId_shipmentId_fkey" FOREIGN KEY ("companyId", "shipmentId") REFERENCES "Shipment"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "ShipmentLine" ADD CONSTRAINT "ShipmentLine_companyId_salesOrderLineId_fkey" FOREIGN KEY ("companyId", "salesOrderLineId") REFERENCES "SalesOrderLine"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "ShipmentLine" ADD CONSTRAINT "ShipmentLine_companyId_productId_fkey" FOREIGN KEY ("companyId", "productId") REFERENCES "Product"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "ShipmentLine" ADD CONSTRAINT "ShipmentLine_companyId_locationId_fkey" FOREIGN KEY ("companyId", "locationId") REFERENCES "Location"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "ShipmentLine" ADD CONSTRAINT "ShipmentLine_companyId_lotId_fkey" FOREIGN KEY ("companyId", "lotId") REFERENCES "Lot"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "ShipmentPackage" ADD CONSTRAINT "ShipmentPackage_companyId_shipmentId_fkey" FOREIGN KEY ("companyId", "shipmentId") REFERENCES "Shipment"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "ShipmentPackage" ADD CONSTRAINT "ShipmentPackage_companyId_parentPackageId_fkey" FOREIGN KEY ("companyId", "parentPackageId") REFERENCES "ShipmentPackage"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "PackageItem" ADD CONSTRAINT "PackageItem_companyId_packageId_fkey" FOREIGN KEY ("companyId", "packageId") REFERENCES "ShipmentPackage"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "PackageItem" ADD CONSTRAINT "PackageItem_companyId_salesOrderLineId_fkey" FOREIGN KEY ("companyId", "salesOrderLineId") REFERENCES "SalesOrderLine"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_companyId_salesOrderId_fkey" FOREIGN KEY ("companyId", "salesOrderId") REFERENCES "SalesOrder"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_companyId_customerCompanyId_fkey" FOREIGN KEY ("companyId", "customerCompanyId") REFERENCES "CustomerCompany"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_companyId_creditedInvoiceId_fkey" FOREIGN KEY ("companyId", "creditedInvoiceId") REFERENCES "Invoice"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "Invoice" ADD CONSTRAINT "Invoice_companyId_customerReturnId_fkey" FOREIGN KEY ("companyId", "customerReturnId") REFERENCES "CustomerReturn"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "InvoiceLine" ADD CONSTRAINT "InvoiceLine_companyId_invoiceId_fkey" FOREIGN KEY ("companyId", "invoiceId") REFERENCES "Invoice"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "InvoiceLine" ADD CONSTRAINT "InvoiceLine_companyId_shipmentId_fkey" FOREIGN KEY ("companyId", "shipmentId") REFERENCES "Shipment"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "InvoiceLine" ADD CONSTRAINT "InvoiceLine_companyId_salesOrderLineId_fkey" FOREIGN KEY ("companyId", "salesOrderLineId") REFERENCES "SalesOrderLine"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "InvoicePayment" ADD CONSTRAINT "InvoicePayment_companyId_invoiceId_fkey" FOREIGN KEY ("companyId", "invoiceId") REFERENCES "Invoice"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "CustomerReturn" ADD CONSTRAINT "CustomerReturn_companyId_salesOrderId_fkey" FOREIGN KEY ("companyId", "salesOrderId") REFERENCES "SalesOrder"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "CustomerReturnLine" ADD CONSTRAINT "CustomerReturnLine_companyId_customerReturnId_fkey" FOREIGN KEY ("companyId", "customerReturnId") REFERENCES "CustomerReturn"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "CustomerReturnLine" ADD CONSTRAINT "CustomerReturnLine_companyId_salesOrderLineId_fkey" FOREIGN KEY ("companyId", "salesOrderLineId") REFERENCES "SalesOrderLine"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "CustomerReturnLine" ADD CONSTRAINT "CustomerReturnLine_companyId_locationId_fkey" FOREIGN KEY ("companyId", "locationId") REFERENCES "Location"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;
