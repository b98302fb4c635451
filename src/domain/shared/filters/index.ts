// The list filter grammar: parse `field[operator]=value` parameters against a field table, build `where`.
export * from './grammar.js';
export * from './values.js';
export * from './where.js';
