-- Tenant-first keys: every company-owned table gets the primary key (companyId, id), every unique index
-- includes companyId, and every foreign key between company-owned tables includes companyId on both sides
-- (no ON DELETE SET NULL, no ON UPDATE CASCADE). Works on existing rows: ids stay as they are, and a row that
-- pointed at another company's row (never written by the service) would stop this migration.

-- DropForeignKey
ALTER TABLE "User" DROP CONSTRAINT "User_companyId_fkey";

-- DropForeignKey
ALTER TABLE "ApiToken" DROP CONSTRAINT "ApiToken_companyId_fkey";

-- DropForeignKey
ALTER TABLE "ApiToken" DROP CONSTRAINT "ApiToken_createdById_fkey";

-- DropForeignKey
ALTER TABLE "Location" DROP CONSTRAINT "Location_companyId_fkey";

-- DropForeignKey
ALTER TABLE "Location" DROP CONSTRAINT "Location_parentId_fkey";

-- DropForeignKey
ALTER TABLE "Location" DROP CONSTRAINT "Location_warehouseGroupId_fkey";

-- DropForeignKey
ALTER TABLE "ProductCategory" DROP CONSTRAINT "ProductCategory_parentId_fkey";

-- DropForeignKey
ALTER TABLE "ProductTag" DROP CONSTRAINT "ProductTag_productId_fkey";

-- DropForeignKey
ALTER TABLE "ProductTag" DROP CONSTRAINT "ProductTag_tagId_fkey";

-- DropForeignKey
ALTER TABLE "SupplierContact" DROP CONSTRAINT "SupplierContact_supplierId_fkey";

-- DropForeignKey
ALTER TABLE "SupplierSku" DROP CONSTRAINT "SupplierSku_supplierId_fkey";

-- DropForeignKey
ALTER TABLE "SupplierSku" DROP CONSTRAINT "SupplierSku_productId_fkey";

-- DropForeignKey
ALTER TABLE "Product" DROP CONSTRAINT "Product_categoryId_fkey";

-- DropForeignKey
ALTER TABLE "Product" DROP CONSTRAINT "Product_subcategoryId_fkey";

-- DropForeignKey
ALTER TABLE "Product" DROP CONSTRAINT "Product_supplierId_fkey";

-- DropForeignKey
ALTER TABLE "Product" DROP CONSTRAINT "Product_priorityListId_fkey";

-- DropForeignKey
ALTER TABLE "Product" DROP CONSTRAINT "Product_distributionTemplateId_fkey";

-- DropForeignKey
ALTER TABLE "Product" DROP CONSTRAINT "Product_distributionTemplateCategoryId_fkey";

-- DropForeignKey
ALTER TABLE "Product" DROP CONSTRAINT "Product_defaultUomId_fkey";

-- DropForeignKey
ALTER TABLE "Product" DROP CONSTRAINT "Product_parentProductId_fkey";

-- DropForeignKey
ALTER TABLE "ProductAlternateSku" DROP CONSTRAINT "ProductAlternateSku_productId_fkey";

-- DropForeignKey
ALTER TABLE "ProductSubstitution" DROP CONSTRAINT "ProductSubstitution_productId_fkey";

-- DropForeignKey
ALTER TABLE "ProductSubstitution" DROP CONSTRAINT "ProductSubstitution_substituteId_fkey";

-- DropForeignKey
ALTER TABLE "KitItem" DROP CONSTRAINT "KitItem_kitId_fkey";

-- DropForeignKey
ALTER TABLE "KitItem" DROP CONSTRAINT "KitItem_productId_fkey";

-- DropForeignKey
ALTER TABLE "KitItem" DROP CONSTRAINT "KitItem_uomId_fkey";

-- DropForeignKey
ALTER TABLE "ProductAttachment" DROP CONSTRAINT "ProductAttachment_productId_fkey";

-- DropForeignKey
ALTER TABLE "VariantAttribute" DROP CONSTRAINT "VariantAttribute_productId_fkey";

-- DropForeignKey
ALTER TABLE "UnitOfMeasure" DROP CONSTRAINT "UnitOfMeasure_unitClassId_fkey";

