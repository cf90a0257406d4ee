/**
 * @slices shell gateway mf-nardi mf-dashboard mf-consent svc-participants svc-scoring standins/open-humans standins/typefinder
 */
// Versions side by side, in the browser, before the real services: the current shell with the
// previous release of mf-nardi and the previous shell with the current remotes both work; a
// release of mf-nardi built against a react-router major the shell does not have is refused by
// the shared-singleton check and shows the fallback while the other remotes work; and moving
// mf-nardi between releases, or back, is one line of live.json on a running gateway.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { completeTypeFinder, consentedParticipant, holdSession } from './support/participant';

jest.setTimeout(600_000);

const root = path.resolve(__dirname, '..');
const REMOTE_FOLDERS = ['mf-consent', 'mf-dashboard', 'mf-nardi', 'mf-admin'];

interface ReleaseBuild {
  dist: string;
  version?: string;
  commit?: string;
  id?: string;
}

/** Builds (or reuses) another version of a frontend: see scripts/release-build.ts. */
function releaseBuild(args: string[]): ReleaseBuild {
  const res = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/release-build.ts'), ...args], { cwd: root, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  if (res.status !== 0) throw new Error(`release-build ${args.join(' ')} failed:\n${res.stderr}`);
  return JSON.parse(res.stdout.trim().split('\n').pop() ?? '{}') as ReleaseBuild;
}

