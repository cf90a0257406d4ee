// The PostgreSQL that FerretDB stores the embedded stack's data in. One PostgreSQL database per
// FerretDB instance: `npm start` keeps `ferretdb_study`, tests and benchmarks make their own and
// drop it. We start a local cluster that is installed but stopped, and otherwise say what to do.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import type { Client } from 'pg';
import { isLocalHost, isPortOpen, waitForPort } from './ports';
import { has } from './system-tools';

/** Where PostgreSQL is reached (any database; the one in the URL is only used to connect). */
export function pgAdminUrl(): string {
  return process.env.POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
}

/**
 * The URL FerretDB gets for one database. FerretDB opens up to 50 connections per instance
 * unless told otherwise; a handful of instances (tests, a benchmark, `npm start`) would then use
 * up PostgreSQL's 100, so each gets FERRETDB_PG_POOL_MAX_CONNS (default 20). A bulk update holds one
 * connection per matched document (svc-participants sends at most 12 per command).
 */
export function pgDatabaseUrl(dbName: string): string {
  const url = new URL(pgAdminUrl());
  url.pathname = `/${dbName}`;
  if (!url.searchParams.has('pool_max_conns')) url.searchParams.set('pool_max_conns', process.env.FERRETDB_PG_POOL_MAX_CONNS || '20');
  // Idle connections go back to PostgreSQL instead of being held for half an hour.
  if (!url.searchParams.has('pool_max_conn_idle_time')) url.searchParams.set('pool_max_conn_idle_time', '60s');
  return url.toString();
}

/** Resolves when PostgreSQL answers; starts a local cluster that is installed but stopped. */
export async function ensurePostgres(log: (msg: string) => void = console.log): Promise<void> {
  const url = new URL(pgAdminUrl());
  const host = url.hostname || '127.0.0.1';
  const port = Number(url.port) || 5432;
  if (await isPortOpen(port, host)) return;
  const versions = fs.existsSync('/etc/postgresql') ? fs.readdirSync('/etc/postgresql') : [];
  const version = versions.sort().at(-1);
  if (isLocalHost(host) && has('pg_ctlcluster') && version !== undefined) {
    log(`PostgreSQL ${version} is installed but not running; starting it (pg_ctlcluster ${version} main start)...`);
    execSync(`pg_ctlcluster --skip-systemctl-redirect ${version} main start`, { stdio: 'ignore' });
    await waitForPort(port, host, 60_000);
    return;
  }
  throw new Error(
    `PostgreSQL is not reachable at ${host}:${port}; the embedded FerretDB stores its data there.\n` +
      '  Install and start it: `apt-get install -y postgresql && pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start`\n' +
      '  (trust authentication for local connections, or give the password in POSTGRES_URL=postgres://user:password@host:5432/postgres),\n' +
      '  or set MONGO_URL to a MongoDB you run yourself.',
  );
}

/** A connected client of one database (pg is loaded on first use: most tools never need it). */
async function connect(connectionString: string): Promise<Client> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString });
  await client.connect();
  return client;
}

async function withClient<T>(fn: (client: Client) => Promise<T>, connectionString = pgAdminUrl()): Promise<T> {
  const client = await connect(connectionString);
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const ident = (name: string): string => {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`"${name}" is not a plain PostgreSQL database name`);
  return `"${name}"`;
};

// FerretDB 1.24 answers an equality filter on a top-level field (`_id` included) with
// `_jsonb->'field' @> value`, which its own btree indexes on `(_jsonb->'field')` cannot serve.
// This event trigger gives every index FerretDB creates a GIN twin on the same expressions, which
// `@>` does use, and drops the twin with its index. It lives in the database, so it covers every
// collection and index the services create, at the moment they create them.
const INDEX_TWIN_SQL = `
CREATE OR REPLACE FUNCTION ferretdb_gin_twin() RETURNS event_trigger LANGUAGE plpgsql AS $$
DECLARE
  cmd record;
  idx record;
  keys int;
  exprs text;
BEGIN
  FOR cmd IN SELECT * FROM pg_event_trigger_ddl_commands() WHERE command_tag = 'CREATE INDEX' LOOP
    SELECT i.indexrelid, i.indrelid, i.indnatts, c.relname, n.nspname, am.amname
      INTO idx
      FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_am am ON am.oid = c.relam
     WHERE i.indexrelid = cmd.objid;
    CONTINUE WHEN idx.indexrelid IS NULL OR idx.amname <> 'btree' OR idx.nspname LIKE 'pg\\_%' OR idx.nspname = 'information_schema';
    -- Only FerretDB's indexes: every key is an expression over the _jsonb column.
    SELECT count(*), string_agg(format('%s jsonb_path_ops', pg_get_indexdef(idx.indexrelid, k, true)), ', ' ORDER BY k)
      INTO keys, exprs
      FROM generate_series(1, idx.indnatts) AS k
     WHERE pg_get_indexdef(idx.indexrelid, k, true) LIKE '(_jsonb -> %';
    CONTINUE WHEN keys = 0 OR keys <> idx.indnatts;
    EXECUTE format('CREATE INDEX IF NOT EXISTS %I ON %s USING gin (%s)', left(idx.relname, 59) || '_gin', idx.indrelid::regclass, exprs);
  END LOOP;
END $$;

CREATE OR REPLACE FUNCTION ferretdb_gin_twin_drop() RETURNS event_trigger LANGUAGE plpgsql AS $$
DECLARE
  obj record;
BEGIN
  FOR obj IN SELECT * FROM pg_event_trigger_dropped_objects() WHERE object_type = 'index' AND NOT is_temporary LOOP
    CONTINUE WHEN obj.object_name LIKE '%\\_gin';
    EXECUTE format('DROP INDEX IF EXISTS %I.%I', obj.schema_name, left(obj.object_name, 59) || '_gin');
  END LOOP;
END $$;

DROP EVENT TRIGGER IF EXISTS ferretdb_gin_twin;
CREATE EVENT TRIGGER ferretdb_gin_twin ON ddl_command_end WHEN TAG IN ('CREATE INDEX') EXECUTE FUNCTION ferretdb_gin_twin();
DROP EVENT TRIGGER IF EXISTS ferretdb_gin_twin_drop;
CREATE EVENT TRIGGER ferretdb_gin_twin_drop ON sql_drop WHEN TAG IN ('DROP INDEX') EXECUTE FUNCTION ferretdb_gin_twin_drop();
`;

/**
 * Creates the database FerretDB will use (when missing) and prepares it: GIN twins for
 * FerretDB's indexes and custom plans for every query (FerretDB passes the field name as a
 * parameter, and only a plan made for the actual name can pick that field's index).
 */
export async function createPgDatabase(dbName: string, { indexTwins = true }: { indexTwins?: boolean } = {}): Promise<void> {
  await withClient(async (client) => {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName]);
    if (rowCount === 0) await client.query(`CREATE DATABASE ${ident(dbName)}`);
    await client.query(`ALTER DATABASE ${ident(dbName)} SET plan_cache_mode = force_custom_plan`);
  });
  await withClient(async (client) => {
    if (indexTwins) await client.query(INDEX_TWIN_SQL);
  }, pgDatabaseUrl(dbName));
}

export async function pgDatabaseExists(dbName: string): Promise<boolean> {
  return withClient(async (client) => ((await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName])).rowCount ?? 0) > 0);
}

/** Drops a database made for one test run or benchmark (FerretDB must be stopped first). */
export async function dropPgDatabase(dbName: string): Promise<void> {
  await withClient((client) => client.query(`DROP DATABASE IF EXISTS ${ident(dbName)} WITH (FORCE)`));
}
