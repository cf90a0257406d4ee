// Figure 8: the admin tools at the study's full size, through the gateway: the upload of one
// MBTI row per stored participant, the same upload again, the statistics download, the roster,
// the enrollment figures, the analysis export and the audit trail's first page.
import { apiPath, callApi } from '@study/api-client';
import { ADMIN_KEY_HEADER, routeKey, routes, staticPrefixOf, type MbtiScores } from '@study/contracts';
import { ApiError } from '@study/ui';
import type { ProcessGroup } from './procs';

const TYPES = ['ESTP', 'ISTP', 'ESFP', 'ISFP', 'ESTJ', 'ISTJ', 'ESFJ', 'ISFJ', 'ENTJ', 'INTJ', 'ENTP', 'INTP', 'ENFJ', 'INFJ', 'ENFP', 'INFP'] as const;

/** The i-th participant's official MBTI scores in the bench's upload: every type in turn, scores 0..36. */
export function mbtiRow(i: number): MbtiScores {
  const base = i % 30;
  return { wholeType: TYPES[(i * 7) % TYPES.length] ?? 'INTJ', pci1: base, pci2: base + 1, pci3: base + 2, pci4: base + 3, dpref1: base + 4, dpref2: base + 5, dpref3: base + 6, dpref4: base + 7 };
}

/** The MBTI upload's body: one row per participant, keyed by study ID. */
export function mbtiUpload(pgIds: readonly string[]): Record<string, MbtiScores> {
  return Object.fromEntries(pgIds.map((pgId, i) => [pgId, mbtiRow(i)]));
}

async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; seconds: number }> {
  const started = process.hrtime.bigint();
  const value = await fn();
  return { value, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}

/** Bytes and newlines of a body read in chunks (a CSV's rows are its lines less the header). */
export async function countBytesAndLines(chunks: AsyncIterable<Uint8Array>): Promise<{ bytes: number; lines: number }> {
  let bytes = 0;
  let lines = 0;
  for await (const chunk of chunks) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines += 1;
  }
  return { bytes, lines };
}

/** Reads a streamed answer to the end, counting bytes and lines without keeping the body. */
async function drain(res: Response): Promise<{ bytes: number; lines: number }> {
  return res.body ? countBytesAndLines(res.body) : { bytes: 0, lines: 0 };
}

