// The Pothos schema builder. Object types backed by Prisma models use the Prisma plugin, which turns the
// selection of a query into one `include`/`select` so relations load without N+1 queries.
import SchemaBuilder, { type ArgBuilder as PothosArgBuilder } from '@pothos/core';
import PrismaPlugin from '@pothos/plugin-prisma';
import type PrismaTypes from '../generated/pothos-types.js';
import { getDatamodel } from '../generated/pothos-types.js';
import type { Prisma, PrismaClient } from '../generated/prisma/client.js';
import type { RequestContext } from './context.js';
import type { UploadedFile } from '../domain/imports/index.js';

export const builder = new SchemaBuilder<{
  Context: RequestContext;
  PrismaTypes: PrismaTypes;
  DefaultFieldNullability: false;
  Scalars: {
    DateTime: { Input: Date; Output: Date };
    JSON: { Input: unknown; Output: unknown };
    /** Exact decimal (money, quantities): a JSON number on the wire, Prisma.Decimal in domain code. */
    Decimal: { Input: Prisma.Decimal; Output: Prisma.Decimal | number | string };
    /** Exact decimal given as a string of digits ("12.50") or a JSON number: inputs only. */
    DecimalString: { Input: Prisma.Decimal; Output: Prisma.Decimal | number | string };
    /** A file: a multipart upload (GraphQL multipart request), or a REST upload handed over in-process. */
    Upload: { Input: UploadedFile; Output: never };
    /** A whole number that may pass 32 bits but stays within JavaScript's exact integers. */
    SafeInt: { Input: number; Output: number | bigint };
  };
}>({
  plugins: [PrismaPlugin],
  defaultFieldNullability: false,
  prisma: {
    // The tenant-scoped client of the request: relations loaded by the plugin are scoped too.
    client: (ctx) => ctx.db as unknown as PrismaClient,
    dmmf: getDatamodel(),
    exposeDescriptions: true,
    onUnusedQuery: null,
  },
});

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});

/** The builder's type parameters, for helpers that build fields outside a `fields: (t) => ...` callback. */
export type SchemaTypes = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;
export type ArgBuilder = PothosArgBuilder<SchemaTypes>;
export type InputFieldBuilder = PothosSchemaTypes.InputFieldBuilder<SchemaTypes, 'InputObject'>;
