/**
 * @slices shell gateway mf-dashboard svc-participants svc-scoring svc-reports standins/open-humans standins/typefinder
 */
// Leaving the study from the dashboard, in a real browser against the whole system: a participant
// takes the study to their final report, which the study puts on their Open Humans account (the
// stand-in holds it); then 'Withdraw from the study' with erasure removes them from the Open Humans
// project and erases them in every service, and the browser forgets the study ID.
import { createHash } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, launchBrowser } from './support/browser';
import { completeNardiOverApi, completeTypeFinder, consentedParticipant, holdSession, sessionHeaders } from './support/participant';

jest.setTimeout(120_000);

interface StandinFile {
  basename: string;
  sha256: string;
  uploaded_by_project: boolean;
}

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

function openHumansUrl(): string {
  const url = process.env.E2E_OPENHUMANS_URL;
  if (!url) throw new Error('E2E_OPENHUMANS_URL is not set');
  return url;
}

async function memberAccount(member: string): Promise<{ in_project: boolean; files: StandinFile[] }> {
  const res = await fetch(`${openHumansUrl()}/_standin/members/${member}/files`);
  if (!res.ok) throw new Error(`the Open Humans stand-in answered ${res.status}`);
  return (await res.json()) as { in_project: boolean; files: StandinFile[] };
}

async function until<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 45_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const post = (route: string, body: unknown) =>
  fetch(`${baseUrl()}${route}`, { method: 'POST', headers: { 'content-type': 'application/json', ...sessionHeaders((body as { pgId: string }).pgId) }, body: JSON.stringify(body) });

describe('withdrawing from the dashboard', () => {
  test('after the final report the stand-in holds it; withdrawing with erasure removes the member and erases the participant', async () => {
    const { pgId, studyEmail, member } = await consentedParticipant();
    await completeTypeFinder(pgId, studyEmail);
    await completeNardiOverApi(pgId);
    const declined = await post('/api/user/survey/upd', { pgId, update: { selfAssessment: { status: 'rejected' } } });
    expect(declined.status).toBe(200);

    const page = await newPage(1280);
    await holdSession(page, pgId);
    await page.goto(`/survey/${pgId}`);
    await page.getByRole('region', { name: 'Your final type' }).getByRole('button', { name: 'Download Final Report' }).waitFor({ timeout: 45_000 });

    // The report on the member's Open Humans account is the PDF the dashboard downloads, once.
    const report = await fetch(`${baseUrl()}/api/user/report/${pgId}`, { headers: sessionHeaders(pgId) });
    expect(report.status).toBe(200);
    const sha256 = createHash('sha256').update(Buffer.from(await report.arrayBuffer())).digest('hex');
    const uploaded = await until(async () => {
      const files = (await memberAccount(member)).files.filter((f) => f.uploaded_by_project);
      return files.length === 1 && files[0]!.sha256 === sha256 ? files : undefined;
    }, 'the final report on the Open Humans account');
    expect(uploaded[0]!.basename).toMatch(/\.pdf$/);

    // The panel at phone width: nothing wider than the screen.
    await page.setViewportSize({ width: 375, height: 900 });
    const panel = page.getByRole('region', { name: 'Withdraw from the study' });
    await panel.getByRole('button', { name: 'Withdraw from the study...' }).click();
    await panel.getByRole('radio', { name: /Also erase my answers and results/ }).check();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await panel.getByRole('button', { name: 'Continue' }).click();
    await panel.getByRole('heading', { name: 'Are you sure you want to withdraw?' }).waitFor();
    await panel.getByRole('button', { name: 'Yes, withdraw and erase my data' }).click();

    await page.waitForURL('**/survey/withdrawn');
    await page.getByRole('heading', { name: 'You have left the study' }).waitFor();
    await page.getByText('Your answers and results have been erased from every part of the study.').waitFor();
    expect(await page.title()).toMatch(/^Withdrawal/);
    // This browser no longer holds the study ID.
    expect(await page.evaluate(() => window.localStorage.getItem('state') ?? '')).not.toContain(pgId);

    // Open Humans: out of the project.
    expect((await memberAccount(member)).in_project).toBe(false);
    // Every service: the participant is gone.
    expect((await post('/api/user', { pgId })).status).toBe(404);
    await until(async () => ((await fetch(`${baseUrl()}/api/user/report/${pgId}`, { headers: sessionHeaders(pgId) })).status === 404 ? true : undefined), 'svc-reports to erase');
    await until(async () => ((await post('/api/user/survey/final', { pgId })).status === 404 ? true : undefined), 'svc-scoring to erase');

    // The page after withdrawing, opened again by its address, claims nothing.
    await page.goto('/survey/withdrawn?data=erased');
    await page.getByRole('heading', { level: 1, name: 'Withdrawing from the study' }).waitFor();
    expect(await page.getByText(/erased/).count()).toBe(0);

    // Back on the dashboard, the study ID is asked for again.
    await page.goto('/survey');
    await page.getByRole('textbox').first().waitFor();
  });
});