async function expectOk(res: Response, what: string): Promise<Response> {
  if (res.ok) return res;
  throw new Error(`${what} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
}

/** A JSON call's refusal as the downloads word theirs: `<what> answered <status>: <message>`. */
async function expectJson<T>(call: Promise<T>, what: string): Promise<T> {
  try {
    return await call;
  } catch (err) {
    if (err instanceof ApiError && err.status !== undefined) throw new Error(`${what} answered ${err.status}: ${err.message.slice(0, 300)}`);
    throw err;
  }
}

/** One row of figure 8; a step that failed has `error` and no rows. */
export interface AdminResult {
  id: string;
  what: string;
  rows: number;
  seconds: number;
  bytes: number | undefined;
  error?: string;
}

/** What of the stack the admin figure needs. */
export interface AdminBenchStack {
  url: string;
  adminMasterKey: string;
  groups: readonly ProcessGroup[];
}

export interface AdminBenchOptions {
  stack: AdminBenchStack;
  /** The stored participants, each of whom gets an MBTI row. */
  pgIds: readonly string[];
  /** How many participants the database holds (the statistics should have a row for each). */
  storedCount: number;
  log: (message: string) => void;
}

/** Answers rows like {what, rows, seconds, bytes}; the stored participants are `pgIds`. */
export async function benchAdmin({ stack, pgIds, storedCount, log }: AdminBenchOptions): Promise<AdminResult[]> {
  const key = stack.adminMasterKey;
  const asStudyTeam = { baseUrl: stack.url, headers: { [ADMIN_KEY_HEADER]: key } };
  const download = (path: string): Promise<Response> => fetch(`${stack.url}${path}`, { headers: asStudyTeam.headers });
  const results: AdminResult[] = [];
  const record = (r: AdminResult): void => {
    results.push(r);
    log(`  ${r.rows} rows in ${r.seconds.toFixed(2)} s`);
  };
  // A step that fails (a gateway timeout on a busy machine) is reported; the next still runs.
  const step = async (id: string, what: string, fn: () => Promise<void>): Promise<void> => {
    const started = process.hrtime.bigint();
    try {
      await fn();
    } catch (err) {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const message = err instanceof Error ? err.message : String(err);
      log(`  ${what} failed after ${seconds.toFixed(1)} s: ${message}`);
      results.push({ id, what: `${what} FAILED`, rows: 0, seconds, bytes: undefined, error: message });
    }
  };

  const upload = mbtiUpload(pgIds);
  const uploadBytes = Buffer.byteLength(JSON.stringify(upload));
  for (const [id, label] of [
    ['upload', `MBTI upload, first time (${routeKey(routes.uploadMbti)})`],
    ['reupload', 'MBTI upload, same file again'],
  ] as const) {
    await step(id, label, async () => {
      log(`${label}...`);
      const run = await timed(() => expectJson(callApi(routes.uploadMbti, { body: upload }, asStudyTeam), 'the MBTI upload'));
      const { insertedCount, matchedCount, modifiedCount, unknownPgIds, updatedParticipants } = run.value;
      log(`  inserted ${insertedCount}, matched ${matchedCount}, modified ${modifiedCount}, unknown ${unknownPgIds.length}, participants updated ${updatedParticipants}`);
      record({ id, what: label, rows: pgIds.length, seconds: run.seconds, bytes: uploadBytes });
    });
  }

  // The uploads' events (one per new result) go on to svc-scoring and back: the reads below are
  // measured on the settled stack, as a study team member would meet it, and the wait is shown.
  const { waitUntilQuiet } = await import('./idle');
  const quiet = await waitUntilQuiet({ groups: stack.groups });
  log(`  the stack ${quiet.settled ? 'settled' : 'was still busy'} ${quiet.seconds.toFixed(0)} s after the uploads`);

  await step('stats', 'statistics CSV', async () => {
    log(`Statistics download (${routeKey(routes.statistics)})...`);
    const stats = await timed(async () => drain(await expectOk(await download(apiPath(routes.statistics)), 'the statistics download')));
    record({ id: 'stats', what: `statistics CSV (${routeKey(routes.statistics)})`, rows: stats.value.lines - 1, seconds: stats.seconds, bytes: stats.value.bytes });
  });

  await step('roster', 'roster CSV', async () => {
    // The key sits in the roster's path (as the spec has it): the figure names its place, never the key.
    const rosterAt = `${routes.roster.method} ${staticPrefixOf(routes.roster)}`;
    log(`Roster download (${rosterAt}/{masterKey})...`);
    const roster = await timed(async () => drain(await expectOk(await fetch(`${stack.url}${apiPath(routes.roster, { masterKey: key })}`), 'the roster download')));
    record({ id: 'roster', what: `roster CSV (${rosterAt}/{key})`, rows: roster.value.lines - 1, seconds: roster.seconds, bytes: roster.value.bytes });
  });

  await step('enrollment', 'enrollment figures', async () => {
    log(`Enrollment figures (${routeKey(routes.enrollment)})...`);
    const enrollment = await timed(() => expectJson(callApi(routes.enrollment, {}, asStudyTeam), 'the enrollment figures'));
    record({ id: 'enrollment', what: `enrollment figures (${routeKey(routes.enrollment)})`, rows: enrollment.value.participants, seconds: enrollment.seconds, bytes: undefined });
  });

  // Issue 13's admin reads: the analysis export (one row per participant, joined in code from two
  // cursors) beside the roster above, and the audit trail that every call above appended to.
  await step('export', 'analysis export CSV', async () => {
    log(`Analysis export (${routeKey(routes.analysisExport)})...`);
    const exported = await timed(async () => drain(await expectOk(await download(apiPath(routes.analysisExport)), 'the analysis export')));
    record({ id: 'export', what: `analysis export CSV (${routeKey(routes.analysisExport)})`, rows: exported.value.lines - 1, seconds: exported.seconds, bytes: exported.value.bytes });
  });

  await step('audit', 'audit trail, first page', async () => {
    log(`Audit trail, first page (${routeKey(routes.auditTrail)})...`);
    const page = await timed(() => expectJson(callApi(routes.auditTrail, {}, asStudyTeam), 'the audit trail'));
    record({ id: 'audit', what: `audit trail, first page (${routeKey(routes.auditTrail)})`, rows: page.value.entries.length, seconds: page.seconds, bytes: undefined });
  });

  const statsRows = results.find((r) => r.id === 'stats' && !r.error)?.rows;
  if (statsRows !== undefined && statsRows !== storedCount) log(`  note: the statistics held ${statsRows} rows, ${storedCount} participants are stored`);
  return results;
}
