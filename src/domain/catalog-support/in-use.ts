// The refusal to delete a record that products still point at. The schema would quietly unset the link
// (ON DELETE SET NULL); refusing instead keeps products from losing their settings by accident.
import { ValidationError } from '../shared/errors.js';

export function inUseByProducts(entity: string, id: number, products: number): ValidationError {
  const message = `${entity} ${id} is used by ${products} product${products === 1 ? '' : 's'}; change those products first.`;
  return new ValidationError({ id: [message] }, message);
}
