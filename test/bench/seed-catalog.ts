// Seeds a catalog for benchmarks quickly (createMany in chunks): products with tags, alternate SKUs,
// kit items and custom fields, all in one company.
import type { PrismaClient } from '../../src/generated/prisma/client.js';

export interface SeededCatalog {
  companyId: number;
  productCount: number;
}

export async function seedCatalog(prisma: PrismaClient, companyId: number, productCount: number): Promise<SeededCatalog> {
  const tags = await prisma.tag.createManyAndReturn({
    data: Array.from({ length: 20 }, (_, i) => ({ companyId, name: `tag-${i}`, color: '#336699', icon: 'star' })),
  });
  const category = await prisma.productCategory.create({ data: { companyId, name: 'Bench category' } });
  const supplier = await prisma.supplier.create({ data: { companyId, name: 'Bench supplier', currency: 'USD' } });
  const chunk = 1000;
  for (let start = 0; start < productCount; start += chunk) {
    const size = Math.min(chunk, productCount - start);
    const products = await prisma.product.createManyAndReturn({
      select: { id: true, type: true },
      data: Array.from({ length: size }, (_, k) => {
        const n = start + k;
        return {
          companyId,
          name: `Bench product ${n}`,
          sku: `BENCH-${n}`,
          upc: String(100000000000 + n),
          type: n % 10 === 9 ? 'KIT' : 'PRODUCT',
          retailPrice: '19.99',
          wholesalePrice: '9.5',
          productWeight: [{ unit: 'lb', value: 1.5 }],
          productWeightOz: '24',
          productWeightLb: '1.5',
          customFields: { color: n % 2 ? 'red' : 'blue', batch: n },
          categoryId: category.id,
          supplierId: supplier.id,
        };
      }),
    });
    await prisma.productAlternateSku.createMany({
      data: products.map((p) => ({ companyId, productId: p.id, sku: `ALT-${p.id}` })),
    });
    await prisma.productTag.createMany({
      data: products.flatMap((p, k) => [
        { companyId, productId: p.id, tagId: tags[k % tags.length].id },
        { companyId, productId: p.id, tagId: tags[(k + 7) % tags.length].id },
      ]),
    });
    const components = products.filter((p) => p.type === 'PRODUCT');
    await prisma.kitItem.createMany({
      data: products
        .filter((p) => p.type === 'KIT')
        .flatMap((kit, k) =>
          [0, 1, 2].map((j) => ({
            companyId,
            kitId: kit.id,
            productId: components[(k * 3 + j) % components.length].id,
            quantity: '2',
            baseUomQuantity: '2',
            price: '5',
            originalPrice: '19.99',
          })),
        ),
    });
    // A bulk load outruns autovacuum: refresh the planner's statistics so that lookups (foreign-key checks of the
    // next chunk, the benchmarked reads) are planned for the rows really there, as they would be in production.
    await prisma.$executeRawUnsafe('ANALYZE');
  }
  return { companyId, productCount };
}
