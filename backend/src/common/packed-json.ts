import { mongo } from 'mongoose';

/**
 * A value nothing queries inside, stored as one Extended JSON string (dates stay dates, ids stay
 * ids). FerretDB converts a document's nested fields one by one, so a few review snapshots cost
 * it and PostgreSQL several times what one string of them does.
 */
export function packed(value: unknown): string {
  return mongo.BSON.EJSON.stringify(value);
}

/** A packed value read back; a value stored unpacked (written before) is answered as it is. */
export function unpacked<T>(stored: unknown): T {
  return (typeof stored === 'string' ? mongo.BSON.EJSON.parse(stored) : stored) as T;
}
