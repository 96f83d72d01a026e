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
