// The page block shared by every paginated list (`meta` in REST).
import type { ObjectRef } from '@pothos/core';
import { builder, type ArgBuilder, type SchemaTypes } from '../builder.js';
import type { Page, PageMeta } from '../../domain/shared/pagination.js';

export const PageMetaRef = builder.objectRef<PageMeta>('PageMeta').implement({
  description: 'Where this page sits in the whole list. `from` and `to` are 1-based positions, 0 on an empty page.',
  fields: (t) => ({
    currentPage: t.exposeInt('currentPage'),
    from: t.exposeInt('from'),
    lastPage: t.exposeInt('lastPage'),
    perPage: t.exposeInt('perPage'),
    to: t.exposeInt('to'),
    total: t.exposeInt('total'),
  }),
});

export const pageArgs = (arg: ArgBuilder) => ({
  page: arg.int({ required: false, description: 'Page number, from 1. Default 1.' }),
  perPage: arg.int({ required: false, description: 'Items per page, 1 to 100. Default 25.' }),
  sort: arg.string({
    required: false,
    description: 'Comma-separated fields to sort by; prefix a field with - for descending order.',
  }),
});

/** `<Type>Page { items, meta }`: one page of a list, as every paginated query answers it. */
export function pageOf<T = unknown>(name: string, itemRef: ObjectRef<SchemaTypes, any>) {
  return builder.objectRef<Page<T>>(name).implement({
    fields: (t) => ({
      items: t.field({ type: [itemRef], resolve: (page) => page.items as any }),
      meta: t.field({ type: PageMetaRef, resolve: (page) => page.meta }),
    }),
  });
}
