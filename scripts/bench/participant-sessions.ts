// The bench's participants, as their browsers would be: @study/participant-client (loaded once
// through ts-module.ts) makes them and calls for them, and one session jar holds every
// participant's session cookie: the one a consent (POST /api/consent) began, or, for participants
// the bench stores directly (never consented through the API), a cookie signed with the stack's
// session secret, as if they had confirmed with Open Humans.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadTs } from './ts-module';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Inside the repository: the bundle requires its other packages (zod, ...) from node_modules. */
const DEFAULT_WORK_DIR = path.join(ROOT, '.test-artifacts', 'bench-modules');

/** @type {Promise<typeof import('../../packages/participant-client/src')> | undefined} */
let clientModule;
/** @type {import('../../packages/participant-client/src').SessionJar | undefined} */
let jar;

/**
 * @study/participant-client, bundled once (`workDir`: where the bundle goes), with the bench's one session jar.
 * @returns {Promise<typeof import('../../packages/participant-client/src')>}
 */
export async function participantClientModule(workDir = DEFAULT_WORK_DIR) {
  clientModule ??= loadTs(path.join(ROOT, 'packages', 'participant-client', 'src', 'index.ts'), workDir, 'participant-client');
  const pc = await clientModule;
  jar ??= new pc.SessionJar();
  return pc;
}

/**
 * A client for the bench's participants on the stack at `baseUrl`, holding their sessions in the
 * bench's one jar. `retry` as @study/participant-client's option (none: the first error answer throws).
 * @param {{ baseUrl: string, typeFinderWidgetUrl?: string, retry?: import('../../packages/participant-client/src').RetryOption, workDir?: string, resultWaitMs?: number, pollMs?: number }} o
 */
export async function participantClient({ workDir, ...options }) {
  const pc = await participantClientModule(workDir);
  return new pc.ParticipantClient({ ...options, sessions: jar });
}

/** The Cookie header of a participant's session, if the bench holds one. */
export function sessionCookieOf(pgId) {
  return jar?.headersFor(pgId).cookie;
}

/** Holds these sessions (Cookie headers, as signedSessionCookies answers them) for the participants' calls. */
export async function keepSessions(pgIds, cookies, workDir) {
  await participantClientModule(workDir);
  pgIds.forEach((pgId, i) => jar.hold(pgId, cookies[i]));
}

/** A session cookie for each stored participant, signed with the stack's PARTICIPANT_SESSION_SECRET. */
export async function signedSessionCookies({ root, workDir, secret, pgIds }) {
  const { sessionCookie } = await loadTs(path.join(root, 'packages', 'participant-session', 'src', 'index.ts'), workDir, 'participant-session');
  const now = new Date();
  return pgIds.map((pgId) => sessionCookie(secret, { pgId, confirmedAt: now }, { secure: false }).split(';')[0]);
}
