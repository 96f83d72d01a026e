import type { Model } from 'mongoose';

/**
 * The fields a new document of `model` gets from its schema's defaults, as plain values (no
 * `_id`): what a document inserted without mongoose (`insertMany` with `lean`) must carry to be
 * stored as mongoose would store it. Defaults computed per document (dates) are left out: the
 * caller sets those.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function schemaDefaults<T>(model: Model<any>): Partial<T> {
  const template = new model().toObject({ virtuals: false, versionKey: false }) as Record<
    string,
    unknown
  >;
  delete template._id;
  model.schema.eachPath((path, type) => {
    const fallback = (type as { defaultValue?: unknown }).defaultValue;
    // Arrays' defaults are functions too, but make the same empty list every time.
    if (typeof fallback === 'function' && !Array.isArray(template[path])) delete template[path];
  });
  return template as Partial<T>;
}