/** Another gateway before the same services; see e2e/support/global-setup.js. */
async function startGateway(body: { frontendRoot?: string; releasesRoot?: string }): Promise<{ name: string; url: string }> {
  const res = await fetch(`${process.env.E2E_CONTROL_URL}/gateways/start`, { method: 'POST', body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`starting a gateway failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as { name: string; url: string };
}

async function stopGateway(name: string): Promise<void> {
  await fetch(`${process.env.E2E_CONTROL_URL}/gateways/${encodeURIComponent(name)}/stop`, { method: 'POST' });
}

/** Points mf_nardi at a release (undefined: its default entry), as an operator would: one line. */
function setLive(releasesRoot: string, id: string | undefined): void {
  const file = path.join(releasesRoot, 'live.json');
  fs.writeFileSync(`${file}.next`, JSON.stringify(id ? { mf_nardi: id } : {}));
  fs.renameSync(`${file}.next`, file);
}

async function nardiEntry(gatewayUrl: string): Promise<string | undefined> {
  const doc = (await (await fetch(`${gatewayUrl}/remotes.json`)).json()) as { remotes: { name: string; entry: string }[] };
  return doc.remotes.find((remote) => remote.name === 'mf_nardi')?.entry;
}

async function waitForNardiEntry(gatewayUrl: string, expected: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while ((await nardiEntry(gatewayUrl)) !== expected) {
    if (Date.now() > deadline) throw new Error(`/remotes.json still lists ${await nardiEntry(gatewayUrl)} for mf_nardi, not ${expected}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface Visit {
  page: Page;
  /** Paths of every file the page asked the gateway for. */
  requested: string[];
  /** What the page wrote to the console. */
  console: string[];
}

async function visit(browser: Browser, gatewayUrl: string): Promise<Visit> {
  const context = await browser.newContext({ baseURL: gatewayUrl, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const requested: string[] = [];
  const consoleLines: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  page.on('console', (message) => consoleLines.push(message.text()));
  return { page, requested, console: consoleLines };
}

/** A participant with TypeFinder done, on their dashboard. */
async function openDashboard(page: Page): Promise<void> {
  const { pgId, studyEmail } = await consentedParticipant();
  await completeTypeFinder(pgId, studyEmail);
  await holdSession(page, pgId);
  await page.goto(`/survey/${pgId}`);
  await page.getByRole('heading', { level: 1, name: 'Participant Dashboard' }).waitFor();
}

async function openNardiFromDashboard(page: Page): Promise<void> {
  await page.getByRole('region', { name: 'Your surveys' }).getByRole('link', { name: /Nardi Personality Indicator/ }).click();
  await page.waitForURL('**/nardi');
}

/** Part one answered and saved through the remote: the API calls it makes work too. */
async function takeNardiPartOne(page: Page): Promise<void> {
  await page.getByText('about 12 minutes').waitFor();
  await page.getByRole('link', { name: 'I am ready' }).click();
  await page.waitForURL('**/nardi/part-one');
  for (let id = 1; id <= 25; id++) {
    await page.getByText(`Question ${id} of 25`).waitFor();
    await page
      .getByRole('radio')
      .nth(id % 2)
      .check();
    if (id === 1) await page.getByRole('button', { name: 'Next', exact: true }).click();
  }
  await page.getByRole('heading', { name: 'Review your answers' }).waitFor();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.waitForURL('**/nardi/part-two');
  await page.getByText('Step 2 of 4').waitFor();
}

const FALLBACK = 'This part of the site could not be loaded.';

let browser: Browser;
let workDir: string;
let releasesRoot: string;
let previousNardi: ReleaseBuild;
let routerNextNardi: ReleaseBuild;
let currentGateway: { name: string; url: string };

beforeAll(async () => {
  browser = await launchBrowser();
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'version-skew-'));
  releasesRoot = path.join(workDir, 'releases');
  previousNardi = releaseBuild(['previous', 'mf-nardi', '--publish', releasesRoot]);
  routerNextNardi = releaseBuild(['declaring', 'mf-nardi', 'react-router-dom@^8.0.0', '--publish', releasesRoot]);
  // The current shell and remotes (the test stack's own), with these releases beside them.
  currentGateway = await startGateway({ releasesRoot });
});

afterAll(async () => {
  if (currentGateway) await stopGateway(currentGateway.name);
  await browser?.close();
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
});

test('the current shell runs the previous release of mf-nardi', async () => {
  expect(previousNardi.version).not.toBe(JSON.parse(fs.readFileSync(path.join(root, 'mf-nardi/package.json'), 'utf8')).version);
  setLive(releasesRoot, previousNardi.id);
  await waitForNardiEntry(currentGateway.url, `/mf/nardi/releases/${previousNardi.id}/mf-manifest.json`);

  const { page, requested } = await visit(browser, currentGateway.url);
  await openDashboard(page);
  await openNardiFromDashboard(page);
  await takeNardiPartOne(page);
  expect(requested).toContain(`/mf/nardi/releases/${previousNardi.id}/remoteEntry.js`);
  expect(requested.filter((p) => p.startsWith('/mf/nardi/') && !p.startsWith(`/mf/nardi/releases/${previousNardi.id}/`))).toEqual([]);
  await page.context().close();
});

test('a release of mf-nardi built against react-router 8 is refused and shows the fallback; the other remotes work; one line rolls it back', async () => {
  setLive(releasesRoot, routerNextNardi.id);
  await waitForNardiEntry(currentGateway.url, `/mf/nardi/releases/${routerNextNardi.id}/mf-manifest.json`);

  const { page, console: consoleLines } = await visit(browser, currentGateway.url);
  await openDashboard(page);
  await openNardiFromDashboard(page);
  await page.getByText(FALLBACK).waitFor();
  // Refused by the check, with the reason, before any of its code ran against the wrong router.
  expect(consoleLines.join('\n')).toMatch(/react-router-dom[\s\S]*does not satisfy the requirement[\s\S]*\^8\.0\.0/);
  // The header and the other remotes still work.
  await page.getByRole('link', { name: /Dashboard/ }).first().click();
  await page.getByRole('heading', { level: 1, name: 'Participant Dashboard' }).waitFor();
  await page.goto('/how-it-works');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  expect(await page.getByText(FALLBACK).count()).toBe(0);

  // Rollback: mf_nardi back to the release before, by one entry; the next page load has it.
  setLive(releasesRoot, previousNardi.id);
  await waitForNardiEntry(currentGateway.url, `/mf/nardi/releases/${previousNardi.id}/mf-manifest.json`);
  await page.goto('/survey');
  await page.getByRole('heading', { level: 1, name: 'Participant Dashboard' }).waitFor();
  await openNardiFromDashboard(page);
  await page.getByText('about 12 minutes').waitFor();
  expect(await page.getByText(FALLBACK).count()).toBe(0);
  await page.context().close();
});

test('the previous release of the shell runs the current remotes', async () => {
  const previousShell = releaseBuild(['previous', 'shell']);
  expect(previousShell.version).not.toBe(JSON.parse(fs.readFileSync(path.join(root, 'shell/package.json'), 'utf8')).version);
  const frontendRoot = path.join(workDir, 'previous-shell');
  fs.cpSync(previousShell.dist, path.join(frontendRoot, 'shell', 'dist'), { recursive: true });
  for (const folder of REMOTE_FOLDERS) fs.cpSync(path.join(root, folder, 'dist'), path.join(frontendRoot, folder, 'dist'), { recursive: true });
  const gateway = await startGateway({ frontendRoot });
  try {
    const { page } = await visit(browser, gateway.url);
    // The page is the previous shell's own index.html (its bundle names), not the current one's.
    const served = await (await fetch(`${gateway.url}/`, { headers: { accept: 'text/html' } })).text();
    expect(served).toBe(fs.readFileSync(path.join(previousShell.dist, 'index.html'), 'utf8'));
    expect(served).not.toBe(fs.readFileSync(path.join(root, 'shell/dist/index.html'), 'utf8'));
    await openDashboard(page);
    await openNardiFromDashboard(page);
    await takeNardiPartOne(page);
    await page.context().close();
  } finally {
    await stopGateway(gateway.name);
  }
});
