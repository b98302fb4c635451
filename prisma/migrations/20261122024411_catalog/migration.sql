-- CreateTable
CREATE TABLE "ProductCategory" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "parentId" INTEGER,
    "name" VARCHAR(255) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ProductCategory_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Tag" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "description" TEXT,
    "icon" VARCHAR(255),
    "color" VARCHAR(32),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Tag_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProductTag" (
    "companyId" INTEGER NOT NULL,
    "productId" INTEGER NOT NULL,
    "tagId" INTEGER NOT NULL,

    CONSTRAINT "ProductTag_pkey" PRIMARY KEY ("productId","tagId")
);

-- CreateTable
CREATE TABLE "Supplier" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "email" VARCHAR(255),
    "phone" VARCHAR(64),
    "currency" VARCHAR(3),
    "address" VARCHAR(255),
    "city" VARCHAR(255),
    "country" VARCHAR(255),
    "notes" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Supplier_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SupplierContact" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "supplierId" INTEGER NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "email" VARCHAR(255),
    "phone" VARCHAR(64),
    "role" VARCHAR(255),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SupplierContact_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SupplierSku" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "supplierId" INTEGER NOT NULL,
    "productId" INTEGER NOT NULL,
    "supplierSku" VARCHAR(255) NOT NULL,
    "cost" DECIMAL(18,6),
    "currency" VARCHAR(3),
    "minOrderQuantity" DECIMAL(18,6),
    "orderMultiple" DECIMAL(18,6),
    "leadTimeDays" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SupplierSku_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PriorityList" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "description" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PriorityList_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DistributionTemplate" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "source" VARCHAR(64) NOT NULL DEFAULT 'assigned',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DistributionTemplate_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DistributionTemplateCategory" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DistributionTemplateCategory_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CustomFieldDefinition" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "entityType" VARCHAR(64) NOT NULL,
    "key" VARCHAR(64) NOT NULL,
    "label" VARCHAR(255) NOT NULL,
    "type" VARCHAR(32) NOT NULL,
    "options" TEXT[],
    "required" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CustomFieldDefinition_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Product" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "type" VARCHAR(16) NOT NULL DEFAULT 'PRODUCT',
    "status" INTEGER NOT NULL DEFAULT 1,
    "name" VARCHAR(255) NOT NULL,
    "description" TEXT,
    "sku" VARCHAR(255) NOT NULL,
    "upc" VARCHAR(64),
    "hsCode" VARCHAR(32),
    "imageUrl" TEXT,
    "retailPrice" DECIMAL(18,6),
    "wholesalePrice" DECIMAL(18,6),
    "unitCost" DECIMAL(18,6),
    "landedCost" DECIMAL(18,6),
    "manufacturingFee" DECIMAL(18,6),
    "productLength" DECIMAL(18,6),
    "productWidth" DECIMAL(18,6),
    "productHeight" DECIMAL(18,6),
    "boxLength" DECIMAL(18,6),
    "boxWidth" DECIMAL(18,6),
    "boxHeight" DECIMAL(18,6),
    "cartonLength" DECIMAL(18,6),
    "cartonWidth" DECIMAL(18,6),
    "cartonHeight" DECIMAL(18,6),
    "shippingLength" DECIMAL(18,6),
    "shippingWidth" DECIMAL(18,6),
    "shippingHeight" DECIMAL(18,6),
    "palletLength" DECIMAL(18,6),
    "palletWidth" DECIMAL(18,6),
    "palletHeight" DECIMAL(18,6),
    "productWeight" JSONB NOT NULL DEFAULT '[]',
    "productWeightOz" DECIMAL(24,10),
    "productWeightLb" DECIMAL(24,10),
    "dimensionalWeight" JSONB NOT NULL DEFAULT '[]',
    "dimensionalWeightOz" DECIMAL(24,10),
    "dimensionalWeightLb" DECIMAL(24,10),
    "boxWeight" JSONB NOT NULL DEFAULT '[]',
    "boxWeightOz" DECIMAL(24,10),
    "boxWeightLb" DECIMAL(24,10),
    "cartonWeight" JSONB NOT NULL DEFAULT '[]',
    "cartonWeightOz" DECIMAL(24,10),
    "cartonWeightLb" DECIMAL(24,10),
    "shippingWeight" JSONB NOT NULL DEFAULT '[]',
    "shippingWeightOz" DECIMAL(24,10),
    "shippingWeightLb" DECIMAL(24,10),
    "palletWeight" JSONB NOT NULL DEFAULT '[]',
    "palletWeightOz" DECIMAL(24,10),
    "palletWeightLb" DECIMAL(24,10),
    "sellable" BOOLEAN NOT NULL DEFAULT true,
    "discontinued" BOOLEAN NOT NULL DEFAULT false,
    "isDropShipItem" BOOLEAN NOT NULL DEFAULT false,
    "taxable" BOOLEAN NOT NULL DEFAULT true,
    "lotTracking" BOOLEAN NOT NULL DEFAULT false,
    "roundUpAsComponent" BOOLEAN NOT NULL DEFAULT false,
    "lotDeductionStrategy" VARCHAR(16),
    "defaultSupplyMethod" VARCHAR(32),
    "customFields" JSONB NOT NULL DEFAULT '{}',
    "categoryId" INTEGER,
    "subcategoryId" INTEGER,
    "supplierId" INTEGER,
    "priorityListId" INTEGER,
    "distributionTemplateId" INTEGER,
    "distributionTemplateCategoryId" INTEGER,
    "defaultUomId" INTEGER,
    "parentProductId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Product_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProductAlternateSku" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "productId" INTEGER NOT NULL,
    "sku" VARCHAR(255) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ProductAlternateSku_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProductSubstitution" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "productId" INTEGER NOT NULL,
    "substituteId" INTEGER NOT NULL,
    "priority" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ProductSubstitution_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "KitItem" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "kitId" INTEGER NOT NULL,
    "productId" INTEGER NOT NULL,
    "uomId" INTEGER,
    "quantity" DECIMAL(18,6) NOT NULL,
    "baseUomQuantity" DECIMAL(24,10) NOT NULL,
    "price" DECIMAL(18,6),
    "originalPrice" DECIMAL(18,6),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "KitItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProductAttachment" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "productId" INTEGER NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "type" VARCHAR(128),
    "size" INTEGER,
    "fullUrl" TEXT,
    "thumbUrl" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ProductAttachment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "VariantAttribute" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "productId" INTEGER NOT NULL,
    "variantName" VARCHAR(255) NOT NULL,
    "variantTerms" TEXT[],
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "VariantAttribute_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UnitClass" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "baseClass" BOOLEAN NOT NULL DEFAULT false,
    "status" VARCHAR(32) NOT NULL DEFAULT 'active',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "UnitClass_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UnitOfMeasure" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "unitClassId" INTEGER NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "description" TEXT,
    "baseUnit" BOOLEAN NOT NULL DEFAULT false,
    "status" VARCHAR(32) NOT NULL DEFAULT 'active',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "UnitOfMeasure_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UnitConversionRule" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "baseUnitOfMeasureId" INTEGER NOT NULL,
    "convertedUnitOfMeasureId" INTEGER NOT NULL,
    "conversionFactor" DECIMAL(30,15) NOT NULL,
    "type" VARCHAR(16) NOT NULL DEFAULT 'SYSTEM',
    "status" VARCHAR(32) NOT NULL DEFAULT 'active',
    "productId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "UnitConversionRule_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Bom" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Bom_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProductBom" (
    "companyId" INTEGER NOT NULL,
    "productId" INTEGER NOT NULL,
    "bomId" INTEGER NOT NULL,

    CONSTRAINT "ProductBom_pkey" PRIMARY KEY ("productId","bomId")
);

