// Selections of a GraphQL type written every way GraphQL allows, for tests that compare an answer written by
// SQL with graphql's ordinary execution: random subsets of the fields (at every level, lists and single objects),
// aliases, a field asked twice, inline and named fragments, @skip and @include, __typename. Only fields that take
// no arguments are chosen; `fields` narrows a type's fields (the ones SQL can write, say).
import fc from 'fast-check';
import { getNamedType, isObjectType, type GraphQLSchema } from 'graphql';
import type { Tenant, TestServer } from './test-server.js';

export interface RandomSelection {
  /** The selection set's contents, for `{ … }`. */
  text: string;
  /** Named fragment definitions the text spreads. */
  fragments: string[];
}

/** A deterministic random walk: `choices` are the numbers fast-check drew. */
class Draw {
  private at = 0;
  /** Aliases given so far: /graphql refuses more than 30 in a query. */
  aliases = 0;
  constructor(private readonly choices: number[]) {}
  /** True with probability `p` (false for the 0s fast-check shrinks towards: a failure shrinks to a small selection). */
  chance(p: number): boolean {
    return this.next() / 1000 >= 1 - p;
  }
  next(): number {
    const value = this.choices[this.at % this.choices.length]!;
    this.at += 1;
    return value;
  }
}

function selectionOf(schema: GraphQLSchema, typeName: string, depth: number, draw: Draw, fields: (type: string) => string[], fragments: string[]): string {
  const type = schema.getType(typeName);
  if (!isObjectType(type)) throw new Error(`${typeName} is not an object type`);
  const parts: string[] = [];
  for (const name of fields(typeName)) {
    if (!draw.chance(0.3) || parts.length >= 10) continue;
    const definition = type.getFields()[name]!;
    const returned = getNamedType(definition.type);
    let sub = '';
    if (isObjectType(returned)) {
      if (depth === 0) continue;
      sub = ` { ${selectionOf(schema, returned.name, depth - 1, draw, fields, fragments)} }`;
    }
    const aliased = draw.chance(0.2) && draw.aliases < 12 && ++draw.aliases > 0;
    let field = `${aliased ? `alias${fragments.length}_${parts.length}_${depth}: ` : ''}${name}`;
    if (draw.chance(0.15)) field += draw.chance(0.5) ? ` @include(if: ${draw.chance(0.5)})` : ` @skip(if: ${draw.chance(0.5)})`;
    field += sub;
    if (!sub && draw.chance(0.1)) parts.push(field); // asked twice: graphql merges the two
    if (draw.chance(0.15)) parts.push(`... on ${typeName} { ${field} }`);
    else if (draw.chance(0.1)) {
      const fragment = `F${fragments.length}`;
      fragments.push(`fragment ${fragment} on ${typeName} { ${field} }`);
      parts.push(`...${fragment}`);
    } else parts.push(field);
  }
  if (draw.chance(0.1)) parts.push('__typename');
  // Never empty: the type's first field.
  if (parts.length === 0) parts.push(fields(typeName).find((name) => !isObjectType(getNamedType(type.getFields()[name]!.type))) ?? '__typename');
  return parts.join(' ');
}

/** Random selections of `typeName`, `depth` levels of objects deep. */
export function randomSelection(schema: GraphQLSchema, typeName: string, fields: (type: string) => string[], depth = 3): fc.Arbitrary<RandomSelection> {
  return fc.array(fc.integer({ min: 0, max: 999 }), { minLength: 200, maxLength: 200 }).map((choices) => {
    const fragments: string[] = [];
    const text = selectionOf(schema, typeName, depth, new Draw(choices), fields, fragments);
    return { text, fragments };
  });
}

/**
 * The query's answer from graphql's ordinary execution: a root field with no plan beside the query's own (an
 * introspection field) makes the whole query run field by field.
 */
export function fieldByField(server: TestServer, query: string, variables: Record<string, unknown>, tenant: Tenant) {
  const withUnplanned = query.replace(/(query\s*\w*\s*(\([^)]*\))?\s*\{)/, '$1 fieldByField: __type(name: "Query") { name } ');
  if (withUnplanned === query) throw new Error('The query has no operation to add a field to.');
  return server.graphql(withUnplanned, variables, { token: tenant.token, company: tenant.slug });
}
