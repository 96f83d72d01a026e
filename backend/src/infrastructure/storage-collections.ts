import type { Connection } from 'mongoose';

/** MongoDB's NamespaceExists: another process starting at the same time created it first. */
const NAMESPACE_EXISTS = 48;

/**
 * Creates the collection of every model the process has that does not exist yet (and with the
 * first one, the database). FerretDB v1 creates a collection under a lock that, taken while its
 * PostgreSQL pool is busy, stops every other command for good; made at start-up, before the
 * process serves or works, no write ever creates one under load.
 */
export async function createMissingCollections(connection: Connection): Promise<void> {
  const db = connection.db!;
  const existing = new Set(
    (await db.listCollections({}, { nameOnly: true }).toArray()).map(({ name }) => name),
  );
  const wanted = new Set(Object.values(connection.models).map((model) => model.collection.name));
  for (const name of wanted) {
    if (existing.has(name)) continue;
    await db.createCollection(name).catch((error: Error & { code?: number }) => {
      if (error.code !== NAMESPACE_EXISTS) throw error;
    });
  }
}
