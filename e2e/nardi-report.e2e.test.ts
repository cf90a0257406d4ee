/**
 * @slices shell gateway mf-nardi mf-dashboard svc-participants svc-scoring svc-reports standins/open-humans standins/typefinder
 */
// The Nardi report in a real browser against the whole system: a participant who finished
// TypeFinder and the Nardi survey over HTTP opens /nardi-report and sees every section filled
// from their answers, on a phone-sized and a desktop-sized screen; a participant who has not
// finished the Nardi survey is told the report is not ready yet.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { NARDI_REPORT_NOT_READY_MESSAGE, type NardiFinalResponse, type NardiScoresView } from '@study/contracts';
import { FUNCTIONAL_PAIRS, INTERACTION_STYLES, PERSONALITY_TYPES, TEMPERAMENTS, partThreeOffers, partTwoOffers } from '@study/personality';
import { baseUrl, launchBrowser } from './support/browser';
import { completeNardiOverApi, completeTypeFinder, consentedParticipant, holdSession } from './support/participant';
import { e2eSessions } from './support/session-jar';

jest.setTimeout(120_000);

const SCREENSHOT_DIR = path.resolve(__dirname, '../.test-artifacts/screenshots');

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
});

async function newPage(width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width, height: 900 } });
  contexts.push(context);
  return context.newPage();
}

