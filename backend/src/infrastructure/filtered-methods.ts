/**
 * The query methods whose first argument is a filter: the same names on mongoose queries and on
 * the driver's collections. The time limits apply to them; the test's query recorder reads their
 * filters.
 */
export const FILTERED_METHODS = [
  'find',
  'findOne',
  'countDocuments',
  'findOneAndUpdate',
  'findOneAndReplace',
  'findOneAndDelete',
  'updateOne',
  'updateMany',
  'replaceOne',
  'deleteOne',
  'deleteMany',
] as const;
