// The containerized system, as a participant meets it: run by `npm run deploy:check` against the
// compose stack (E2E_BASE_URL is Caddy's published address). Consent through the Open Humans
// stand-in's page, the TypeFinder widget framed on /typefinder, the four Nardi parts, the
// self-assessment, the final type on the dashboard and the final report PDF.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser } from '../../e2e/support/browser';
import { takeTypeFinderAsIntj } from '../../e2e/support/typefinder-widget';

jest.setTimeout(240_000);

const PG_ID_IN_PATH = /\/survey\/([0-9a-f-]{36})$/;
const OUT = path.resolve(__dirname, '..', '..', '.test-artifacts', 'deploy-check');

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(OUT, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

async function chooseFirstOffers(page: Page, route: string): Promise<void> {
  await page.waitForURL(`**${route}`, { timeout: 60_000 });
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
}

test('a participant goes from consent to the final report through the containers', async () => {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();

  // Consent: the Open Humans stand-in's authorize page opens in a tab and returns to the study.
  await page.goto('/consent');
  await page.getByRole('checkbox', { name: /18 years of age or older/ }).check();
  const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Agree & Authorize Project' }).click()]);
  await tab.getByRole('button', { name: 'Authorize project' }).click();
  await tab.waitForURL(PG_ID_IN_PATH, { timeout: 30_000 });
  const pgId = PG_ID_IN_PATH.exec(new URL(tab.url()).pathname)?.[1] ?? '';
  await tab.close();
  expect(pgId).not.toBe('');

  // TypeFinder: the stand-in widget in the frame signs and posts its result to the study.
  await page.goto(`/survey/${pgId}`);
  await page.getByRole('link', { name: 'Start TypeFinder' }).click();
  await page.waitForURL('**/typefinder');
  expect(await takeTypeFinderAsIntj(page)).toBe('INTJ');
  await page.getByRole('button', { name: 'Submit Results' }).click();
  await page.waitForURL('**/survey');

  // The Nardi indicator, four parts.
  await page.getByRole('region', { name: 'Your surveys' }).getByRole('link', { name: /Nardi Personality Indicator/ }).click();
  await page.getByRole('link', { name: 'I am ready' }).click();
  await page.waitForURL('**/nardi/part-one');
  for (let id = 1; id <= 25; id += 1) {
    await page.getByText(`Question ${id} of 25`).waitFor();
    await page.getByRole('radio').nth(id % 3 === 0 ? 1 : 0).click();
  }
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await chooseFirstOffers(page, '/nardi/part-two');
  await chooseFirstOffers(page, '/nardi/part-three');
  await chooseFirstOffers(page, '/nardi/part-four');
  await page.waitForURL('**/survey');

  // The self-assessment, then the final type on the dashboard without a reload.
  await page.getByRole('link', { name: 'Start Self-Assessment' }).click();
  await page.getByRole('link', { name: 'I am ready' }).click();
  await page.waitForURL('**/self-assessment/survey');
  const next = page.getByRole('button', { name: 'Next' });
  await page.getByRole('combobox').fill('INTJ');
  await next.click();
  await page.getByRole('checkbox', { name: 'I read about the types and picked the one that fits me' }).check();
  await next.click();
  await page.getByRole('radio', { name: '95% sure' }).check();
  await page.getByRole('radio', { name: 'I have been interested in personality type for more than 5 years' }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL('**/survey');
  const code = page.getByRole('region', { name: 'Your final type' }).locator('.final-score__code');
  await code.waitFor({ timeout: 60_000 });
  const finalType = (await code.textContent()) ?? '';
  expect(finalType).toMatch(/^[EI][SN][TF][JP]$/);
  await page.screenshot({ path: path.join(OUT, 'dashboard-final.png'), fullPage: true });

  // The final report PDF names the participant's type and study ID.
  const res = await page.request.get(`/api/user/report/${pgId}`, { headers: { accept: 'application/pdf' } });
  expect(res.status()).toBe(200);
  const file = path.join(OUT, 'final-report.pdf');
  fs.writeFileSync(file, await res.body());
  const text = execFileSync('/usr/bin/pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  expect(text).toContain(finalType);
  expect(text).toContain(pgId);
  // The rest of the check keeps using the app as this participant.
  // The participant's session in this browser, for the checks that go on using the app as them.
  const session = (await context.cookies()).find((cookie) => cookie.name === 'study_session');
  expect(session?.httpOnly).toBe(true);
  fs.writeFileSync(path.join(OUT, 'participant.json'), JSON.stringify({ pgId, finalType, sessionCookie: `${session?.name}=${session?.value}` }));
  await context.close();
});

test('HSTS comes from the TLS front alone: no part behind Caddy sends it, so plain HTTP answers carry none', async () => {
  for (const route of ['/', '/api/settings', '/api/consent/text']) {
    const res = await fetch(`${baseUrl()}${route}`);
    expect({ route, status: res.status, hsts: res.headers.get('strict-transport-security') }).toEqual({ route, status: 200, hsts: null });
  }
});
