// What every filtered, sorted list reads from its arguments: the page window, the order and the filter
// conditions, with every problem (per_page, sort, a filter) reported together in one 422.
import { FieldErrorCollector } from './errors.js';
import { buildFilterWhere, parseFilterParams, type FilterSpec } from './filters/index.js';
import { pageWindow, type PageArgs, type PageWindow } from './pagination.js';
import { parseSort, type SortOrder } from './sorting.js';

export interface ListArgs extends PageArgs {
  sort?: string | null;
  filters?: ReadonlyArray<readonly [string, string]>;
}

/** `defaultSort` applies when the caller gives no sort (e.g. `-id` for newest first). */
export function readListArgs<Where>(args: ListArgs, spec: FilterSpec<Where>, sortable: Record<string, string>, defaultSort?: string): { window: PageWindow; orderBy: SortOrder; where: { AND: Where[] } } {
  const errors = new FieldErrorCollector();
  const window = pageWindow(args, errors);
  const orderBy = parseSort(args.sort ?? defaultSort, sortable, 'id', errors);
  const where = buildFilterWhere(parseFilterParams(args.filters ?? [], spec, errors), spec);
  errors.throwIfAny();
  return { window, orderBy, where };
}
