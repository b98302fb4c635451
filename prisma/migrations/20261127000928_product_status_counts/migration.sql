-- CreateTable
CREATE TABLE "ProductStatusCount" (
    "companyId" INTEGER NOT NULL,
    "status" INTEGER NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "ProductStatusCount_pkey" PRIMARY KEY ("companyId","status")
);

-- Kept by the statements that change products (written by hand: Prisma's schema language has no triggers).
-- Each statement adds its net change per company and status in one upsert, in the statement itself, so the
-- counts are exactly as current as the products any snapshot sees. An update that moves no product between
-- statuses (nearly every update) nets to nothing and touches no counter row, so it takes no lock; the rows are
-- written in key order, so two statements never wait for each other's counter rows crosswise.
CREATE FUNCTION product_status_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "ProductStatusCount" AS c ("companyId", status, count)
    SELECT "companyId", status, count(*) FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("companyId", status) DO UPDATE SET count = c.count + EXCLUDED.count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "ProductStatusCount" AS c ("companyId", status, count)
    SELECT "companyId", status, -count(*) FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("companyId", status) DO UPDATE SET count = c.count + EXCLUDED.count;
  ELSE
    INSERT INTO "ProductStatusCount" AS c ("companyId", status, count)
    SELECT "companyId", status, sum(change)
    FROM (SELECT "companyId", status, 1 AS change FROM new_rows UNION ALL SELECT "companyId", status, -1 FROM old_rows) changes
    GROUP BY 1, 2 HAVING sum(change) <> 0 ORDER BY 1, 2
    ON CONFLICT ("companyId", status) DO UPDATE SET count = c.count + EXCLUDED.count;
  END IF;
  RETURN NULL;
END
$fn$;

CREATE TRIGGER product_status_counts_insert AFTER INSERT ON "Product" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_status_counts_apply();
CREATE TRIGGER product_status_counts_update AFTER UPDATE ON "Product" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION product_status_counts_apply();
CREATE TRIGGER product_status_counts_delete AFTER DELETE ON "Product" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION product_status_counts_apply();
-- TRUNCATE fires none of these; nothing in the service truncates products.

-- The products there already are.
INSERT INTO "ProductStatusCount" ("companyId", status, count)
SELECT "companyId", status, count(*) FROM "Product" GROUP BY 1, 2;