-- DropForeignKey
ALTER TABLE "UnitConversionRule" DROP CONSTRAINT "UnitConversionRule_baseUnitOfMeasureId_fkey";

-- DropForeignKey
ALTER TABLE "UnitConversionRule" DROP CONSTRAINT "UnitConversionRule_convertedUnitOfMeasureId_fkey";

-- DropForeignKey
ALTER TABLE "UnitConversionRule" DROP CONSTRAINT "UnitConversionRule_productId_fkey";

-- DropForeignKey
ALTER TABLE "ProductBom" DROP CONSTRAINT "ProductBom_productId_fkey";

-- DropForeignKey
ALTER TABLE "ProductBom" DROP CONSTRAINT "ProductBom_bomId_fkey";

-- DropForeignKey
ALTER TABLE "BomItem" DROP CONSTRAINT "BomItem_bomId_fkey";

-- DropForeignKey
ALTER TABLE "BomItem" DROP CONSTRAINT "BomItem_productId_fkey";

-- DropForeignKey
ALTER TABLE "BomItem" DROP CONSTRAINT "BomItem_uomId_fkey";

-- DropForeignKey
ALTER TABLE "BomExtraCost" DROP CONSTRAINT "BomExtraCost_bomId_fkey";

-- DropForeignKey
ALTER TABLE "Lot" DROP CONSTRAINT "Lot_productId_fkey";

-- DropForeignKey
ALTER TABLE "StockMovement" DROP CONSTRAINT "StockMovement_productId_fkey";

-- DropForeignKey
ALTER TABLE "StockMovement" DROP CONSTRAINT "StockMovement_locationId_fkey";

-- DropForeignKey
ALTER TABLE "StockMovement" DROP CONSTRAINT "StockMovement_lotId_fkey";

-- DropForeignKey
ALTER TABLE "StockBalance" DROP CONSTRAINT "StockBalance_productId_fkey";

-- DropForeignKey
ALTER TABLE "StockBalance" DROP CONSTRAINT "StockBalance_locationId_fkey";

-- DropForeignKey
ALTER TABLE "StockBalance" DROP CONSTRAINT "StockBalance_lotId_fkey";

-- DropForeignKey
ALTER TABLE "CostLayer" DROP CONSTRAINT "CostLayer_productId_fkey";

-- DropForeignKey
ALTER TABLE "InventoryAdjustmentLine" DROP CONSTRAINT "InventoryAdjustmentLine_adjustmentId_fkey";

-- DropForeignKey
ALTER TABLE "InventoryAdjustmentLine" DROP CONSTRAINT "InventoryAdjustmentLine_productId_fkey";

-- DropForeignKey
ALTER TABLE "InventoryAdjustmentLine" DROP CONSTRAINT "InventoryAdjustmentLine_locationId_fkey";

-- DropForeignKey
ALTER TABLE "InventoryAdjustmentLine" DROP CONSTRAINT "InventoryAdjustmentLine_lotId_fkey";

-- DropForeignKey
ALTER TABLE "TransferOrder" DROP CONSTRAINT "TransferOrder_sourceLocationId_fkey";

-- DropForeignKey
ALTER TABLE "TransferOrder" DROP CONSTRAINT "TransferOrder_destinationLocationId_fkey";

-- DropForeignKey
ALTER TABLE "TransferOrderLine" DROP CONSTRAINT "TransferOrderLine_transferOrderId_fkey";

-- DropForeignKey
ALTER TABLE "TransferOrderLine" DROP CONSTRAINT "TransferOrderLine_productId_fkey";

-- DropForeignKey
ALTER TABLE "TransferOrderLine" DROP CONSTRAINT "TransferOrderLine_lotId_fkey";

-- DropForeignKey
ALTER TABLE "_ProductAlternateSkuToUnitConversionRule" DROP CONSTRAINT "_ProductAlternateSkuToUnitConversionRule_A_fkey";

-- DropForeignKey
ALTER TABLE "_ProductAlternateSkuToUnitConversionRule" DROP CONSTRAINT "_ProductAlternateSkuToUnitConversionRule_B_fkey";

