-- Applied with psql to FerretDB's database after every start of our own PostgreSQL cluster
-- (infra/storage/postgres.ts), so every statement here must be idempotent
-- (CREATE OR REPLACE, IF NOT EXISTS, ...). It stops at the first error.

-- FerretDB v1 pushes an equality filter down as `_jsonb->'field' @> value`, which its own btree
-- indexes cannot serve. For every field of a btree index FerretDB creates, this adds a GIN index
-- on the same expression, so such a filter reads the matching rows instead of the whole table.
CREATE OR REPLACE FUNCTION sc_gin_for_ferretdb_index() RETURNS event_trigger
LANGUAGE plpgsql AS $$
DECLARE
  command record;
  target record;
  field text;
  position int;
BEGIN
  FOR command IN
    SELECT objid FROM pg_event_trigger_ddl_commands()
    WHERE command_tag = 'CREATE INDEX' AND object_type = 'index'
  LOOP
    SELECT ix.indexrelid, ix.indnatts, am.amname, tbl.relname AS table_name, ns.nspname AS schema_name
      INTO target
      FROM pg_index ix
      JOIN pg_class idx ON idx.oid = ix.indexrelid
      JOIN pg_am am ON am.oid = idx.relam
      JOIN pg_class tbl ON tbl.oid = ix.indrelid
      JOIN pg_namespace ns ON ns.oid = tbl.relnamespace
     WHERE ix.indexrelid = command.objid;
    CONTINUE WHEN target.amname <> 'btree';
    FOR position IN 1..target.indnatts LOOP
      field := substring(pg_get_indexdef(target.indexrelid, position, false)
                         FROM '^\(+_jsonb -> ''([^'']+)''::text\)+$');
      CONTINUE WHEN field IS NULL OR field = '_id';
      EXECUTE format(
        'CREATE INDEX IF NOT EXISTS %I ON %I.%I USING gin ((_jsonb -> %L) jsonb_path_ops)',
        left(target.table_name || '_' || field || '_gin', 63),
        target.schema_name, target.table_name, field);
    END LOOP;
  END LOOP;
END
$$;

DROP EVENT TRIGGER IF EXISTS sc_gin_for_ferretdb_index;
CREATE EVENT TRIGGER sc_gin_for_ferretdb_index ON ddl_command_end
  WHEN TAG IN ('CREATE INDEX') EXECUTE FUNCTION sc_gin_for_ferretdb_index();
