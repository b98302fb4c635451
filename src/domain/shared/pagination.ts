// Page-number pagination shared by every list: validation of the arguments and the `meta` block.
import { FieldErrorCollector } from './errors.js';

export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 100;

export interface PageArgs {
  page?: number | null;
  perPage?: number | null;
}

export interface PageWindow {
  page: number;
  perPage: number;
  skip: number;
  take: number;
}

export interface PageMeta {
  currentPage: number;
  from: number;
  lastPage: number;
  perPage: number;
  to: number;
  total: number;
}

export interface Page<T> {
  items: T[];
  meta: PageMeta;
}

export function pageWindow(args: PageArgs, errors = new FieldErrorCollector()): PageWindow {
  const page = args.page ?? 1;
  const perPage = args.perPage ?? DEFAULT_PER_PAGE;
  if (!Number.isInteger(page) || page < 1) errors.add('page', 'The page must be an integer of at least 1.');
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > MAX_PER_PAGE) {
    errors.add('perPage', `The per page must be an integer from 1 to ${MAX_PER_PAGE}.`);
  }
  errors.throwIfAny();
  return { page, perPage, skip: (page - 1) * perPage, take: perPage };
}

/** `from` and `to` are 1-based positions of the first and last item shown; both are 0 on an empty page. */
export function pageMeta(window: PageWindow, total: number, shown: number): PageMeta {
  const from = shown > 0 ? window.skip + 1 : 0;
  return {
    currentPage: window.page,
    from,
    lastPage: Math.max(1, Math.ceil(total / window.perPage)),
    perPage: window.perPage,
    to: shown > 0 ? window.skip + shown : 0,
    total,
  };
}

/**
 * A page's rows and the total its filter matches, read side by side rather than in a transaction. Sharing one
 * would not make them agree (under READ COMMITTED each statement reads its own snapshot either way), and it cost
 * three statements more per page (BEGIN, the audit actor, COMMIT), a third of a small page's work.
 */
export function rowsAndTotal<T>(rows: PromiseLike<T[]>, total: PromiseLike<number>): Promise<[T[], number]> {
  return Promise.all([rows, total]);
}
