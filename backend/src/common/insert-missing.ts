import type { Model } from 'mongoose';

/**
 * Inserts the items whose title is not in the collection yet and never overwrites one that is
 * (an upsert that only sets on insert); answers how many it inserted. For the small, titled
 * collections the seed fills (services, blogs); a repository passes its model.
 */
export async function insertMissingByTitle<T extends { title: string }>(
  model: Pick<Model<unknown>, 'collection'>,
  items: T[],
): Promise<number> {
  let inserted = 0;
  for (const item of items) {
    const result = await model.collection.updateOne(
      { title: item.title },
      { $setOnInsert: item },
      { upsert: true },
    );
    inserted += result.upsertedCount;
  }
  return inserted;
}
