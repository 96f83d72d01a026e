import type { Model } from 'mongoose';

/** MongoDB's (and FerretDB's) error code for a write that breaks a unique index. */
const DUPLICATE_KEY = 11000;

/** Whether `error` is a write refused by a unique index. */
export function isDuplicateKeyError(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === DUPLICATE_KEY;
}

/** Runs an insert; false instead of the error when a unique index refused it (already there). */
export async function insertedOnce(insert: () => Promise<unknown>): Promise<boolean> {
  try {
    await insert();
    return true;
  } catch (error) {
    if (isDuplicateKeyError(error)) return false;
    throw error;
  }
}

export interface InsertAllOptions {
  /**
   * The documents are built whole by our code (every field set, typed as stored, none
   * undefined): mongoose skips casting, defaults and validation, most of an insert's CPU.
   */
  asBuilt?: boolean;
}

/**
 * Inserts the documents in one unordered command; answers the positions of those a unique index
 * refused (already there). Any other failure throws.
 */
export async function insertAllOnce<T>(
  model: Model<T>,
  documents: T[],
  options: InsertAllOptions = {},
): Promise<Set<number>> {
  try {
    await model.insertMany(documents, { ordered: false, lean: options.asBuilt === true });
    return new Set();
  } catch (error) {
    const failures = (error as { writeErrors?: { index: number; err?: unknown }[] }).writeErrors;
    const duplicates = (failures ?? []).filter(
      (failure) => isDuplicateKeyError(failure) || isDuplicateKeyError(failure.err),
    );
    if (!failures?.length || duplicates.length !== failures.length) throw error;
    return new Set(duplicates.map((failure) => failure.index));
  }
}
