/**
 * @slices shell gateway mf-consent
 */
// Browser error tracing: a remote that fails in the browser is reported through the shell's one
// error-reporting client to the gateway (POST /api/error-reports), which logs it once, naming the
// page's route, the remote and the remote's release.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Response } from 'playwright-core';
import { routes } from '@study/contracts';
import { launchBrowser, newPage } from './support/browser';
import { gatewayErrorReportLines, type ErrorReportLine } from './support/gateway-log';

jest.setTimeout(60_000);

const REPORTS_PATH = routes.reportErrors.path;
const consentRelease = () => {
  const pkg = JSON.parse(fs.readFileSync(path.resolve(__dirname, '..', 'mf-consent', 'package.json'), 'utf8')) as { name: string; version: string };
  return `${pkg.name}@${pkg.version}`;
};

/** The error-report lines the gateway wrote for these requests. */
function reportLines(requestIds: ReadonlySet<string>): ErrorReportLine[] {
  return gatewayErrorReportLines().filter((line) => line.requestId !== undefined && requestIds.has(line.requestId));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test("a remote whose code files fail to load is reported to the gateway once, with the page's route, the remote and its release", async () => {
  const page = await newPage(browser);
  // A real failure: mf-consent's manifest and entry arrive, none of its code files do (as when a
  // deployment removed them under an open page).
  await page.route(/\/mf\/consent\/(?!remoteEntry\.js)[^/?]+\.js(\?.*)?$/, (route) => route.abort('failed'));
  const reports: Response[] = [];
  page.on('response', (response) => {
    if (response.request().method() === 'POST' && new URL(response.url()).pathname === REPORTS_PATH) reports.push(response);
  });

  await page.goto('/consent');
  await page.getByText('This part of the site could not be loaded.').waitFor();

  const requestIds = () => new Set(reports.filter((response) => response.status() === 200).map((response) => response.headers()['x-request-id'] ?? ''));
  for (let waited = 0; reportLines(requestIds()).length === 0 && waited < 15_000; waited += 250) await sleep(250);
  // Anything sent twice would have arrived by now.
  await sleep(1_500);
  const lines = reportLines(requestIds());
  expect(lines).toHaveLength(1);
  expect(lines[0]?.errorReport).toMatchObject({
    source: 'browser',
    route: '/consent',
    remote: 'mf_consent',
    release: consentRelease(),
    kind: 'remote-load',
    message: expect.stringContaining('mf_consent'),
  });
  expect(Array.isArray(lines[0]?.errorReport?.stack)).toBe(true);
  await page.context().close();
});
