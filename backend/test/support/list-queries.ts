import mongoose, { type Connection } from 'mongoose';

type Keys = Record<string, 1 | -1>;

/** A find or count the app sent to the database. */
export interface ListQuery {
  collection: string;
  method: 'find' | 'countDocuments';
  filter: Record<string, unknown>;
  sort: Keys;
}

/** One call the app sent to the database through mongoose. */
export interface StoreCall {
  collection: string;
  method: string;
  args: unknown[];
}

/** Records every call the app sends to the database (through mongoose's debug hook) while `run` runs. */
export async function storeCallsOf(
  connection: Connection,
  run: () => Promise<unknown>,
): Promise<StoreCall[]> {
  const captured: StoreCall[] = [];
  // The run's query recorder (record-queries.ts) is mongoose's global hook: keep it informed.
  const recorder = mongoose.get('debug') as unknown;
  connection.set('debug', (collection: string, method: string, ...args: unknown[]) => {
    if (typeof recorder === 'function') recorder(collection, method, ...args);
    captured.push({ collection, method, args });
  });
  try {
    await run();
  } finally {
    connection.set('debug', undefined);
  }
  return captured;
}

/** Records the finds and counts the app sends while `run` runs. */
export async function listQueriesOf(
  connection: Connection,
  run: () => Promise<unknown>,
): Promise<ListQuery[]> {
  return (await storeCallsOf(connection, run))
    .filter(({ method }) => method === 'find' || method === 'countDocuments')
    .map(({ collection, method, args }) => {
      const [filter, options] = args as [Record<string, unknown>, { sort?: Keys } | undefined];
      return {
        collection,
        method: method as ListQuery['method'],
        filter: filter ?? {},
        sort: options?.sort ?? {},
      };
    });
}

function isEquality(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || value instanceof Date) return true;
  if (value instanceof mongoose.Types.ObjectId) return true;
  const operators = Object.keys(value);
  return operators.length === 1 && operators[0] === '$eq';
}

/** The fields a filter pins to one value, per branch of a top-level `$or`. */
export function equalityBranches(filter: Record<string, unknown>): Set<string>[] {
  const own = Object.entries(filter)
    .filter(([key, value]) => !key.startsWith('$') && isEquality(value))
    .map(([key]) => key);
  const branches = filter.$or as Record<string, unknown>[] | undefined;
  if (!branches || !branches.every((branch) => equalityBranches(branch)[0].size > 0)) {
    return [new Set(own)];
  }
  return branches.flatMap((branch) =>
    equalityBranches(branch).map((fields) => new Set([...own, ...fields])),
  );
}

/**
 * True when `index` can answer a branch without scanning the collection or sorting in memory:
 * it starts with some of the branch's equality fields (at least one when there are any),
 * followed by the sort's fields in the same order, all in the same or all in the opposite
 * direction.
 */
export function indexServes(index: Keys, equalities: Set<string>, sort: Keys): boolean {
  const keys = Object.keys(index);
  const sortKeys = Object.keys(sort);
  for (let split = 0; split <= keys.length - sortKeys.length; split += 1) {
    const prefix = keys.slice(0, split);
    if (!prefix.every((key) => equalities.has(key))) break;
    if (equalities.size > 0 && prefix.length === 0) continue;
    const rest = keys.slice(split, split + sortKeys.length);
    if (rest.join() !== sortKeys.join()) continue;
    const sameWay = sortKeys.every((key) => index[key] === sort[key]);
    const otherWay = sortKeys.every((key) => index[key] === -sort[key]);
    if (sameWay || otherWay) return true;
  }
  return false;
}

/** Every stage name in an explain answer's winning plan (MongoDB). */
export function planStages(plan: unknown): string[] {
  if (Array.isArray(plan)) return plan.flatMap(planStages);
  if (plan === null || typeof plan !== 'object') return [];
  return Object.entries(plan).flatMap(([key, value]) =>
    key === 'stage' && typeof value === 'string' ? [value] : planStages(value),
  );
}
