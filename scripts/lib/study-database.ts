// The database `npm run backup` and `npm run restore` work on: MONGO_URL when set; otherwise the
// embedded FerretDB of a running `npm start`; otherwise a FerretDB started here on `npm start`'s
// PostgreSQL database for the duration of the command (on a free port, with a state directory of
// its own, so a later `npm start` finds everything as it left it).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureFerretInstalled, startFerret, stopFerret } from './ferretdb';
import { isPortOpen } from './ports';
import { freePort } from './local-services';
import { createPgDatabase, ensurePostgres, pgDatabaseExists } from './postgres';
import { SERVICES, STUDY_FERRET_PORT, STUDY_PG_DATABASE } from './stack';

export interface StudyDatabase {
  /** The service that owns it, as `svc-<name>`. */
  service: string;
  /** The service's short name: participants, scoring, reports. */
  name: string;
  /** The database's name (MONGO_DB). */
  database: string;
}

/**
 * Each service's database: MONGO_DB as the embedded stack sets it (`<prefix><db>`; `npm start`
 * has no prefix, a test stack has one).
 */
export function studyDatabases(prefix = ''): StudyDatabase[] {
  return SERVICES.map((s) => ({ service: `svc-${s.name}`, name: s.name, database: `${prefix}${s.db}` }));
}

export interface OpenStudyDatabaseOptions {
  /** Create `npm start`'s PostgreSQL database when it is missing (restore); otherwise a missing one is an error (there is nothing to back up). */
  create: boolean;
  log: (msg: string) => void;
}

export interface StudyDatabaseConnection {
  /** A MongoDB connection string. */
  url: string;
  /** Where that is, said to the user. */
  where: string;
  /** A running `npm start` uses this database (its services read restored secrets only when they start). */
  stackRunning: boolean;
  /** Stops what was started for this command, if anything. */
  close: () => Promise<void>;
}

export async function openStudyDatabase({ create, log }: OpenStudyDatabaseOptions): Promise<StudyDatabaseConnection> {
  if (process.env.MONGO_URL) return { url: process.env.MONGO_URL, where: 'MONGO_URL', stackRunning: false, close: async () => undefined };
  if (await isPortOpen(STUDY_FERRET_PORT)) {
    return { url: `mongodb://127.0.0.1:${STUDY_FERRET_PORT}/`, where: `the running npm start's FerretDB (127.0.0.1:${STUDY_FERRET_PORT})`, stackRunning: true, close: async () => undefined };
  }
  await ensurePostgres(log);
  if (create) await createPgDatabase(STUDY_PG_DATABASE);
  else if (!(await pgDatabaseExists(STUDY_PG_DATABASE))) {
    throw new Error(`there is nothing to back up: the PostgreSQL database ${STUDY_PG_DATABASE} does not exist (npm start has never run here), and MONGO_URL is not set`);
  }
  ensureFerretInstalled(log);
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'study-ferretdb-'));
  const port = await freePort();
  const ferret = await startFerret({ port, dataDir: stateDir, pgDatabase: STUDY_PG_DATABASE, logFile: path.join(stateDir, 'ferretdb.log') }).catch((err: unknown) => {
    fs.rmSync(stateDir, { recursive: true, force: true });
    throw err;
  });
  log(`npm start is not running: FerretDB started on 127.0.0.1:${port} for this command (PostgreSQL database ${STUDY_PG_DATABASE})`);
  return {
    url: ferret.url,
    where: `FerretDB on the PostgreSQL database ${STUDY_PG_DATABASE}`,
    stackRunning: false,
    close: async () => {
      await stopFerret(ferret);
      fs.rmSync(stateDir, { recursive: true, force: true });
    },
  };
}
