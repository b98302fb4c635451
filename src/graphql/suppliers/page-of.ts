// `<Type>Page { items, meta }` for the lists of this area, built the same way as LocationPage.
import type { ObjectRef } from '@pothos/core';
import { builder, type SchemaTypes } from '../builder.js';
import { PageMetaRef } from '../shared/page.js';
import type { Page } from '../../domain/shared/pagination.js';

export function pageOf(name: string, itemRef: ObjectRef<SchemaTypes, any>) {
  return builder.objectRef<Page<unknown>>(name).implement({
    fields: (t) => ({
      items: t.field({ type: [itemRef], resolve: (page) => page.items as any }),
      meta: t.field({ type: PageMetaRef, resolve: (page) => page.meta }),
    }),
  });
}