/** POST to the study's API; answers the status and the JSON body. */
async function post<T>(apiPath: string, body: unknown): Promise<{ status: number; json: T & { error?: string } }> {
  const session = e2eSessions.headersFor((body as { pgId?: unknown }).pgId);
  const res = await fetch(`${baseUrl()}${apiPath}`, { method: 'POST', headers: { 'content-type': 'application/json', ...session }, body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as T & { error?: string } };
}

/** POST /api/user/nardi/final, asked again while the result is on its way (409). */
async function nardiFinal(pgId: string): Promise<NardiFinalResponse> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { status, json } = await post<NardiFinalResponse>('/api/user/nardi/final', { pgId });
    if (status === 200) return json;
    if (status !== 409 || Date.now() > deadline) throw new Error(`/api/user/nardi/final answered ${status}: ${json.error}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function ok<T>(apiPath: string, body: unknown): Promise<T> {
  const { status, json } = await post<T>(apiPath, body);
  if (status !== 200) throw new Error(`${apiPath} answered ${status}: ${json.error}`);
  return json;
}

/** Visiting the dashboard with the study ID in the address stores it on this device. */
async function storeStudyId(page: Page, pgId: string): Promise<void> {
  await holdSession(page, pgId);
  await page.goto(`/survey/${pgId}`);
  await page.getByRole('heading', { level: 1, name: 'Participant Dashboard' }).waitFor();
}

/** The text of each cell of each body row of the table named `caption`. */
async function tableRows(page: Page, caption: string): Promise<string[][]> {
  const table = page.getByRole('table', { name: caption });
  await table.waitFor();
  return table.locator('tbody tr').evaluateAll((rows) =>
    rows.map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => (cell.textContent ?? '').replace(/\s+/g, ' ').trim())),
  );
}

/** "92 of 200 (46%)" -> [92, 46] for each side of each preference pair. */
async function dichotomySides(region: Locator): Promise<{ letter: string; score: number; percent: number }[][]> {
  const items = await region.getByRole('listitem').evaluateAll((lis) =>
    lis.map((li) =>
      Array.from(li.querySelectorAll('.dichotomy__side')).map((side) => ({
        letter: side.querySelector('.dichotomy__letter')?.textContent ?? '',
        score: side.querySelector('.dichotomy__score')?.textContent ?? '',
      })),
    ),
  );
  return items.map((sides) =>
    sides.map(({ letter, score }) => {
      const match = /^(\d+) of 200 \((\d+)%\)$/.exec(score);
      if (!match) throw new Error(`unexpected preference label "${score}"`);
      return { letter, score: Number(match[1]), percent: Number(match[2]) };
    }),
  );
}

async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, name), fullPage: true });
}

describe('/nardi-report', () => {
  let pgId: string;
  let typeCode: string;
  let final: NardiFinalResponse;
  let scores: NardiScoresView;
  let selectedFP: string | undefined;

  beforeAll(async () => {
    const participant = await consentedParticipant();
    pgId = participant.pgId;
    await completeTypeFinder(pgId, participant.studyEmail);
    typeCode = await completeNardiOverApi(pgId);
    final = await nardiFinal(pgId);
    scores = await ok<NardiScoresView>('/api/user/nardi', { pgId });
    // completeNardiOverApi takes the first offer of each part: the pair it chose in part three.
    selectedFP = partThreeOffers(scores.functionalPairs, partTwoOffers(scores.temperaments)[0]?.code)[0]?.code;
  });

  /** Checks every section of the report against the participant's scores and choices. */
  async function checkReport(page: Page): Promise<void> {
    await page.getByRole('region', { name: 'Your top three types' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).allTextContents()).toEqual(['Your Nardi report']);

    // Top 3 types: the best-scoring types of part one, out of 25.
    expect(await tableRows(page, 'Your top three types')).toEqual(
      scores.typeCodes.slice(0, 3).map(({ code, score, rank }) => [String(rank), `${code} ${PERSONALITY_TYPES[code].title}`, `${score} of 25`]),
    );

    // Four preference pairs; the two scores of each sum to 200 and are the part-one scores.
    const sides = await dichotomySides(page.getByRole('region', { name: 'Your preferences' }));
    expect(sides.map((pair) => pair.map(({ letter }) => letter).join('/'))).toEqual(['E/I', 'S/N', 'T/F', 'J/P']);
    for (const pair of sides) {
      expect(pair).toHaveLength(2);
      expect((pair[0]?.score ?? 0) + (pair[1]?.score ?? 0)).toBe(200);
      for (const { letter, score, percent } of pair) {
        expect(score).toBe(scores.dichotPref[letter as keyof NardiScoresView['dichotPref']]);
        expect(percent).toBe(Math.round(score / 2));
      }
    }

    // Cognitive dynamics: the top 2 functional pairs, the one chosen in part three checked.
    const pairs = await tableRows(page, 'Your top two functional pairs');
    const topPairs = scores.functionalPairs.slice(0, 2);
    expect(pairs.map(([rank, name, score]) => [rank, name, score])).toEqual(
      topPairs.map(({ code, score, rank }) => [String(rank), `${code} ${FUNCTIONAL_PAIRS[code].title}${FUNCTIONAL_PAIRS[code].types.join(' and ')}`, `${score} of 50`]),
    );
    expect(pairs.map((row) => row[3])).toEqual(topPairs.map(({ code }) => (code === selectedFP ? '✓your choice' : '')));
    expect(pairs.filter((row) => row[3] === '✓your choice')).toHaveLength(1);

    // Temperaments and interaction styles, ranked with their scores.
    const temperaments = await tableRows(page, 'Your temperaments, ranked');
    expect(temperaments.map(([rank, name, score]) => [rank, name, score])).toEqual(
      scores.temperaments.map(({ code, score, rank }) => [String(rank), `${TEMPERAMENTS[code].title}${TEMPERAMENTS[code].description}`, `${score} of 100`]),
    );
    const styles = await tableRows(page, 'Your interaction styles, ranked by score');
    expect(styles).toHaveLength(4);
    const expectedStyles = Object.entries(scores.interactionStyles)
      .map(([code, score]) => ({ code: code as keyof typeof INTERACTION_STYLES, score }))
      .sort((a, b) => b.score - a.score || a.code.localeCompare(b.code));
    expect(styles.map(([, name, score]) => [name, score])).toEqual(
      expectedStyles.map(({ code, score }) => [`${INTERACTION_STYLES[code].name}${INTERACTION_STYLES[code].description}`, `${score} of 100`]),
    );

    // The favourite snapshot: the type chosen in part four.
    const favourite = PERSONALITY_TYPES[typeCode as keyof typeof PERSONALITY_TYPES];
    expect(await tableRows(page, 'Your favourite snapshot')).toEqual([
      ['Type code', typeCode],
      ['Type name', favourite.title],
      ['Temperament', TEMPERAMENTS[favourite.temperament].title],
      ['Interaction style', INTERACTION_STYLES[favourite.interactionStyle].name],
    ]);

    // Consistency as /api/user/nardi/final gives it.
    expect(final.typeCode).toBe(typeCode);
    await page.getByRole('region', { name: 'Consistency' }).getByText(`${final.consistency}/10`, { exact: true }).waitFor();

    await page.getByRole('region', { name: 'Your favourite snapshot' }).getByText(/about 85% agreement/).waitFor();
    await page.getByRole('region', { name: 'About this report' }).getByRole('heading', { level: 3, name: 'Further reading' }).waitFor();
  }

  test('at 1280 px: every section is filled from the answers; Print and the way back to the dashboard', async () => {
    const page = await newPage(1280);
    await storeStudyId(page, pgId);
    await page.goto('/nardi-report');
    await checkReport(page);
    await screenshot(page, 'nardi-report-1280.png');

    // The keyboard reaches the Print button; printing shows the report without the buttons.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    const print = page.getByRole('button', { name: 'Print' });
    for (let presses = 0; presses < 30 && !(await print.evaluate((button) => button === document.activeElement)); presses++) await page.keyboard.press('Tab');
    expect(await print.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await page.emulateMedia({ media: 'print' });
    expect(await print.isVisible()).toBe(false);
    expect(await page.getByRole('region', { name: 'Your preferences' }).isVisible()).toBe(true);
    await screenshot(page, 'nardi-report-print.png');
    await page.emulateMedia({ media: 'screen' });

    await page.getByRole('link', { name: 'Back to the dashboard' }).first().click();
    await page.waitForURL('**/survey');
    await page.getByRole('heading', { level: 1, name: 'Participant Dashboard' }).waitFor();
  });

  test('at 375 px: the same report fits the screen width', async () => {
    const page = await newPage(375);
    await storeStudyId(page, pgId);
    await page.goto('/nardi-report');
    await checkReport(page);
    await screenshot(page, 'nardi-report-375.png');
    const wide = await page.evaluate(() =>
      Array.from(document.querySelectorAll('body *'))
        .filter((element) => element.getBoundingClientRect().right > 375)
        .slice(0, 5)
        .map((element) => `${element.tagName.toLowerCase()}.${element.className} (${Math.round(element.getBoundingClientRect().right)} px)`),
    );
    expect(wide).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // No table needs to scroll sideways at this width.
    const overflowing = await page
      .locator('.report-table')
      .evaluateAll((wrappers) => wrappers.filter((wrapper) => wrapper.scrollWidth > wrapper.clientWidth).map((wrapper) => `${wrapper.querySelector('caption')?.textContent}: ${wrapper.scrollWidth} > ${wrapper.clientWidth}`));
    expect(overflowing).toEqual([]);
  });
});

test('a participant who has not finished the Nardi survey is told the report is not ready yet', async () => {
  const { pgId, studyEmail } = await consentedParticipant();
  await completeTypeFinder(pgId, studyEmail);
  const page = await newPage(1280);
  await storeStudyId(page, pgId);
  await page.goto('/nardi-report');
  const alert = page.getByRole('alert');
  await alert.getByText('Your report is not ready yet.').waitFor();
  // The server's answer says what the participant can do about it.
  expect(await alert.textContent()).toContain(NARDI_REPORT_NOT_READY_MESSAGE);
  expect(await page.getByRole('link', { name: 'Back to the dashboard' }).getAttribute('href')).toBe('/survey');
  expect(await page.getByRole('button', { name: 'Check again' }).isVisible()).toBe(true);
});
