/**
 * @slices shell gateway mf-admin mf-dashboard svc-participants svc-scoring standins/open-humans standins/typefinder
 */
// The study team's tools in a real browser against the whole system: the MBTI score upload
// (with rows that cannot be used), the participants' dashboards afterwards, the statistics and
// roster downloads, the enrollment figures; and on the server side: every admin call refused
// without the key, repeated wrong keys answered 429, and the key absent from every log.
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { ROSTER_CSV_COLUMNS, STATS_CSV_COLUMNS } from '@study/contracts';
import { baseUrl, browserPerFile } from './support/browser';
import { downloadedText, eventually, masterKey } from './support/admin';
import { completeNardiOverApi, completeTypeFinder, consentedParticipant, holdSession } from './support/participant';
import { e2eSessions } from './support/session-jar';
import { pseudonymOf } from './support/pseudonym';
import { statusFromOtherAddress } from './support/local-address';
import { staffMember, withStaffSession, type StaffMemberSession } from './support/staff';

jest.setTimeout(180_000);

const HEADER = 'EMAIL,FormM_WholeType,FormM_pci1,FormM_pci2,FormM_pci3,FormM_pci4,FormM_dpref1,FormM_dpref2,FormM_dpref3,FormM_dpref4';
const UNKNOWN = '0b5f3c2e-8d1a-4c6b-9e7f-123456789abc';

const { newPage, shoot } = browserPerFile('admin');

/** The data manager the tools are used as, signed in for the file. */
let manager: StaffMemberSession;

/** A page of a browser signed in as the data manager. */
async function signedInPage(width?: number) {
  const page = await newPage(width);
  await withStaffSession(page.context(), manager);
  return page;
}