-- DropIndex
DROP INDEX "ApiToken_tokenHash_key";

-- DropIndex
DROP INDEX "Location_companyId_id_idx";

-- DropIndex
DROP INDEX "Product_companyId_id_idx";

-- DropIndex
DROP INDEX "ProductSubstitution_productId_substituteId_key";

-- DropIndex
DROP INDEX "InventoryAdjustment_companyId_id_idx";

-- AlterTable
ALTER TABLE "User" DROP CONSTRAINT "User_pkey",
ADD CONSTRAINT "User_pkey" PRIMARY KEY ("companyId", "id");

-- AlterTable
ALTER TABLE "ApiToken" DROP CONSTRAINT "ApiToken_pkey",
ADD CONSTRAINT "ApiToken_pkey" PRIMARY KEY ("companyId", "id");

-- AlterTable
ALTER TABLE "Location" DROP CONSTRAINT "Location_pkey",
ADD CONSTRAINT "Location_pkey" PRIMARY KEY ("companyId", "id");

-- AlterTable
ALTER TABLE "ProductCategory" DROP CONSTRAINT "ProductCategory_pkey",
ADD CONSTRAINT "ProductCategory_pkey" PRIMARY KEY ("companyId", "id");

-- AlterTable
ALTER TABLE "Tag" DROP CONSTRAINT "Tag_pkey",
ADD CONSTRAINT "Tag_pkey" PRIMARY KEY ("companyId", "id");

-- AlterTable
ALTER TABLE "ProductTag" DROP CONSTRAINT "ProductTag_pkey",
ADD CONSTRAINT "ProductTag_pkey" PRIMARY KEY ("companyId", "productId", "tagId");

-- AlterTable
ALTER TABLE "Supplier" DROP CONSTRAINT "Supplier_pkey",
ADD CONSTRAINT "Supplier_pkey" PRIMARY KEY ("companyId", "id");

-- AlterTable
ALTER TABLE "SupplierContact" DROP CONSTRAINT "SupplierContact_pkey",
ADD CONSTRAINT "SupplierContact_pkey" PRIMARY KEY ("companyId", "id");

-- AlterTable
ALTER TABLE "SupplierSku" DROP CONSTRAINT "SupplierSku_pkey",
ADD CONSTRAINT "SupplierSku_pkey" PRIMARY KEY ("companyId", "id");

-- AlterTable
ALTER TABLE "PriorityList" DROP CONSTRAINT "PriorityList_pkey",
ADD CONSTRAINT "PriorityList_pkey" PRIMARY KEY ("companyId", "id");

-- AlterTable
ALTER TABLE "DistributionTemplate" DROP CONSTRAINT "DistributionTemplate_pkey",
ADD CONSTRAINT "DistributionTemplate_pkey" PRIMARY KEY ("companyId", "id");

-- AlterTable
ALTER TABLE "DistributionTemplateCategory" DROP CONSTRAINT "DistributionTemplateCategory_pkey",
ADD CONSTRAINT "DistributionTemplateCategory_pkey" PRIMARY KEY ("companyId", "id");

-- AlterTable
ALTER TABLE "CustomFieldDefinition" DROP CONSTRAINT "CustomFieldDefinition_pkey",
ADD CONSTRAINT "CustomFieldDefinition_pkey" PRIMARY KEY ("companyId", "id");

-- AlterTable
ALTER TABLE "Product" DROP CONSTRAINT "Product_pkey",
ADD CONSTRAINT "Product_pkey" PRIMARY KEY ("companyId", "id");

-- AlterTable
ALTER TABLE "ProductAlternateSku" DROP CONSTRAINT "ProductAlternateSku_pkey",
ADD CONSTRAINT "ProductAlternateSku_pkey" PRIMARY KEY ("companyId", "id");

-- AlterTable
ALTER TABLE "ProductSubstitution" DROP CONSTRAINT "ProductSubstitution_pkey",
ADD CONSTRAINT "ProductSubstitution_pkey" PRIMARY KEY ("companyId", "id");

-- AlterTable
ALTER TABLE "KitItem" DROP CONSTRAINT "KitItem_pkey",
ADD CONSTRAINT "KitItem_pkey" PRIMARY KEY ("companyId", "id");

