// The `include`/`select` the GraphQL layer (the Prisma plugin) hands a domain read so that one query loads
// what the selection needs. Domain code only passes it on, so it is typed loosely: with the schema this
// size TypeScript gives up ("excessive stack depth") comparing the default client's select types with the
// tenant client's.
export type PassThroughQuery = { include?: any; select?: any };