const api = (method: 'GET' | 'POST', route: string, { key, body }: { key?: string | null; body?: unknown } = {}) =>
  fetch(`${baseUrl()}${route}`, {
    method,
    headers: { ...(key ? { 'x-master-key': key } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...e2eSessions.headersFor((body as { pgId?: unknown } | undefined)?.pgId) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function finalScore(pgId: string): Promise<{ status: number; typeCode?: string; computedAt?: string }> {
  const res = await api('POST', '/api/user/survey/final', { body: { pgId } });
  return { status: res.status, ...((await res.json()) as { typeCode?: string; computedAt?: string }) };
}

const scoreRow = (pgId: string, type: string, base: number) => `${pgId}@study.localhost,${type},${base},${base + 1},${base + 2},${base + 3},${base + 4},${base + 5},${base + 6},${base + 7}`;

describe('the study team tools', () => {
  let p1: { pgId: string; member: string };
  let p2: { pgId: string; member: string };
  let p3: { pgId: string; member: string };
  let scoredBefore: { typeCode?: string; computedAt?: string };

  beforeAll(async () => {
    manager = await staffMember('data-manager', 'Dana Data');
    [p1, p2, p3] = await Promise.all([consentedParticipant(), consentedParticipant(), consentedParticipant()]);
    // p3 has a final score before the upload: the three required surveys, the self-assessment declined.
    const { studyEmail } = { studyEmail: `${p3.pgId}@study.localhost` };
    await completeTypeFinder(p3.pgId, studyEmail);
    await completeNardiOverApi(p3.pgId);
    const declined = await api('POST', '/api/user/survey/upd', { body: { pgId: p3.pgId, update: { selfAssessment: { status: 'rejected' } } } });
    expect(declined.status).toBe(200);
    scoredBefore = await eventually(async () => {
      const score = await finalScore(p3.pgId);
      return score.status === 200 ? score : undefined;
    }, 'the final score before the upload');
  });

  test('/mbti-load: a signed-in data manager uploads a CSV with a few bad rows and sees the counts and the bad rows', async () => {
    const page = await signedInPage();
    await page.goto('/mbti-load');
    await page.getByRole('heading', { name: 'MBTI Scores' }).waitFor();
    await page.getByText('Signed in as Dana Data (Data manager)').waitFor();
    const csv = [
      HEADER,
      scoreRow(p1.pgId, 'INTJ', 10),
      scoreRow(p2.pgId.toUpperCase(), 'enfp', 20),
      ',INTJ,1,2,3,4,5,6,7,8',
      'not-a-study-id@study.localhost,INTJ,1,2,3,4,5,6,7,8',
      scoreRow(p3.pgId, 'ESFP', 30),
      scoreRow(UNKNOWN, 'XXXX', 1),
      `${p1.pgId}@study.localhost,INTJ,1,two,3,4,5,6,7,8`,
      scoreRow(UNKNOWN, 'ISTJ', 1),
    ].join('\r\n');
    await page.getByLabel('Score file (.csv)').setInputFiles({ name: 'scores.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Upload scores' }).click();
    await page.getByText('scores.csv has been uploaded.').waitFor();

    const counts = page.getByLabel('Upload counts');
    expect(await counts.locator('dt').allTextContents()).toEqual(['Inserted', 'Matched', 'Modified', 'Deleted', 'Upserted']);
    expect(await counts.locator('dd').allTextContents()).toEqual(['3', '0', '0', '0', '0']);
    expect(await page.getByLabel('Unknown study IDs').getByRole('listitem').allTextContents()).toEqual([UNKNOWN]);
    const rejected = page.getByRole('region', { name: 'Rows not used (4)' });
    const rows = await rejected.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent)));
    expect(rows).toEqual([
      ['4', 'no EMAIL'],
      ['5', 'EMAIL "not-a-study-id@study.localhost" does not start with a study ID (a version-4 UUID before the @)'],
      ['7', 'FormM_WholeType "XXXX" is not one of the 16 types'],
      ['8', 'FormM_pci2 "two" is not a number'],
    ]);
  });

  test('the participants’ dashboards then show their MBTI type, and the final score is computed again with it', async () => {
    const page = await newPage();
    for (const [participant, type] of [
      [p1, 'INTJ'],
      [p2, 'ENFP'],
    ] as const) {
      await holdSession(page, participant.pgId);
      await page.goto(`/survey/${participant.pgId}`);
      const card = page.getByRole('region', { name: 'Official MBTI result' });
      await card.waitFor();
      expect((await card.textContent()) ?? '').toContain(type);
    }
    const recomputed = await eventually(async () => {
      const score = await finalScore(p3.pgId);
      return score.status === 200 && score.computedAt !== scoredBefore.computedAt ? score : undefined;
    }, 'scoring to compute the final score again with the MBTI result');
    expect(Date.parse(recomputed.computedAt ?? '')).toBeGreaterThan(Date.parse(scoredBefore.computedAt ?? ''));
  });

  test('Download statistics downloads the statistics CSV in the browser', async () => {
    const page = await signedInPage();
    await page.goto('/mbti-load');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download statistics' }).click()]);
    expect(download.suggestedFilename()).toBe('statistics.csv');
    expect(download.url()).not.toContain(masterKey());
    const [header, ...rows] = parseCsv(await downloadedText(download)) as string[][];
    expect(header).toEqual([...STATS_CSV_COLUMNS]);
    // Under pseudonyms: no study ID in the file.
    for (const p of [p1, p3]) expect(rows.some((row) => row.includes(p.pgId))).toBe(false);
    const p1Row = rows.find((row) => row[0] === pseudonymOf(p1.pgId));
    expect(p1Row && Object.fromEntries(STATS_CSV_COLUMNS.map((column, i) => [column, p1Row[i]]))).toMatchObject({ consent: 'true', dataReady: 'true', mbtiType: 'INTJ' });
    expect(rows.find((row) => row[0] === pseudonymOf(p3.pgId))?.[STATS_CSV_COLUMNS.indexOf('finalType')]).toMatch(/^([EI][SN][TF][JP]|Inconclusive)$/);
    await page.getByText('The statistics download has started.').waitFor();
  });

  test('/ready-csv downloads roster.csv with the Open Humans member ids', async () => {
    const page = await newPage();
    await page.goto('/ready-csv');
    await page.getByLabel('Master Key').fill(masterKey());
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Submit' }).click()]);
    expect(download.suggestedFilename()).toBe('roster.csv');
    const [header, ...rows] = parseCsv(await downloadedText(download)) as string[][];
    expect(header).toEqual([...ROSTER_CSV_COLUMNS]);
    expect(rows.find((row) => row[0] === p1.pgId)?.slice(0, 3)).toEqual([p1.pgId, p1.member, 'true']);
    await page.getByText('roster.csv has been downloaded.').waitFor();
    await shoot(page, 'ready-csv');

    await page.getByLabel('Master Key').fill('not-the-master-key');
    await page.getByRole('button', { name: 'Submit' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('The master key is not correct.');
  });

  test('/ready-csv gives a signed-in data manager the roster without typing the key', async () => {
    const page = await signedInPage();
    await page.goto('/ready-csv');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the roster' }).click()]);
    expect(download.suggestedFilename()).toBe('roster.csv');
    expect(download.url()).not.toContain(masterKey());
    const [header, ...rows] = parseCsv(await downloadedText(download)) as string[][];
    expect(header).toEqual([...ROSTER_CSV_COLUMNS]);
    expect(rows.find((row) => row[0] === p1.pgId)?.slice(0, 2)).toEqual([p1.pgId, p1.member]);
  });

  test('/enrollment shows the participants by final type and by step, as charts and tables', async () => {
    const page = await signedInPage();
    await page.goto('/enrollment');
    const byType = page.getByRole('table', { name: /^Participants by final type/ });
    await byType.waitFor();
    expect(await byType.locator('tbody tr').count()).toBe(17);
    const steps = page.getByRole('table', { name: 'Participants at each step' });
    const mbtiRow = steps.locator('tbody tr').filter({ hasText: 'MBTI result in' });
    expect(Number(await mbtiRow.locator('td').first().textContent())).toBeGreaterThanOrEqual(3);
    expect(await page.locator('.bar-chart svg').count()).toBe(16 + 8);
    await shoot(page, 'enrollment');
  });

  test.each([375, 1280])('the admin pages fit a %i px wide screen', async (width) => {
    const page = await signedInPage(width);
    for (const [route, ready] of [
      ['/mbti-load', 'Upload scores'],
      // Signed in, the figures show at once.
      ['/enrollment', 'Refresh'],
      ['/ready-csv', 'Submit'],
    ] as const) {
      await page.goto(route);
      await page.getByRole('button', { name: ready }).waitFor();
      if (route === '/mbti-load') {
        // Only rows that change nothing: a study ID of nobody and rows that cannot be used.
        const csv = [HEADER, scoreRow(UNKNOWN, 'ISTJ', 1), ',INTJ,1,2,3,4,5,6,7,8', scoreRow(UNKNOWN, 'INTX', 1)].join('\n');
        await page.getByLabel('Score file (.csv)').setInputFiles({ name: 'layout-check.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
        await shoot(page, 'mbti-load-before');
        await page.getByRole('button', { name: ready }).click();
        await page.getByRole('region', { name: 'Rows not used (2)' }).waitFor();
        await shoot(page, 'mbti-load-after');
      }
      if (route === '/enrollment') await page.getByRole('table', { name: 'Participants at each step' }).waitFor();
      if (route !== '/mbti-load') await shoot(page, `${route.slice(1)}-page`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
  });
});

describe('access to the admin calls', () => {
  const calls: [string, (key: string | null) => Promise<Response>][] = [
    ['POST /api/user/mbti', (key) => api('POST', '/api/user/mbti', { key, body: { [UNKNOWN]: { wholeType: 'INTJ', pci1: 1, pci2: 1, pci3: 1, pci4: 1, dpref1: 1, dpref2: 1, dpref3: 1, dpref4: 1 } } })],
    ['GET /api/stats', (key) => api('GET', '/api/stats', { key })],
    ['GET /api/admin/enrollment', (key) => api('GET', '/api/admin/enrollment', { key })],
    ['POST /api/admin/download-links', (key) => api('POST', '/api/admin/download-links', { key, body: { resource: 'stats' } })],
  ];

  test.each(calls)('%s answers 401 without the key and 403 with a wrong one', async (_name, call) => {
    expect((await call(null)).status).toBe(401);
    expect((await call(`${masterKey()}-wrong`)).status).toBe(403);
  });

  test('GET /api/ohready/{masterKey} answers 403 with a wrong key', async () => {
    expect((await api('GET', `/api/ohready/${encodeURIComponent(`${masterKey()}-wrong`)}`)).status).toBe(403);
  });

  test('repeated wrong keys are answered 429, on every route', async () => {
    // From a loopback address of its own: the lock holds for the address over every route for the
    // whole window, and the other browser tests share the stack from 127.0.0.1.
    const from = (method: 'GET' | 'POST', route: string, key: string) => statusFromOtherAddress(`${baseUrl()}${route}`, { method, headers: { 'x-master-key': key } });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12 && statuses.at(-1) !== 429; attempt += 1) statuses.push(await from('POST', '/api/typefinder/import', `wrong-key-${attempt}-0123456789`));
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.slice(0, -1).every((status) => status === 403)).toBe(true);
    // Locked: the right key does not get through from this address either, on any route, until the window ends.
    expect(await from('POST', '/api/typefinder/import', masterKey())).toBe(429);
    expect(await from('GET', '/api/admin/enrollment', masterKey())).toBe(429);
    // Other addresses are not locked.
    expect((await api('GET', '/api/admin/enrollment', { key: masterKey() })).status).toBe(200);
  });

  test('the master key is in no log the services and the gateway wrote', async () => {
    const dir = process.env.E2E_LOG_DIR;
    if (!dir) throw new Error('E2E_LOG_DIR is not set');
    const files = fs.readdirSync(dir).filter((name) => name.endsWith('.log'));
    expect(files).toEqual(expect.arrayContaining(['gateway.log', 'participants.log']));
    const key = masterKey();
    for (const name of files) {
      const text = fs.readFileSync(path.join(dir, name), 'utf8');
      expect({ file: name, hasKey: text.includes(key) || text.includes(encodeURIComponent(key)) }).toEqual({ file: name, hasKey: false });
    }
    // The roster call was logged, by its route template.
    expect(fs.readFileSync(path.join(dir, 'participants.log'), 'utf8')).toContain('/api/ohready/:masterKey');
  });
});
