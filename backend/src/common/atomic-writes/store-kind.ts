import type { Connection } from 'mongoose';

/** FerretDB v1 updates by reading in Go and writing back; MongoDB is atomic per document. */
export type StoreKind = 'mongodb' | 'ferretdb';

export async function detectStoreKind(connection: Connection): Promise<StoreKind> {
  const info = await connection.db!.admin().command({ buildInfo: 1 });
  return 'ferretdbVersion' in info ? 'ferretdb' : 'mongodb';
}
