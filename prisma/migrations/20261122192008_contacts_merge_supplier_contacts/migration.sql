-- Supplier contacts become contacts owned by a supplier (one Contact table for customer companies and
-- suppliers). Each row is copied before the table goes: name → firstName (whole, not split, so the name
-- reads back exactly), role → title. Ids are kept where no contact holds them yet, so existing links to
-- /suppliers/{id}/contacts/{contactId} stay valid; a row whose id is taken gets a new one, drawn after the
-- largest id of both tables so it cannot take an id kept by another row.
SELECT setval(
  pg_get_serial_sequence('"Contact"', 'id'),
  GREATEST((SELECT COALESCE(MAX("id"), 0) FROM "Contact"), (SELECT COALESCE(MAX("id"), 0) FROM "SupplierContact"), 1)
);

INSERT INTO "Contact" ("companyId", "supplierId", "firstName", "email", "phone", "title", "createdAt", "updatedAt")
SELECT sc."companyId", sc."supplierId", sc."name", sc."email", sc."phone", sc."role", sc."createdAt", sc."updatedAt"
FROM "SupplierContact" sc
WHERE EXISTS (SELECT 1 FROM "Contact" c WHERE c."id" = sc."id")
ORDER BY sc."id";

INSERT INTO "Contact" ("id", "companyId", "supplierId", "firstName", "email", "phone", "title", "createdAt", "updatedAt")
SELECT sc."id", sc."companyId", sc."supplierId", sc."name", sc."email", sc."phone", sc."role", sc."createdAt", sc."updatedAt"
FROM "SupplierContact" sc
WHERE NOT EXISTS (SELECT 1 FROM "Contact" c WHERE c."id" = sc."id");

-- DropForeignKey
ALTER TABLE "SupplierContact" DROP CONSTRAINT "SupplierContact_companyId_supplierId_fkey";

-- DropTable
DROP TABLE "SupplierContact";
