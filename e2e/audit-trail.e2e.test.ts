/**
 * @slices shell gateway mf-admin svc-participants standins/open-humans
 */
// The audit trail in a real browser against the whole system: a signed-in owner uploads MBTI
// scores and downloads the roster, then sees those actions under their name (and the participant's
// consent) on the Audit trail page, filters it (by person too), has a bad filter refused on the
// field it names, pages back, and exports it as CSV through a download link; the master key is in
// no entry and not in the file.
import { parse as parseCsv } from 'csv-parse/sync';
import type { Locator, Page } from 'playwright-core';
import { AUDIT_CSV_COLUMNS } from '@study/contracts';
import { baseUrl, browserPerFile } from './support/browser';
import { downloadedText, masterKey } from './support/admin';
import { consentedParticipant } from './support/participant';
import { staffMember, withStaffSession, type StaffMemberSession } from './support/staff';

jest.setTimeout(180_000);

const HEADER = 'EMAIL,FormM_WholeType,FormM_pci1,FormM_pci2,FormM_pci3,FormM_pci4,FormM_dpref1,FormM_dpref2,FormM_dpref3,FormM_dpref4';
const UNKNOWN = '6d0c1e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f';
const scoreRow = (pgId: string, type: string, base: number) => `${pgId}@study.localhost,${type},${base},${base + 1},${base + 2},${base + 3},${base + 4},${base + 5},${base + 6},${base + 7}`;

const { newPage, shoot } = browserPerFile('audit-trail');

/** The rows of the entries table: action, by, person, study ID, details (the time left out). */
async function tableRows(page: Page): Promise<string[][]> {
  const table: Locator = page.getByRole('table', { name: 'Audit entries, newest first' });
  await table.waitFor();
  return table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td')).slice(1).map((td) => td.textContent ?? '')));
}

