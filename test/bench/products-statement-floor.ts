// The products page's statement floor (issue 16, goal 1): the page of 100 products with every relation the
// REST page shows, built as JSON inside PostgreSQL by one statement (correlated subqueries on the
// tenant-first indexes), so the service's only work is to pass the text on. Weights are the stored arrays
// (the page's computed _oz/_lb totals are left out, a small part of the work). The total is the kept count the
// service reads too (ProductStatusCount), so the floor does no work the service is spared.
import { Prisma } from '../../src/generated/prisma/client.js';

const list = (from: string, columns: string, where: string, order = 'x."id"') =>
  `coalesce((SELECT json_agg(json_build_object(${columns}) ORDER BY ${order}) FROM ${from} WHERE ${where}), '[]'::json)`;
const one = (table: string, columns: string, idColumn: string) =>
  `(SELECT json_build_object(${columns}) FROM "${table}" x WHERE x."companyId" = p."companyId" AND x."id" = p."${idColumn}")`;

const ATTACHMENT = `'id', x."id", 'name', x."name", 'type', x."type", 'size', x."size", 'full_url', x."fullUrl", 'thumb_url', x."thumbUrl"`;
const VARIANT_ATTRIBUTE = `'variant_name', x."variantName", 'variant_terms', x."variantTerms"`;

const PRODUCT_JSON = `
  to_jsonb(p) || jsonb_build_object(
    'category', ${one('ProductCategory', `'id', x."id", 'name', x."name"`, 'categoryId')},
    'subcategory', ${one('ProductCategory', `'id', x."id", 'name', x."name"`, 'subcategoryId')},
    'attachments', ${list('"ProductAttachment" x', ATTACHMENT, `x."companyId" = p."companyId" AND x."productId" = p."id"`)},
    'variants', ${list(
      '"Product" v',
      `'id', v."id", 'name', v."name", 'sku', v."sku", 'upc', v."upc", 'retail_price', v."retailPrice", 'wholesale_price', v."wholesalePrice",
       'custom_fields', v."customFields", 'created_at', v."createdAt", 'updated_at', v."updatedAt", 'product_weight', v."productWeight",
       'attachments', ${list('"ProductAttachment" x', ATTACHMENT, `x."companyId" = v."companyId" AND x."productId" = v."id"`)},
       'variant_attributes', ${list('"VariantAttribute" x', VARIANT_ATTRIBUTE, `x."companyId" = v."companyId" AND x."productId" = v."id"`)}`,
      `v."companyId" = p."companyId" AND v."parentProductId" = p."id"`,
      'v."id"',
    )},
    'variant_attributes', ${list('"VariantAttribute" x', VARIANT_ATTRIBUTE, `x."companyId" = p."companyId" AND x."productId" = p."id"`)},
    'alternate_skus', ${list('"ProductAlternateSku" x', `'id', x."id", 'sku', x."sku"`, `x."companyId" = p."companyId" AND x."productId" = p."id"`)},
    'tags', ${list(
      '"ProductTag" pt JOIN "Tag" x ON x."companyId" = pt."companyId" AND x."id" = pt."tagId"',
      `'id', x."id", 'name', x."name", 'description', x."description", 'icon', x."icon", 'color', x."color"`,
      `pt."companyId" = p."companyId" AND pt."productId" = p."id"`,
    )},
    'substitutions', ${list(
      '"ProductSubstitution" x JOIN "Product" s ON s."companyId" = x."companyId" AND s."id" = x."substituteId"',
      `'id', x."id", 'priority', x."priority", 'product', json_build_object('id', s."id", 'name', s."name", 'sku', s."sku")`,
      `x."companyId" = p."companyId" AND x."productId" = p."id"`,
    )},
    'supplier', ${one('Supplier', `'id', x."id", 'name', x."name", 'email', x."email", 'currency', x."currency"`, 'supplierId')},
    'kit_items', ${list(
      '"KitItem" x JOIN "Product" c ON c."companyId" = x."companyId" AND c."id" = x."productId" LEFT JOIN "UnitOfMeasure" u ON u."companyId" = x."companyId" AND u."id" = x."uomId"',
      `'id', x."id", 'product_id', x."productId", 'uom_id', x."uomId", 'quantity', x."quantity", 'base_uom_quantity', x."baseUomQuantity",
       'price', x."price", 'original_price', x."originalPrice", 'total', x."price" * x."quantity",
       'product', json_build_object('id', c."id", 'name', c."name", 'sku', c."sku", 'description', c."description", 'retail_price', c."retailPrice", 'wholesale_price', c."wholesalePrice"),
       'unit_of_measure', CASE WHEN u."id" IS NULL THEN NULL ELSE json_build_object('id', u."id", 'name', u."name", 'description', u."description", 'base_unit', u."baseUnit") END`,
      `x."companyId" = p."companyId" AND x."kitId" = p."id"`,
    )},
    'priority_list', ${one('PriorityList', `'id', x."id", 'name', x."name", 'description', x."description"`, 'priorityListId')},
    'distribution_template', ${one('DistributionTemplate', `'id', x."id", 'name', x."name", 'source', x."source"`, 'distributionTemplateId')},
    'distribution_template_category', ${one('DistributionTemplateCategory', `'id', x."id", 'name', x."name"`, 'distributionTemplateCategoryId')},
    'boms', ${list(
      '"ProductBom" pb JOIN "Bom" x ON x."companyId" = pb."companyId" AND x."id" = pb."bomId"',
      `'id', x."id", 'name', x."name", 'created_at', x."createdAt", 'updated_at', x."updatedAt"`,
      `pb."companyId" = p."companyId" AND pb."productId" = p."id"`,
    )}
  )`;

/** `{data: [...], meta: {total}}` for one page of active products, as one JSON text. */
export function productsPageStatement(companyId: number, page: number, perPage: number): Prisma.Sql {
  if (!Number.isSafeInteger(companyId)) throw new Error(`not a company id: ${companyId}`);
  // Every subquery names the company itself, as the service's page does: Citus sends a statement to one shard
  // only when each distributed table in it is filtered by the same company.
  const productJson = PRODUCT_JSON.replaceAll(/"companyId" = (p|v|pt|pb)\."companyId"/g, `"companyId" = ${companyId}`);
  return Prisma.sql`
    SELECT json_build_object(
      'data', coalesce((SELECT json_agg(${Prisma.raw(productJson)} ORDER BY p."id")
                        FROM (SELECT * FROM "Product" WHERE "companyId" = ${companyId} AND "status" = 1
                              ORDER BY "id" LIMIT ${perPage} OFFSET ${(page - 1) * perPage}) p), '[]'::json),
      'meta', json_build_object('total', (SELECT count FROM "ProductStatusCount" WHERE "companyId" = ${companyId} AND "status" = 1))
    )::text AS body`;
}
