/**
 * @slices shell gateway mf-admin svc-participants svc-scoring standins/open-humans standins/typefinder
 */
// Running the study from the admin pages, in a real browser against the whole system: three
// participants made here (consent to the current text, TypeFinder, Nardi, two MBTI results, the
// self-assessment declined) move the enrollment funnel and the agreement figures by exactly what
// they are; the admin then sees the consent versions, downloads the analysis export and its data
// dictionary (every column named there, the three participants' types in it), and finds all of
// that in the audit trail. The figures are compared with a reading taken before the participants
// were made, as the browser tests share one stack and run one file at a time.
import { parse as parseCsv } from 'csv-parse/sync';
import {
  analysisDictionarySchema,
  consentTextViewSchema,
  consentVersionsOverviewSchema,
  enrollmentSchema,
  type Enrollment,
  type EnrollmentStep,
  type PairAgreement,
} from '@study/contracts';
import { TYPE_CODES } from '@study/personality';
import { baseUrl, browserPerFile } from './support/browser';
import { staffMember, withStaffSession, type StaffMemberSession } from './support/staff';
import { downloadedText, eventually, masterKey } from './support/admin';
import { authorizeProject, completeNardiOverApi, completeTypeFinder, randomMemberId, studySettings } from './support/participant';
import { e2eSessions } from './support/session-jar';
import { pseudonymOf } from './support/pseudonym';

jest.setTimeout(240_000);

const { newPage, shoot } = browserPerFile('admin-operations');

