-- The foreign keys the service reads through get a company-first index: the lists a GraphQL type reads from its
-- parent's side (a package's child packages, a warehouse group's warehouses) and the keys a parent's delete cascades
-- through (test/db/foreign-key-indexes.test.ts). Without one, such a read goes through every row of the company.

-- CreateIndex
CREATE INDEX "Location_companyId_warehouseGroupId_idx" ON "Location"("companyId", "warehouseGroupId");

-- CreateIndex
CREATE INDEX "ProductSubstitution_companyId_substituteId_idx" ON "ProductSubstitution"("companyId", "substituteId");

-- CreateIndex
CREATE INDEX "FulfillmentPick_companyId_picklistItemId_idx" ON "FulfillmentPick"("companyId", "picklistItemId");

-- CreateIndex
CREATE INDEX "ShipmentPackage_companyId_parentPackageId_idx" ON "ShipmentPackage"("companyId", "parentPackageId");

-- CreateIndex
CREATE INDEX "CostRuleEffect_companyId_costRuleId_idx" ON "CostRuleEffect"("companyId", "costRuleId");