-- AlterTable
ALTER TABLE "ProductAttachment" DROP CONSTRAINT "ProductAttachment_pkey",
ADD CONSTRAINT "ProductAttachment_pkey" PRIMARY KEY ("companyId", "id");

-- AlterTable
ALTER TABLE "VariantAttribute" DROP CONSTRAINT "VariantAttribute_pkey",
ADD CONSTRAINT "VariantAttribute_pkey" PRIMARY KEY ("companyId", "id");

-- AlterTable
ALTER TABLE "UnitClass" DROP CONSTRAINT "UnitClass_pkey",
ADD CONSTRAINT "UnitClass_pkey" PRIMARY KEY ("companyId", "id");

-- AlterTable
ALTER TABLE "UnitOfMeasure" DROP CONSTRAINT "UnitOfMeasure_pkey",
ADD CONSTRAINT "UnitOfMeasure_pkey" PRIMARY KEY ("companyId", "id");

-- AlterTable
ALTER TABLE "UnitConversionRule" DROP CONSTRAINT "UnitConversionRule_pkey",
ADD CONSTRAINT "UnitConversionRule_pkey" PRIMARY KEY ("companyId", "id");

-- AlterTable
ALTER TABLE "Bom" DROP CONSTRAINT "Bom_pkey",
ADD CONSTRAINT "Bom_pkey" PRIMARY KEY ("companyId", "id");

-- AlterTable
ALTER TABLE "ProductBom" DROP CONSTRAINT "ProductBom_pkey",
ADD CONSTRAINT "ProductBom_pkey" PRIMARY KEY ("companyId", "productId", "bomId");

-- AlterTable
ALTER TABLE "BomItem" DROP CONSTRAINT "BomItem_pkey",
ADD CONSTRAINT "BomItem_pkey" PRIMARY KEY ("companyId", "id");

-- AlterTable
ALTER TABLE "BomExtraCost" DROP CONSTRAINT "BomExtraCost_pkey",
ADD CONSTRAINT "BomExtraCost_pkey" PRIMARY KEY ("companyId", "id");

-- AlterTable
ALTER TABLE "WarehouseGroup" DROP CONSTRAINT "WarehouseGroup_pkey",
ADD CONSTRAINT "WarehouseGroup_pkey" PRIMARY KEY ("companyId", "id");

-- AlterTable
ALTER TABLE "Lot" DROP CONSTRAINT "Lot_pkey",
ADD CONSTRAINT "Lot_pkey" PRIMARY KEY ("companyId", "id");

-- AlterTable
ALTER TABLE "StockMovement" DROP CONSTRAINT "StockMovement_pkey",
ADD CONSTRAINT "StockMovement_pkey" PRIMARY KEY ("companyId", "id");

-- AlterTable
ALTER TABLE "StockBalance" DROP CONSTRAINT "StockBalance_pkey",
ADD CONSTRAINT "StockBalance_pkey" PRIMARY KEY ("companyId", "id");

-- AlterTable
ALTER TABLE "CostLayer" DROP CONSTRAINT "CostLayer_pkey",
ADD CONSTRAINT "CostLayer_pkey" PRIMARY KEY ("companyId", "id");

-- AlterTable
ALTER TABLE "CostLayerConsumption" DROP CONSTRAINT "CostLayerConsumption_pkey",
ADD CONSTRAINT "CostLayerConsumption_pkey" PRIMARY KEY ("companyId", "id");

-- AlterTable
ALTER TABLE "InventoryAdjustment" DROP CONSTRAINT "InventoryAdjustment_pkey",
ADD CONSTRAINT "InventoryAdjustment_pkey" PRIMARY KEY ("companyId", "id");

-- AlterTable
ALTER TABLE "InventoryAdjustmentLine" DROP CONSTRAINT "InventoryAdjustmentLine_pkey",
ADD CONSTRAINT "InventoryAdjustmentLine_pkey" PRIMARY KEY ("companyId", "id");

-- AlterTable
ALTER TABLE "TransferOrder" DROP CONSTRAINT "TransferOrder_pkey",
ADD CONSTRAINT "TransferOrder_pkey" PRIMARY KEY ("companyId", "id");

