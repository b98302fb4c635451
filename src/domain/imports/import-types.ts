// Every import type by its key (the `type` of POST /imports).
import type { ImportType } from './import-type.js';
import { masterSkusImport } from './types/master-skus.js';
import { stockImport } from './types/stock.js';
import { supplierSkusImport } from './types/supplier-skus.js';
import { bomsImport } from './types/boms.js';
import { priceListsImport } from './types/price-lists.js';
import { currencyRatesImport } from './types/currency-rates.js';

export const IMPORT_TYPES: ReadonlyMap<string, ImportType> = new Map(
  [masterSkusImport, stockImport, supplierSkusImport, bomsImport, priceListsImport, currencyRatesImport].map((type) => [type.key, type]),
);

export function importTypeKeys(): string[] {
  return [...IMPORT_TYPES.keys()];
}