describe('the audit trail', () => {
  let participant: { pgId: string; member: string };
  let page: Page;
  let owner: StaffMemberSession;
  const PERSON = 'Audrey Audit (Owner)';

  beforeAll(async () => {
    participant = await consentedParticipant();
    owner = await staffMember('owner', 'Audrey Audit');
    page = await newPage();
    await withStaffSession(page.context(), owner);
  });

  test('the owner uploads MBTI scores and downloads the roster', async () => {
    await page.goto('/mbti-load');
    const csv = [HEADER, scoreRow(participant.pgId, 'INFP', 10), scoreRow(UNKNOWN, 'ISTJ', 1)].join('\r\n');
    await page.getByLabel('Score file (.csv)').setInputFiles({ name: 'audit-scores.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('button', { name: 'Upload scores' }).click();
    await page.getByText('audit-scores.csv has been uploaded.').waitFor();

    // Signed in, the roster needs no key.
    await page.getByRole('navigation', { name: 'Study team tools' }).getByRole('link', { name: 'Roster' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the roster' }).click()]);
    expect(download.suggestedFilename()).toBe('roster.csv');
  });

  test('the Audit trail page shows those actions newest first, and the participant’s consent', async () => {
    await page.getByRole('navigation', { name: 'Study team tools' }).getByRole('link', { name: 'Audit trail' }).click();
    await page.getByRole('heading', { name: 'Audit trail' }).waitFor();
    // Signed in, the newest entries show at once; the two actions just done lead (other tests may add their own).
    const mine = (await tableRows(page)).filter(([action, , , , details]) => action === 'Roster download' || (action === 'MBTI upload' && details?.includes('unknown: 1')));
    expect(mine.slice(0, 2)).toEqual([
      ['Roster download', 'Study team', PERSON, '–', 'viaLink: true'],
      ['MBTI upload', 'Study team', PERSON, '–', 'rows: 2, added: 1, changed: 0, unchanged: 0, unknown: 1'],
    ]);
    await shoot(page, 'list');

    await page.getByLabel('Study ID').fill(participant.pgId);
    await page.getByRole('button', { name: 'Show entries' }).click();
    await page.getByText('1 entry shown.').waitFor();
    const [consent, ...others] = await tableRows(page);
    expect(others).toEqual([]);
    expect(consent?.slice(0, 4)).toEqual(['Consent given', 'Participant', '–', participant.pgId]);
    expect(consent?.[4]).toMatch(/^reauthorized: false, snpFileUploaded: (true|false), consentVersion: v[1-9][0-9]*, adultCertified: true$/);
  });

  test('a filter out of range is refused, named on its field; a filter by action shows that action only', async () => {
    await page.getByLabel('Study ID').fill('');
    await page.getByLabel('From (day, UTC)').fill('2026-03-05');
    await page.getByLabel('To (day, UTC)').fill('2026-03-01');
    await page.getByRole('button', { name: 'Show entries' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('from must not be after to');
    expect(await page.getByLabel('From (day, UTC)').getAttribute('aria-invalid')).toBe('true');
    await shoot(page, 'refused');

    await page.getByLabel('From (day, UTC)').fill('');
    await page.getByLabel('To (day, UTC)').fill('');
    await page.getByLabel('Action').selectOption({ label: 'MBTI upload' });
    await page.getByRole('button', { name: 'Show entries' }).click();
    const rows = await tableRows(page);
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(new Set(rows.map(([action]) => action))).toEqual(new Set(['MBTI upload']));
  });

  test('the admin exports the filtered list as CSV; the export is itself on record; the key is in neither', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('audit-trail.csv');
    expect(download.url()).not.toContain(masterKey());
    expect(download.url()).toContain('action=mbti.uploaded');
    const text = await downloadedText(download);
    const [header, ...rows] = parseCsv(text) as string[][];
    expect(header).toEqual([...AUDIT_CSV_COLUMNS]);
    expect(new Set(rows.map((row) => row[1]))).toEqual(new Set(['mbti.uploaded']));
    expect(rows.map((row) => JSON.parse(row[AUDIT_CSV_COLUMNS.indexOf('details')] ?? '{}') as Record<string, unknown>)).toContainEqual({ rows: 2, added: 1, changed: 0, unchanged: 0, unknown: 1 });
    await page.getByText('The export has started').waitFor();

    await page.getByLabel('Action').selectOption({ label: 'Audit trail export' });
    await page.getByRole('button', { name: 'Show entries' }).click();
    expect((await tableRows(page))[0]).toEqual(['Audit trail export', 'Study team', PERSON, '–', 'filterAction: mbti.uploaded, viaLink: true']);

    // Filtered by person: only what this owner did.
    await page.getByLabel('Action').selectOption({ label: 'Any action' });
    await page.getByLabel('Person').selectOption({ label: PERSON });
    await page.getByRole('button', { name: 'Show entries' }).click();
    const persons = new Set((await tableRows(page)).map((row) => row[2]));
    expect(persons).toEqual(new Set([PERSON]));

    // The whole trail, as the API gives it, holds the key nowhere.
    const everything = await fetch(`${baseUrl()}/api/admin/audit/export`, { headers: { 'x-master-key': masterKey() } });
    expect(everything.status).toBe(200);
    const all = await everything.text();
    expect(all).toContain('roster.downloaded');
    for (const secret of [masterKey(), encodeURIComponent(masterKey())]) {
      expect(all).not.toContain(secret);
      expect(text).not.toContain(secret);
    }
  });

  test.each([375, 1280])('the Audit trail page fits a %i px wide screen and its table is reached by keyboard', async (width) => {
    const small = await newPage(width);
    await withStaffSession(small.context(), owner);
    await small.goto('/audit-trail');
    await small.getByRole('button', { name: 'Show entries' }).click();
    const region = small.getByRole('region', { name: 'Audit entries' });
    await region.waitFor();
    expect(await region.getAttribute('tabindex')).toBe('0');
    await shoot(small, 'page');
    expect(await small.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
});