-- AlterTable
ALTER TABLE "TransferOrderLine" DROP CONSTRAINT "TransferOrderLine_pkey",
ADD CONSTRAINT "TransferOrderLine_pkey" PRIMARY KEY ("companyId", "id");

-- CreateTable
CREATE TABLE "UnitConversionRuleAlternateSku" (
    "companyId" INTEGER NOT NULL,
    "ruleId" INTEGER NOT NULL,
    "alternateSkuId" INTEGER NOT NULL,

    CONSTRAINT "UnitConversionRuleAlternateSku_pkey" PRIMARY KEY ("companyId","ruleId","alternateSkuId")
);

-- Backfill (by hand): the implicit many-to-many table had no companyId; its rows move to the explicit,
-- company-keyed table (A is the alternate SKU, B the rule), then it goes.
INSERT INTO "UnitConversionRuleAlternateSku" ("companyId", "ruleId", "alternateSkuId")
SELECT r."companyId", j."B", j."A"
  FROM "_ProductAlternateSkuToUnitConversionRule" j
  JOIN "UnitConversionRule" r ON r."id" = j."B";

-- DropTable
DROP TABLE "_ProductAlternateSkuToUnitConversionRule";

-- CreateIndex
CREATE INDEX "UnitConversionRuleAlternateSku_companyId_alternateSkuId_idx" ON "UnitConversionRuleAlternateSku"("companyId", "alternateSkuId");

-- CreateIndex
CREATE INDEX "ApiToken_tokenHash_idx" ON "ApiToken"("tokenHash");

-- CreateIndex
CREATE UNIQUE INDEX "ApiToken_companyId_tokenHash_key" ON "ApiToken"("companyId", "tokenHash");

