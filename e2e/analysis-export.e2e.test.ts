/**
 * @slices shell gateway mf-admin svc-participants svc-scoring standins/open-humans standins/typefinder
 */
// The analysis export in a real browser against the whole system: participants made over the
// API (consent through the Open Humans stand-in, the TypeFinder widget, Nardi), then an admin on
// /analysis-export downloads the export and its data dictionary; every column of the export is
// named in the dictionary, and the Nardi scores in the file are scoring's.
import { parse as parseCsv } from 'csv-parse/sync';
import { analysisDictionarySchema, nardiScoresSchema, userViewSchema } from '@study/contracts';
import { baseUrl, browserPerFile } from './support/browser';
import { downloadedText, eventually, masterKey } from './support/admin';
import { completeNardiOverApi, completeTypeFinder, consentedParticipant, sessionHeaders } from './support/participant';
import { pseudonymOf } from './support/pseudonym';
import { staffMember, withStaffSession } from './support/staff';

jest.setTimeout(180_000);

const { newPage, shoot } = browserPerFile('admin');

const post = (route: string, body: unknown) =>
  fetch(`${baseUrl()}${route}`, { method: 'POST', headers: { 'content-type': 'application/json', ...sessionHeaders((body as { pgId: string }).pgId) }, body: JSON.stringify(body) });

describe('the analysis export', () => {
  let done: { pgId: string; member: string; studyEmail: string };
  let fresh: { pgId: string; member: string };

  beforeAll(async () => {
    [done, fresh] = await Promise.all([consentedParticipant(), consentedParticipant()]);
    await completeTypeFinder(done.pgId, done.studyEmail);
    await completeNardiOverApi(done.pgId);
    // The Nardi result reaches svc-participants by event (scoring.nardi.completed.v2): wait until the dashboard shows it.
    await eventually(async () => {
      const view = userViewSchema.parse(await (await post('/api/user', { pgId: done.pgId })).json());
      return view.nardi.consistency;
    }, 'the Nardi result on the dashboard');
  });

  test('/analysis-export: a data manager downloads the export and its data dictionary; every export column is named in the dictionary', async () => {
    const page = await newPage();
    await withStaffSession(page.context(), await staffMember('data-manager'));
    await page.goto('/analysis-export');
    await page.getByRole('heading', { name: 'Analysis export', level: 1 }).waitFor();

    const [exportDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download analysis-export.csv' }).click()]);
    expect(exportDownload.suggestedFilename()).toBe('analysis-export.csv');
    await page.getByText(/^analysis-export\.csv has been downloaded \(/).waitFor();
    const csv = await downloadedText(exportDownload);
    expect(csv).not.toContain(masterKey());
    expect(csv).not.toContain(done.studyEmail);

    const [dictionaryDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the data dictionary' }).click()]);
    expect(dictionaryDownload.suggestedFilename()).toBe('analysis-export-dictionary.json');
    await page.getByText(/^analysis-export-dictionary\.json has been downloaded \(/).waitFor();
    const dictionary = analysisDictionarySchema.parse(JSON.parse(await downloadedText(dictionaryDownload)));
    await shoot(page, 'analysis-export');

    const [header, ...rows] = parseCsv(csv) as string[][];
    const named = dictionary.columns.map((column) => column.name);
    expect(header!.filter((column) => !named.includes(column))).toEqual([]);
    expect(named).toEqual(header);

    // Under pseudonyms, the statistics' own: no study ID and no Open Humans member id in the file.
    for (const p of [done, fresh]) expect([csv.includes(p.pgId), csv.includes(p.member)]).toEqual([false, false]);
    const row = (pgId: string) => {
      const found = rows.find((candidate) => candidate[0] === pseudonymOf(pgId));
      return found && Object.fromEntries(header!.map((column, i) => [column, found[i]]));
    };
    const mine = row(done.pgId);
    expect(mine).toMatchObject({ consent: 'true', typeFinderType: 'INTJ', nardiStatus: 'completed' });
    // The 16 Nardi type scores are scoring's own (its POST /api/user/nardi answers them).
    const scores = nardiScoresSchema.parse(await (await post('/api/user/nardi', { pgId: done.pgId })).json());
    expect(scores.typeCodes.map(({ code }) => [code, mine?.[`nardiScore${code}`]])).toEqual(scores.typeCodes.map(({ code, score }) => [code, String(score)]));
    expect(row(fresh.pgId)).toMatchObject({ typeFinderStatus: 'pending', nardiScoreINTJ: '', finalType: '' });
  });

  test('a viewer is told the export is not in their role, and the server refuses it; the page works at phone width', async () => {
    const page = await newPage(375);
    await withStaffSession(page.context(), await staffMember('viewer'));
    await page.goto('/analysis-export');
    await page.getByText(/Your role \(Viewer\) does not include downloading the analysis export/).waitFor();
    expect(await page.getByRole('button', { name: 'Download analysis-export.csv' }).count()).toBe(0);
    // The page offers nothing, and the call itself is refused.
    const status = await page.evaluate(async () => (await fetch('/api/admin/analysis-export', { credentials: 'same-origin' })).status);
    expect(status).toBe(403);
    // Nothing wider than the phone's screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shoot(page, 'analysis-export-refused');
  });
});
