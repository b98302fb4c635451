// `sort` arguments: a comma-separated list of field names, each optionally prefixed with `-` for descending.
import { FieldErrorCollector } from './errors.js';

export type SortOrder = Array<Record<string, 'asc' | 'desc'>>;

/**
 * @param allowed maps each public (snake_case) sort key to the model field it orders by.
 * The model's id is always appended as a tie-breaker so pages are stable.
 */
export function parseSort(
  sort: string | null | undefined,
  allowed: Record<string, string>,
  fallback: string,
  errors = new FieldErrorCollector(),
): SortOrder {
  const order: SortOrder = [];
  const keys = (sort ?? fallback).split(',').map((k) => k.trim()).filter(Boolean);
  for (const key of keys) {
    const descending = key.startsWith('-');
    const name = descending ? key.slice(1) : key;
    const field = allowed[name];
    if (!field) {
      errors.add('sort', `Cannot sort by "${name}". Allowed: ${Object.keys(allowed).join(', ')}.`);
      continue;
    }
    order.push({ [field]: descending ? 'desc' : 'asc' });
  }
  errors.throwIfAny();
  if (!order.some((o) => 'id' in o)) order.push({ id: 'asc' });
  return order;
}
