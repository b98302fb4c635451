-- The open cost layers of a product, oldest first: what every posting locks and consumes (lockOpenLayers).
-- Partial, so a product's consumed layers (its whole receiving history) never slow a posting down. Written by
-- hand: Prisma's schema language has no partial indexes; migrations diff schema snapshots, so no later
-- migration drops it.
CREATE INDEX "CostLayer_open_idx" ON "CostLayer" ("companyId", "productId", "receivedAt", "id") WHERE "remainingQuantity" > 0;
