// The filter parameters of a list field, as the REST gateway passes them through: each one is the query
// parameter's name as written (`retail_price[gt]`, `category.name`, `type`) and its text. The domain's
// filter grammar (src/domain/shared/filters) checks and applies them.
import { builder, type ArgBuilder } from '../builder.js';

export const FilterParamInput = builder.inputType('FilterParamInput', {
  description:
    'One list filter: `name` is `field[operator]` (operators eq, gt, gte, lt, lte, contains) or a bare `field` (eq), `value` its text.',
  fields: (t) => ({
    name: t.string({ required: true, description: 'The filter as a REST query parameter name, e.g. `retail_price[gt]`.' }),
    value: t.string({ required: true }),
  }),
});

/** The `filters` argument of a list field. */
export const filterArg = (arg: ArgBuilder, description: string) =>
  arg({ type: [FilterParamInput], required: false, description });

/** A list field's arguments as the domain's list functions take them: the filters as `[name, value]` pairs. */
export const withFilterParams = <Args extends { filters?: ReadonlyArray<{ name: string; value: string }> | null }>(args: Args) => ({
  ...args,
  filters: filterParams(args.filters),
});

/** The argument's entries as the `[name, value]` pairs the domain's grammar reads. */
export function filterParams(filters: ReadonlyArray<{ name: string; value: string }> | null | undefined): Array<[string, string]> {
  return (filters ?? []).map((f) => [f.name, f.value]);
}