-- CreateTable
CREATE TABLE "BomItem" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "bomId" INTEGER NOT NULL,
    "productId" INTEGER NOT NULL,
    "quantity" DECIMAL(18,6) NOT NULL,
    "baseQuantity" DECIMAL(24,10) NOT NULL,
    "note" TEXT,
    "uomId" INTEGER,
    "order" INTEGER NOT NULL DEFAULT 0,
    "consumptionBasis" VARCHAR(32) NOT NULL DEFAULT 'planned',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "BomItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BomExtraCost" (
    "id" SERIAL NOT NULL,
    "companyId" INTEGER NOT NULL,
    "bomId" INTEGER NOT NULL,
    "name" VARCHAR(255) NOT NULL,
    "quantity" DECIMAL(18,6) NOT NULL,
    "unitPrice" DECIMAL(18,6) NOT NULL,
    "lineTotal" DECIMAL(24,10) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "BomExtraCost_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "_ProductAlternateSkuToUnitConversionRule" (
    "A" INTEGER NOT NULL,
    "B" INTEGER NOT NULL,

    CONSTRAINT "_ProductAlternateSkuToUnitConversionRule_AB_pkey" PRIMARY KEY ("A","B")
);

-- CreateIndex
CREATE INDEX "ProductCategory_companyId_parentId_idx" ON "ProductCategory"("companyId", "parentId");