-- CreateIndex
CREATE UNIQUE INDEX "ProductSubstitution_companyId_productId_substituteId_key" ON "ProductSubstitution"("companyId", "productId", "substituteId");

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "ApiToken" ADD CONSTRAINT "ApiToken_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "ApiToken" ADD CONSTRAINT "ApiToken_companyId_createdById_fkey" FOREIGN KEY ("companyId", "createdById") REFERENCES "User"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "Location" ADD CONSTRAINT "Location_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "Location" ADD CONSTRAINT "Location_companyId_parentId_fkey" FOREIGN KEY ("companyId", "parentId") REFERENCES "Location"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "Location" ADD CONSTRAINT "Location_companyId_warehouseGroupId_fkey" FOREIGN KEY ("companyId", "warehouseGroupId") REFERENCES "WarehouseGroup"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "ProductCategory" ADD CONSTRAINT "ProductCategory_companyId_parentId_fkey" FOREIGN KEY ("companyId", "parentId") REFERENCES "ProductCategory"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "ProductTag" ADD CONSTRAINT "ProductTag_companyId_productId_fkey" FOREIGN KEY ("companyId", "productId") REFERENCES "Product"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "ProductTag" ADD CONSTRAINT "ProductTag_companyId_tagId_fkey" FOREIGN KEY ("companyId", "tagId") REFERENCES "Tag"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "SupplierContact" ADD CONSTRAINT "SupplierContact_companyId_supplierId_fkey" FOREIGN KEY ("companyId", "supplierId") REFERENCES "Supplier"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "SupplierSku" ADD CONSTRAINT "SupplierSku_companyId_supplierId_fkey" FOREIGN KEY ("companyId", "supplierId") REFERENCES "Supplier"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "SupplierSku" ADD CONSTRAINT "SupplierSku_companyId_productId_fkey" FOREIGN KEY ("companyId", "productId") REFERENCES "Product"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "Product" ADD CONSTRAINT "Product_companyId_categoryId_fkey" FOREIGN KEY ("companyId", "categoryId") REFERENCES "ProductCategory"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "Product" ADD CONSTRAINT "Product_companyId_subcategoryId_fkey" FOREIGN KEY ("companyId", "subcategoryId") REFERENCES "ProductCategory"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "Product" ADD CONSTRAINT "Product_companyId_supplierId_fkey" FOREIGN KEY ("companyId", "supplierId") REFERENCES "Supplier"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "Product" ADD CONSTRAINT "Product_companyId_priorityListId_fkey" FOREIGN KEY ("companyId", "priorityListId") REFERENCES "PriorityList"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "Product" ADD CONSTRAINT "Product_companyId_distributionTemplateId_fkey" FOREIGN KEY ("companyId", "distributionTemplateId") REFERENCES "DistributionTemplate"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "Product" ADD CONSTRAINT "Product_companyId_distributionTemplateCategoryId_fkey" FOREIGN KEY ("companyId", "distributionTemplateCategoryId") REFERENCES "DistributionTemplateCategory"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "Product" ADD CONSTRAINT "Product_companyId_defaultUomId_fkey" FOREIGN KEY ("companyId", "defaultUomId") REFERENCES "UnitOfMeasure"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "Product" ADD CONSTRAINT "Product_companyId_parentProductId_fkey" FOREIGN KEY ("companyId", "parentProductId") REFERENCES "Product"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "ProductAlternateSku" ADD CONSTRAINT "ProductAlternateSku_companyId_productId_fkey" FOREIGN KEY ("companyId", "productId") REFERENCES "Product"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "ProductSubstitution" ADD CONSTRAINT "ProductSubstitution_companyId_productId_fkey" FOREIGN KEY ("companyId", "productId") REFERENCES "Product"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "ProductSubstitution" ADD CONSTRAINT "ProductSubstitution_companyId_substituteId_fkey" FOREIGN KEY ("companyId", "substituteId") REFERENCES "Product"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "KitItem" ADD CONSTRAINT "KitItem_companyId_kitId_fkey" FOREIGN KEY ("companyId", "kitId") REFERENCES "Product"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "KitItem" ADD CONSTRAINT "KitItem_companyId_productId_fkey" FOREIGN KEY ("companyId", "productId") REFERENCES "Product"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "KitItem" ADD CONSTRAINT "KitItem_companyId_uomId_fkey" FOREIGN KEY ("companyId", "uomId") REFERENCES "UnitOfMeasure"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "ProductAttachment" ADD CONSTRAINT "ProductAttachment_companyId_productId_fkey" FOREIGN KEY ("companyId", "productId") REFERENCES "Product"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "VariantAttribute" ADD CONSTRAINT "VariantAttribute_companyId_productId_fkey" FOREIGN KEY ("companyId", "productId") REFERENCES "Product"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "UnitOfMeasure" ADD CONSTRAINT "UnitOfMeasure_companyId_unitClassId_fkey" FOREIGN KEY ("companyId", "unitClassId") REFERENCES "UnitClass"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "UnitConversionRule" ADD CONSTRAINT "UnitConversionRule_companyId_baseUnitOfMeasureId_fkey" FOREIGN KEY ("companyId", "baseUnitOfMeasureId") REFERENCES "UnitOfMeasure"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "UnitConversionRule" ADD CONSTRAINT "UnitConversionRule_companyId_convertedUnitOfMeasureId_fkey" FOREIGN KEY ("companyId", "convertedUnitOfMeasureId") REFERENCES "UnitOfMeasure"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "UnitConversionRule" ADD CONSTRAINT "UnitConversionRule_companyId_productId_fkey" FOREIGN KEY ("companyId", "productId") REFERENCES "Product"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "UnitConversionRuleAlternateSku" ADD CONSTRAINT "UnitConversionRuleAlternateSku_companyId_ruleId_fkey" FOREIGN KEY ("companyId", "ruleId") REFERENCES "UnitConversionRule"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "UnitConversionRuleAlternateSku" ADD CONSTRAINT "UnitConversionRuleAlternateSku_companyId_alternateSkuId_fkey" FOREIGN KEY ("companyId", "alternateSkuId") REFERENCES "ProductAlternateSku"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "ProductBom" ADD CONSTRAINT "ProductBom_companyId_productId_fkey" FOREIGN KEY ("companyId", "productId") REFERENCES "Product"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "ProductBom" ADD CONSTRAINT "ProductBom_companyId_bomId_fkey" FOREIGN KEY ("companyId", "bomId") REFERENCES "Bom"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "BomItem" ADD CONSTRAINT "BomItem_companyId_bomId_fkey" FOREIGN KEY ("companyId", "bomId") REFERENCES "Bom"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "BomItem" ADD CONSTRAINT "BomItem_companyId_productId_fkey" FOREIGN KEY ("companyId", "productId") REFERENCES "Product"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "BomItem" ADD CONSTRAINT "BomItem_companyId_uomId_fkey" FOREIGN KEY ("companyId", "uomId") REFERENCES "UnitOfMeasure"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "BomExtraCost" ADD CONSTRAINT "BomExtraCost_companyId_bomId_fkey" FOREIGN KEY ("companyId", "bomId") REFERENCES "Bom"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "Lot" ADD CONSTRAINT "Lot_companyId_productId_fkey" FOREIGN KEY ("companyId", "productId") REFERENCES "Product"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "StockMovement" ADD CONSTRAINT "StockMovement_companyId_productId_fkey" FOREIGN KEY ("companyId", "productId") REFERENCES "Product"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "StockMovement" ADD CONSTRAINT "StockMovement_companyId_locationId_fkey" FOREIGN KEY ("companyId", "locationId") REFERENCES "Location"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "StockMovement" ADD CONSTRAINT "StockMovement_companyId_lotId_fkey" FOREIGN KEY ("companyId", "lotId") REFERENCES "Lot"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "StockBalance" ADD CONSTRAINT "StockBalance_companyId_productId_fkey" FOREIGN KEY ("companyId", "productId") REFERENCES "Product"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "StockBalance" ADD CONSTRAINT "StockBalance_companyId_locationId_fkey" FOREIGN KEY ("companyId", "locationId") REFERENCES "Location"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "StockBalance" ADD CONSTRAINT "StockBalance_companyId_lotId_fkey" FOREIGN KEY ("companyId", "lotId") REFERENCES "Lot"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "CostLayer" ADD CONSTRAINT "CostLayer_companyId_productId_fkey" FOREIGN KEY ("companyId", "productId") REFERENCES "Product"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "InventoryAdjustmentLine" ADD CONSTRAINT "InventoryAdjustmentLine_companyId_adjustmentId_fkey" FOREIGN KEY ("companyId", "adjustmentId") REFERENCES "InventoryAdjustment"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "InventoryAdjustmentLine" ADD CONSTRAINT "InventoryAdjustmentLine_companyId_productId_fkey" FOREIGN KEY ("companyId", "productId") REFERENCES "Product"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "InventoryAdjustmentLine" ADD CONSTRAINT "InventoryAdjustmentLine_companyId_locationId_fkey" FOREIGN KEY ("companyId", "locationId") REFERENCES "Location"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "InventoryAdjustmentLine" ADD CONSTRAINT "InventoryAdjustmentLine_companyId_lotId_fkey" FOREIGN KEY ("companyId", "lotId") REFERENCES "Lot"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "TransferOrder" ADD CONSTRAINT "TransferOrder_companyId_sourceLocationId_fkey" FOREIGN KEY ("companyId", "sourceLocationId") REFERENCES "Location"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "TransferOrder" ADD CONSTRAINT "TransferOrder_companyId_destinationLocationId_fkey" FOREIGN KEY ("companyId", "destinationLocationId") REFERENCES "Location"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "TransferOrderLine" ADD CONSTRAINT "TransferOrderLine_companyId_transferOrderId_fkey" FOREIGN KEY ("companyId", "transferOrderId") REFERENCES "TransferOrder"("companyId", "id") ON DELETE CASCADE ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "TransferOrderLine" ADD CONSTRAINT "TransferOrderLine_companyId_productId_fkey" FOREIGN KEY ("companyId", "productId") REFERENCES "Product"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;

-- AddForeignKey
ALTER TABLE "TransferOrderLine" ADD CONSTRAINT "TransferOrderLine_companyId_lotId_fkey" FOREIGN KEY ("companyId", "lotId") REFERENCES "Lot"("companyId", "id") ON DELETE RESTRICT ON UPDATE RESTRICT;
