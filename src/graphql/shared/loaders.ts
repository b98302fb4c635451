// Per-request DataLoaders for fields that no Prisma relation covers, so a list resolves them in one query
// instead of one per item. Loaders live as long as the request context (a WeakMap keyed by it).
import DataLoader from 'dataloader';
import type { RequestContext } from '../context.js';

const loadersByContext = new WeakMap<RequestContext, Map<string, DataLoader<any, any>>>();

export function loaderFor<K, V>(ctx: RequestContext, name: string, batch: (keys: readonly K[]) => Promise<Array<V | Error>>): DataLoader<K, V> {
  let loaders = loadersByContext.get(ctx);
  if (!loaders) loadersByContext.set(ctx, (loaders = new Map()));
  let loader = loaders.get(name);
  if (!loader) loaders.set(name, (loader = new DataLoader<K, V>(batch)));
  return loader as DataLoader<K, V>;
}

/** Records of one kind by id, read once per request for all the ids asked together (a page's rows naming them). */
export function rowsById<T extends { id: number }>(ctx: RequestContext, name: string, read: (ids: number[]) => Promise<T[]>): DataLoader<number, T> {
  return loaderFor<number, T>(ctx, name, async (ids: readonly number[]) => {
    const byId = new Map((await read([...ids])).map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id) ?? new Error(`No record ${id} (${name}).`));
  });
}