-- CreateIndex
CREATE INDEX "ProductCategory_companyId_name_idx" ON "ProductCategory"("companyId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "Tag_companyId_name_key" ON "Tag"("companyId", "name");

-- CreateIndex
CREATE INDEX "ProductTag_companyId_tagId_idx" ON "ProductTag"("companyId", "tagId");

-- CreateIndex
CREATE INDEX "Supplier_companyId_name_idx" ON "Supplier"("companyId", "name");

-- CreateIndex
CREATE INDEX "SupplierContact_companyId_supplierId_idx" ON "SupplierContact"("companyId", "supplierId");

-- CreateIndex
CREATE INDEX "SupplierSku_companyId_productId_idx" ON "SupplierSku"("companyId", "productId");

-- CreateIndex
CREATE UNIQUE INDEX "SupplierSku_companyId_supplierId_supplierSku_key" ON "SupplierSku"("companyId", "supplierId", "supplierSku");

-- CreateIndex
CREATE INDEX "PriorityList_companyId_name_idx" ON "PriorityList"("companyId", "name");

-- CreateIndex
CREATE INDEX "DistributionTemplate_companyId_name_idx" ON "DistributionTemplate"("companyId", "name");

-- CreateIndex
CREATE INDEX "DistributionTemplateCategory_companyId_name_idx" ON "DistributionTemplateCategory"("companyId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "CustomFieldDefinition_companyId_entityType_key_key" ON "CustomFieldDefinition"("companyId", "entityType", "key");

-- CreateIndex
CREATE INDEX "Product_companyId_id_idx" ON "Product"("companyId", "id");

-- CreateIndex
CREATE INDEX "Product_companyId_type_idx" ON "Product"("companyId", "type");

-- CreateIndex
CREATE INDEX "Product_companyId_upc_idx" ON "Product"("companyId", "upc");

-- CreateIndex
CREATE INDEX "Product_companyId_categoryId_idx" ON "Product"("companyId", "categoryId");

-- CreateIndex
CREATE INDEX "Product_companyId_subcategoryId_idx" ON "Product"("companyId", "subcategoryId");

-- CreateIndex
CREATE INDEX "Product_companyId_supplierId_idx" ON "Product"("companyId", "supplierId");

-- CreateIndex
CREATE INDEX "Product_companyId_parentProductId_idx" ON "Product"("companyId", "parentProductId");

-- CreateIndex
CREATE UNIQUE INDEX "Product_companyId_sku_key" ON "Product"("companyId", "sku");

-- CreateIndex
CREATE INDEX "ProductAlternateSku_companyId_productId_idx" ON "ProductAlternateSku"("companyId", "productId");

-- CreateIndex
CREATE UNIQUE INDEX "ProductAlternateSku_companyId_sku_key" ON "ProductAlternateSku"("companyId", "sku");

-- CreateIndex
CREATE INDEX "ProductSubstitution_companyId_productId_idx" ON "ProductSubstitution"("companyId", "productId");

-- CreateIndex
CREATE UNIQUE INDEX "ProductSubstitution_productId_substituteId_key" ON "ProductSubstitution"("productId", "substituteId");

-- CreateIndex
CREATE INDEX "KitItem_companyId_kitId_idx" ON "KitItem"("companyId", "kitId");

-- CreateIndex
CREATE INDEX "KitItem_companyId_productId_idx" ON "KitItem"("companyId", "productId");

-- CreateIndex
CREATE INDEX "ProductAttachment_companyId_productId_idx" ON "ProductAttachment"("companyId", "productId");

-- CreateIndex
CREATE INDEX "VariantAttribute_companyId_productId_idx" ON "VariantAttribute"("companyId", "productId");

-- CreateIndex
CREATE UNIQUE INDEX "UnitClass_companyId_name_key" ON "UnitClass"("companyId", "name");

-- CreateIndex
CREATE INDEX "UnitOfMeasure_companyId_unitClassId_idx" ON "UnitOfMeasure"("companyId", "unitClassId");

-- CreateIndex
CREATE UNIQUE INDEX "UnitOfMeasure_companyId_unitClassId_name_key" ON "UnitOfMeasure"("companyId", "unitClassId", "name");

-- CreateIndex
CREATE INDEX "UnitConversionRule_companyId_convertedUnitOfMeasureId_idx" ON "UnitConversionRule"("companyId", "convertedUnitOfMeasureId");

-- CreateIndex
CREATE INDEX "UnitConversionRule_companyId_productId_idx" ON "UnitConversionRule"("companyId", "productId");

-- CreateIndex
CREATE UNIQUE INDEX "Bom_companyId_name_key" ON "Bom"("companyId", "name");

-- CreateIndex
CREATE INDEX "ProductBom_companyId_bomId_idx" ON "ProductBom"("companyId", "bomId");

-- CreateIndex
CREATE INDEX "BomItem_companyId_bomId_idx" ON "BomItem"("companyId", "bomId");

-- CreateIndex
CREATE INDEX "BomItem_companyId_productId_idx" ON "BomItem"("companyId", "productId");

-- CreateIndex
CREATE INDEX "BomExtraCost_companyId_bomId_idx" ON "BomExtraCost"("companyId", "bomId");

-- CreateIndex
CREATE INDEX "_ProductAlternateSkuToUnitConversionRule_B_index" ON "_ProductAlternateSkuToUnitConversionRule"("B");

-- AddForeignKey
ALTER TABLE "ProductCategory" ADD CONSTRAINT "ProductCategory_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "ProductCategory"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProductTag" ADD CONSTRAINT "ProductTag_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProductTag" ADD CONSTRAINT "ProductTag_tagId_fkey" FOREIGN KEY ("tagId") REFERENCES "Tag"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SupplierContact" ADD CONSTRAINT "SupplierContact_supplierId_fkey" FOREIGN KEY ("supplierId") REFERENCES "Supplier"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SupplierSku" ADD CONSTRAINT "SupplierSku_supplierId_fkey" FOREIGN KEY ("supplierId") REFERENCES "Supplier"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SupplierSku" ADD CONSTRAINT "SupplierSku_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Product" ADD CONSTRAINT "Product_categoryId_fkey" FOREIGN KEY ("categoryId") REFERENCES "ProductCategory"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Product" ADD CONSTRAINT "Product_subcategoryId_fkey" FOREIGN KEY ("subcategoryId") REFERENCES "ProductCategory"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Product" ADD CONSTRAINT "Product_supplierId_fkey" FOREIGN KEY ("supplierId") REFERENCES "Supplier"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Product" ADD CONSTRAINT "Product_priorityListId_fkey" FOREIGN KEY ("priorityListId") REFERENCES "PriorityList"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Product" ADD CONSTRAINT "Product_distributionTemplateId_fkey" FOREIGN KEY ("distributionTemplateId") REFERENCES "DistributionTemplate"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Product" ADD CONSTRAINT "Product_distributionTemplateCategoryId_fkey" FOREIGN KEY ("distributionTemplateCategoryId") REFERENCES "DistributionTemplateCategory"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Product" ADD CONSTRAINT "Product_defaultUomId_fkey" FOREIGN KEY ("defaultUomId") REFERENCES "UnitOfMeasure"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Product" ADD CONSTRAINT "Product_parentProductId_fkey" FOREIGN KEY ("parentProductId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProductAlternateSku" ADD CONSTRAINT "ProductAlternateSku_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProductSubstitution" ADD CONSTRAINT "ProductSubstitution_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProductSubstitution" ADD CONSTRAINT "ProductSubstitution_substituteId_fkey" FOREIGN KEY ("substituteId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "KitItem" ADD CONSTRAINT "KitItem_kitId_fkey" FOREIGN KEY ("kitId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "KitItem" ADD CONSTRAINT "KitItem_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "KitItem" ADD CONSTRAINT "KitItem_uomId_fkey" FOREIGN KEY ("uomId") REFERENCES "UnitOfMeasure"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProductAttachment" ADD CONSTRAINT "ProductAttachment_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VariantAttribute" ADD CONSTRAINT "VariantAttribute_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UnitOfMeasure" ADD CONSTRAINT "UnitOfMeasure_unitClassId_fkey" FOREIGN KEY ("unitClassId") REFERENCES "UnitClass"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UnitConversionRule" ADD CONSTRAINT "UnitConversionRule_baseUnitOfMeasureId_fkey" FOREIGN KEY ("baseUnitOfMeasureId") REFERENCES "UnitOfMeasure"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UnitConversionRule" ADD CONSTRAINT "UnitConversionRule_convertedUnitOfMeasureId_fkey" FOREIGN KEY ("convertedUnitOfMeasureId") REFERENCES "UnitOfMeasure"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UnitConversionRule" ADD CONSTRAINT "UnitConversionRule_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProductBom" ADD CONSTRAINT "ProductBom_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProductBom" ADD CONSTRAINT "ProductBom_bomId_fkey" FOREIGN KEY ("bomId") REFERENCES "Bom"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BomItem" ADD CONSTRAINT "BomItem_bomId_fkey" FOREIGN KEY ("bomId") REFERENCES "Bom"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BomItem" ADD CONSTRAINT "BomItem_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BomItem" ADD CONSTRAINT "BomItem_uomId_fkey" FOREIGN KEY ("uomId") REFERENCES "UnitOfMeasure"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BomExtraCost" ADD CONSTRAINT "BomExtraCost_bomId_fkey" FOREIGN KEY ("bomId") REFERENCES "Bom"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "_ProductAlternateSkuToUnitConversionRule" ADD CONSTRAINT "_ProductAlternateSkuToUnitConversionRule_A_fkey" FOREIGN KEY ("A") REFERENCES "ProductAlternateSku"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "_ProductAlternateSkuToUnitConversionRule" ADD CONSTRAINT "_ProductAlternateSkuToUnitConversionRule_B_fkey" FOREIGN KEY ("B") REFERENCES "UnitConversionRule"("id") ON DELETE CASCADE ON UPDATE CASCADE;
