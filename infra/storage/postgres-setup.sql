-- Applied with psql to FerretDB's database after every start of our own PostgreSQL cluster
-- (infra/storage/postgres.ts), so every statement here must be idempotent
-- (CREATE OR REPLACE, IF NOT EXISTS, ...). It stops at the first error.

-- FerretDB v1 pushes an equality filter down as `_jsonb->'field' @> value` (an `_id` lookup
-- too: only its updates and deletes use `_jsonb->'_id' = value`), which its own btree indexes
-- cannot serve. Each table gets a GIN index on that expression for every field of its btree
-- indexes, `_id` included, so such a filter reads the matching rows instead of the whole table;
-- a GIN index whose field no btree index has any more is dropped, as it would only slow writes.
CREATE OR REPLACE FUNCTION sc_reconcile_gin_indexes() RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  target record;
BEGIN
  -- The indexes this creates and drops fire the event trigger below, which calls this again.
  IF current_setting('sc.reconciling_gin', true) = 'on' THEN RETURN; END IF;
  PERFORM set_config('sc.reconciling_gin', 'on', true);

  FOR target IN
    WITH btree_fields AS (
      SELECT DISTINCT ns.nspname AS schema_name, tbl.relname AS table_name,
             substring(pg_get_indexdef(ix.indexrelid, position, false)
                       FROM '^\(+_jsonb -> ''([^'']+)''::text\)+$') AS field
        FROM pg_index ix
        JOIN pg_class idx ON idx.oid = ix.indexrelid
        JOIN pg_am am ON am.oid = idx.relam AND am.amname = 'btree'
        JOIN pg_class tbl ON tbl.oid = ix.indrelid
        JOIN pg_namespace ns ON ns.oid = tbl.relnamespace
        CROSS JOIN LATERAL generate_series(1, ix.indnatts) AS position
       WHERE ns.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')
         AND tbl.relname NOT LIKE '\_ferretdb\_%'
    ), wanted AS (
      SELECT schema_name, table_name, field,
             left(table_name || '_' || field || '_gin', 63) AS index_name
        FROM btree_fields WHERE field IS NOT NULL
    )
    SELECT * FROM wanted
     WHERE NOT EXISTS (
       SELECT 1 FROM pg_class existing
         JOIN pg_namespace existing_ns ON existing_ns.oid = existing.relnamespace
        WHERE existing.relname = wanted.index_name AND existing_ns.nspname = wanted.schema_name)
  LOOP
    EXECUTE format(
      'CREATE INDEX IF NOT EXISTS %I ON %I.%I USING gin ((_jsonb -> %L) jsonb_path_ops)',
      target.index_name, target.schema_name, target.table_name, target.field);
  END LOOP;

  FOR target IN
    SELECT ns.nspname AS schema_name, idx.relname AS index_name
      FROM pg_index ix
      JOIN pg_class idx ON idx.oid = ix.indexrelid
      JOIN pg_am am ON am.oid = idx.relam AND am.amname = 'gin'
      JOIN pg_class tbl ON tbl.oid = ix.indrelid
      JOIN pg_namespace ns ON ns.oid = tbl.relnamespace
     WHERE idx.relname LIKE '%\_gin'
       AND NOT EXISTS (
         SELECT 1 FROM pg_index other
           JOIN pg_class other_idx ON other_idx.oid = other.indexrelid
           JOIN pg_am other_am ON other_am.oid = other_idx.relam AND other_am.amname = 'btree'
           CROSS JOIN LATERAL generate_series(1, other.indnatts) AS position
          WHERE other.indrelid = ix.indrelid
            AND left(tbl.relname || '_' || substring(
                  pg_get_indexdef(other.indexrelid, position, false)
                  FROM '^\(+_jsonb -> ''([^'']+)''::text\)+$') || '_gin', 63) = idx.relname)
  LOOP
    EXECUTE format('DROP INDEX IF EXISTS %I.%I', target.schema_name, target.index_name);
  END LOOP;

  PERFORM set_config('sc.reconciling_gin', 'off', true);
END
$$;

CREATE OR REPLACE FUNCTION sc_gin_for_ferretdb_index() RETURNS event_trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sc_reconcile_gin_indexes();
END
$$;

DROP EVENT TRIGGER IF EXISTS sc_gin_for_ferretdb_index;
CREATE EVENT TRIGGER sc_gin_for_ferretdb_index ON ddl_command_end
  WHEN TAG IN ('CREATE INDEX', 'DROP INDEX')
  EXECUTE FUNCTION sc_gin_for_ferretdb_index();

-- Clusters made before this version: their tables get what the trigger would have made.
SELECT sc_reconcile_gin_indexes();
