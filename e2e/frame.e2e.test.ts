/**
 * @slices shell gateway mf-consent mf-dashboard mf-nardi mf-admin svc-participants svc-scoring svc-reports standins/open-humans standins/typefinder
 */
// The frame: the shell loads each remote at run time from its manifest, a missing remote
// falls back without taking the others down, and the gateway fronts the three services.
import type { Browser, Page } from 'playwright-core';
import { baseUrl, control, launchBrowser, newPage } from './support/browser';
import { completeTypeFinder, consentedParticipant, holdSession, sessionHeaders } from './support/participant';

jest.setTimeout(60_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** /nardi opens only for a participant whose next survey is Nardi: make one and load their dashboard. */
async function pageOfParticipantDueForNardi(): Promise<Page> {
  const { pgId, studyEmail } = await consentedParticipant();
  const typeCode = await completeTypeFinder(pgId, studyEmail);
  const page = await newPage(browser);
  await holdSession(page, pgId);
  await page.goto(`/survey/${pgId}`);
  // Loaded, not just loading: the guard decides from the participant's stored data.
  await page.getByText(`Completed · your type: ${typeCode}`).waitFor();
  return page;
}

async function open(page: Page, path: string): Promise<string[]> {
  const manifests: string[] = [];
  page.on('response', (res) => {
    if (res.url().endsWith('/mf-manifest.json') && res.ok()) manifests.push(new URL(res.url()).pathname);
  });
  await page.goto(path);
  return manifests;
}

describe('shell and remotes', () => {
  test('the landing page is served by the shell', async () => {
    const page = await newPage(browser);
    await open(page, '/');
    await expect(page.getByRole('heading', { name: 'Reveal Yourself!' }).isVisible()).resolves.toBe(true);
    await page.getByRole('link', { name: "I'd Like to Participate" }).first().click();
    await page.waitForURL('**/consent');
    await page.getByRole('button', { name: 'Agree & Authorize Project' }).waitFor();
  });

  test.each([
    ['/consent', '/mf/consent/mf-manifest.json', (p: Page) => p.getByRole('button', { name: 'Agree & Authorize Project' }), false],
    ['/survey', '/mf/dashboard/mf-manifest.json', (p: Page) => p.getByRole('heading', { name: 'Participant Dashboard' }), false],
    ['/nardi', '/mf/nardi/mf-manifest.json', (p: Page) => p.getByRole('link', { name: 'I am ready' }), true],
    ['/ready-csv', '/mf/admin/mf-manifest.json', (p: Page) => p.getByLabel('Master Key'), false],
  ])('%s renders its remote, found through %s', async (path, manifest, locate, asParticipant) => {
    const page = asParticipant ? await pageOfParticipantDueForNardi() : await newPage(browser);
    const manifests = await open(page, path);
    await locate(page).first().waitFor();
    expect(manifests).toContain(manifest);
  });

  test('a remote whose files are gone shows a fallback with a retry; the others keep working', async () => {
    await control('/remotes/mf_nardi/hide');
    try {
      const page = await pageOfParticipantDueForNardi();
      await open(page, '/nardi');
      await page.getByText('This part of the site could not be loaded.').waitFor();
      await expect(page.getByRole('link', { name: 'How it works' }).first().isVisible()).resolves.toBe(true);

      for (const [path, text] of [
        ['/consent', 'Agree & Authorize Project'],
        ['/survey', 'Participant Dashboard'],
        ['/ready-csv', 'Master Key'],
      ] as const) {
        const other = await newPage(browser);
        await open(other, path);
        await other.getByText(text).first().waitFor();
        await other.context().close();
      }

      await control('/remotes/mf_nardi/restore');
      await page.getByRole('button', { name: 'Retry' }).click();
      await page.getByRole('link', { name: 'I am ready' }).waitFor();
    } finally {
      await control('/remotes/mf_nardi/restore').catch(() => undefined);
    }
  });

  test('an unknown path shows Not Found', async () => {
    const page = await newPage(browser);
    await open(page, '/no-such-page');
    await page.getByText('Not Found').first().waitFor();
  });
});

describe('gateway', () => {
  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${baseUrl()}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body, signal: AbortSignal.timeout(5000) });

  test('healthz reports all three services', async () => {
    const res = await fetch(`${baseUrl()}/healthz`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(Object.keys(body.services).sort()).toEqual(['participants', 'reports', 'scoring']);
  });

  test('a stopped service gives 503 JSON for its routes only, fast', async () => {
    const { pgId } = await consentedParticipant();
    await control('/services/scoring/stop');
    try {
      // The request must be answered within a second; the signal aborts it otherwise.
      const res = await fetch(`${baseUrl()}/api/user/nardi`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...sessionHeaders(pgId) },
        body: JSON.stringify({ pgId }),
        signal: AbortSignal.timeout(1000),
      });
      expect(res.status).toBe(503);
      expect((await res.json()).code).toBe('SERVICE_UNAVAILABLE');

      const health = await fetch(`${baseUrl()}/healthz`);
      expect(health.status).toBe(503);
      expect((await health.json()).services.scoring.status).not.toBe('ready');

      const other = await post('/api/user', JSON.stringify({ pgId }), sessionHeaders(pgId));
      expect(other.status).toBe(200);
    } finally {
      await control('/services/scoring/start');
    }
  });

  test.each([
    ['malformed JSON', '{"pgId": '],
    ['a pgId that is not a v4 UUID', JSON.stringify({ pgId: '6f1c2a7e-3b4d-1c5e-8f60-7a8b9c0d1e2f' })],
    ['an operator in place of a value', JSON.stringify({ pgId: { $gt: '' } })],
    ['a wrong type', JSON.stringify({ pgId: 42 })],
  ])('bad input through the gateway (%s) gets a 4xx JSON error', async (_name, body) => {
    const res = await post('/api/user', body);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const json = await res.json();
    expect(typeof json.error).toBe('string');
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });
});