const api = async (method: 'GET' | 'POST', route: string, { key, body, cookie }: { key?: string; body?: unknown; cookie?: string } = {}) => {
  const res = await fetch(`${baseUrl()}${route}`, {
    method,
    headers: {
      ...(key ? { 'x-master-key': key } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...e2eSessions.headersFor((body as { pgId?: unknown } | undefined)?.pgId),
      ...(cookie ? { cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${route} answered ${res.status}: ${await res.text()}`);
  return res;
};

const enrollment = async (): Promise<Enrollment> => enrollmentSchema.parse(await (await api('GET', '/api/admin/enrollment', { key: masterKey() })).json());
const stepCount = (figures: Enrollment, step: EnrollmentStep) => figures.steps.find((s) => s.step === step)?.count ?? 0;
const pairOf = (figures: Enrollment, first: string, second: string): PairAgreement => {
  const pair = figures.agreement?.find((p) => p.first === first && p.second === second);
  if (!pair) throw new Error(`no agreement figures for ${first} and ${second}`);
  return pair;
};

const MBTI_HEADER = 'EMAIL,FormM_WholeType,FormM_pci1,FormM_pci2,FormM_pci3,FormM_pci4,FormM_dpref1,FormM_dpref2,FormM_dpref3,FormM_dpref4';

interface Made {
  pgId: string;
  member: string;
  typeFinder: string;
  nardi: string;
  mbti?: string;
}

const letters = (type: string) => ({ energy: type[0] as string, information: type[1] as string, decisions: type[2] as string, lifestyle: type[3] as string });

/** The owner the study team's pages are used as in this file. */
let owner: StaffMemberSession | undefined;

/** A page signed in as that owner. */
async function ownerPage() {
  const page = await newPage();
  owner ??= await staffMember('owner');
  await withStaffSession(page.context(), owner);
  return page;
}

describe('running the study from the admin pages', () => {
  let before: Enrollment;
  let versionBefore: { versionId: string; latestConsents: number };
  const made: Made[] = [];

  beforeAll(async () => {
    before = await enrollment();
    const current = consentTextViewSchema.parse(await (await api('GET', '/api/consent/text')).json());
    const overview = consentVersionsOverviewSchema.parse(await (await api('GET', '/api/admin/consent-versions', { key: masterKey() })).json());
    versionBefore = { versionId: current.versionId, latestConsents: overview.versions.find((v) => v.versionId === current.versionId)?.latestConsents ?? 0 };

    const { studyEmailHost } = await studySettings();
    const plan = [
      { typeFinder: 'INTJ', mbti: 'INTJ' },
      { typeFinder: 'ESFP', mbti: 'ISFP' },
      { typeFinder: 'INTJ' },
    ];
    for (const step of plan) {
      const member = randomMemberId();
      const { code, state, cookie } = await authorizeProject(member);
      // Consent as the page gives it: to the current text, with the 18+ certification, from the browser that started the authorization.
      const consented = await api('POST', '/api/consent', { body: { code, state, versionId: current.versionId, adult: true }, cookie });
      const { pgId } = (await consented.json()) as { pgId: string };
      e2eSessions.keep(consented, pgId);
      await completeTypeFinder(pgId, `${pgId}@${studyEmailHost}`, letters(step.typeFinder));
      const nardi = await completeNardiOverApi(pgId);
      await api('POST', '/api/user/survey/upd', { body: { pgId, update: { selfAssessment: { status: 'rejected' } } } });
      made.push({ pgId, member, typeFinder: step.typeFinder, nardi, ...(step.mbti ? { mbti: step.mbti } : {}) });
    }
  });

  test('the Enrollment page shows the funnel and the agreement moved by exactly the participants made', async () => {
    const page = await ownerPage();
    // The MBTI results go in through the upload page, as the study team does it.
    await page.goto('/mbti-load');
    const { studyEmailHost } = await studySettings();
    const rows = made.filter((m) => m.mbti).map((m) => `${m.pgId}@${studyEmailHost},${m.mbti},1,2,3,4,5,6,7,8`);
    const csv = [MBTI_HEADER, ...rows].join('\n');
    await page.getByLabel('Score file (.csv)').setInputFiles({ name: 'operations.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Upload scores' }).click();
    await page.getByText('operations.csv has been uploaded.').waitFor();

    // Final types are computed from events: wait until all three have one (asked of the
    // participants' own call, as the admin calls are rate-limited per address).
    for (const m of made) {
      await eventually(async () => {
        const res = await fetch(`${baseUrl()}/api/user/survey/final`, { method: 'POST', headers: { 'content-type': 'application/json', ...e2eSessions.headersFor(m.pgId) }, body: JSON.stringify({ pgId: m.pgId }) });
        const score = res.status === 200 ? ((await res.json()) as { typeCode?: string; computedAt?: string }) : undefined;
        return score?.computedAt ? score : undefined;
      }, `the final type of ${m.pgId}`, 60_000);
    }
    const after = await eventually(async () => {
      const figures = await enrollment();
      return stepCount(figures, 'finalType') - stepCount(before, 'finalType') >= made.length ? figures : undefined;
    }, 'the enrollment figures counting the final types', 60_000);

    const expectedSteps: Partial<Record<EnrollmentStep, number>> = { enrolled: 3, consented: 3, typeFinder: 3, nardi: 3, mbti: 2, finalType: 3 };
    for (const [step, delta] of Object.entries(expectedSteps) as [EnrollmentStep, number][]) {
      expect({ step, delta: stepCount(after, step) - stepCount(before, step) }).toEqual({ step, delta });
    }

    // TypeFinder against Nardi: three more participants with both, each in its own cell.
    const tfNardiBefore = pairOf(before, 'typeFinder', 'nardi');
    const tfNardiAfter = pairOf(after, 'typeFinder', 'nardi');
    expect(tfNardiAfter.n - tfNardiBefore.n).toBe(3);
    expect(tfNardiAfter.wholeType.agreeing - tfNardiBefore.wholeType.agreeing).toBe(made.filter((m) => m.typeFinder === m.nardi).length);
    const cellDelta = new Map<string, number>();
    for (const m of made) cellDelta.set(`${m.typeFinder}/${m.nardi}`, (cellDelta.get(`${m.typeFinder}/${m.nardi}`) ?? 0) + 1);
    for (const [cell, delta] of cellDelta) {
      const [row, column] = cell.split('/') as [string, string];
      const r = TYPE_CODES.indexOf(row as (typeof TYPE_CODES)[number]);
      const c = TYPE_CODES.indexOf(column as (typeof TYPE_CODES)[number]);
      expect({ cell, delta: (tfNardiAfter.confusion[r]?.[c] ?? 0) - (tfNardiBefore.confusion[r]?.[c] ?? 0) }).toEqual({ cell, delta });
    }
    // TypeFinder against MBTI: INTJ/INTJ agrees on everything, ESFP/ISFP on all but E-I.
    const tfMbtiBefore = pairOf(before, 'typeFinder', 'mbti');
    const tfMbtiAfter = pairOf(after, 'typeFinder', 'mbti');
    expect(tfMbtiAfter.n - tfMbtiBefore.n).toBe(2);
    expect(tfMbtiAfter.wholeType.agreeing - tfMbtiBefore.wholeType.agreeing).toBe(1);
    const agreeing = (pair: PairAgreement) => pair.letters.map((l) => l.agreeing);
    expect(agreeing(tfMbtiAfter).map((n, i) => n - (agreeing(tfMbtiBefore)[i] ?? 0))).toEqual([1, 2, 2, 2]);

    // The page shows those same figures.
    await page.getByRole('navigation', { name: 'Study team tools' }).getByRole('link', { name: 'Enrollment' }).click();
    await page.getByRole('button', { name: /Show figures|Refresh/ }).click();
    const steps = page.getByRole('table', { name: 'Participants at each step' });
    await steps.waitFor();
    const shown = async (label: string) => Number((await steps.locator('tbody tr').filter({ hasText: label }).locator('td').first().textContent())?.replace(/\D/g, ''));
    expect(await shown('Consented')).toBe(stepCount(after, 'consented'));
    expect(await shown('MBTI result in')).toBe(stepCount(after, 'mbti'));
    const tfMbti = page.getByRole('region', { name: 'Agreement of TypeFinder and MBTI' });
    const wholeRow = tfMbti.locator('tbody tr').filter({ hasText: 'Whole type' });
    expect(Number((await wholeRow.locator('td').first().textContent())?.replace(/\D/g, ''))).toBe(tfMbtiAfter.wholeType.agreeing);
    const confusion = page.getByRole('region', { name: /Types by TypeFinder \(rows\) and Nardi \(columns\)/ });
    const [first] = made;
    if (!first) throw new Error('no participant made');
    const row = confusion.locator('tbody tr').filter({ has: page.getByRole('rowheader', { name: first.typeFinder, exact: true }) });
    const column = TYPE_CODES.indexOf(first.nardi as (typeof TYPE_CODES)[number]);
    const r = TYPE_CODES.indexOf(first.typeFinder as (typeof TYPE_CODES)[number]);
    expect(Number(await row.locator('td').nth(column).textContent())).toBe(tfNardiAfter.confusion[r]?.[column]);
    await shoot(page, 'enrollment');
  });

  test('the Consent page counts the three consents under the current version', async () => {
    const page = await ownerPage();
    await page.goto('/consent-versions');
    // Signed in, the versions show at once.
    const table = page.getByRole('table', { name: 'Consent versions' });
    await table.waitFor();
    const current = table.locator('tbody tr').filter({ has: page.getByRole('rowheader', { name: `${versionBefore.versionId} (current)` }) });
    expect(Number((await current.locator('td').last().textContent())?.replace(/\D/g, ''))).toBe(versionBefore.latestConsents + 3);
  });

  test('the admin downloads the analysis export and its dictionary: every column is named there, and the three are in it', async () => {
    const page = await ownerPage();
    await page.goto('/analysis-export');
    const [exportDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download analysis-export.csv' }).click()]);
    const exportCsv = await downloadedText(exportDownload);
    const [dictionaryDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the data dictionary' }).click()]);
    const dictionary = analysisDictionarySchema.parse(JSON.parse(await downloadedText(dictionaryDownload)));

    const records = parseCsv(exportCsv, { columns: true, skip_empty_lines: true }) as Record<string, string>[];
    const header = Object.keys(records[0] ?? {});
    const named = new Set(dictionary.columns.map((column) => column.name));
    expect(header.filter((column) => !named.has(column))).toEqual([]);
    expect([...named].filter((column) => !header.includes(column))).toEqual([]);
    for (const m of made) {
      // Under their pseudonym: neither the study ID nor the Open Humans member id is in the file.
      expect([exportCsv.includes(m.pgId), exportCsv.includes(m.member)]).toEqual([false, false]);
      const record = records.find((r) => r.pseudonym === pseudonymOf(m.pgId));
      expect(record).toBeDefined();
      expect(Object.values(record ?? {})).toEqual(expect.arrayContaining([m.typeFinder, m.nardi]));
    }
  });

  test('the audit trail lists what the admin just did, newest first, and the consents', async () => {
    const page = await ownerPage();
    await page.goto('/audit-trail');
    const table = page.getByRole('table', { name: 'Audit entries, newest first' });
    await table.waitFor();
    const text = (await table.locator('tbody').textContent()) ?? '';
    for (const action of ['Analysis export download', 'Enrollment view', 'MBTI upload']) expect(text).toContain(action);
    expect(text).not.toContain(masterKey());
    // Each participant's consent is on record, with the version agreed to.
    const [first] = made;
    await page.getByLabel('Study ID').fill(first?.pgId ?? '');
    await page.getByRole('button', { name: 'Show entries' }).click();
    await page.getByText('1 entry shown.').waitFor();
    const consent = (await table.locator('tbody').textContent()) ?? '';
    expect(consent).toContain('Consent given');
    expect(consent).toContain(versionBefore.versionId);
    await shoot(page, 'audit');
  });
});
