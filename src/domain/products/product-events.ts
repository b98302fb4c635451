// The data of product.* events (src/domain/events): the product's identity after the change, and for an
// update the input fields given (snake_case, as the REST body names them).
import type { NewEvent } from '../events/index.js';

/** What a product's create or update answers for its event (one select, no extra query). */
export const PRODUCT_EVENT_FIELDS = { id: true, sku: true, name: true, type: true, parentProductId: true } as const;

export interface ProductEventFacts {
  id: number;
  sku: string;
  name: string;
  type: string;
  parentProductId: number | null;
}

export function productEvent(type: 'product.created' | 'product.updated', product: ProductEventFacts, extra: Record<string, string[]> = {}): NewEvent {
  return {
    type,
    resourceType: 'product',
    resourceId: product.id,
    data: { product_id: product.id, sku: product.sku, name: product.name, type: product.type, parent_product_id: product.parentProductId, ...extra },
  };
}
