/**
 * @slices shell gateway mf-consent mf-dashboard svc-participants standins/open-humans
 */
// The participant's way in: consent, authorization on Open Humans (the local stand-in) in a
// second tab, the study ID, the dashboard, coming back later, withdrawing and erasure, and the
// survey routes that open only in turn.
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, launchBrowser } from './support/browser';

jest.setTimeout(90_000);

const PG_ID_IN_PATH = /\/survey\/([0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12})$/;

const openHumansUrl = () => {
  const url = process.env.E2E_OPENHUMANS_URL;
  if (!url) throw new Error('E2E_OPENHUMANS_URL is not set: run the browser tests through jest --selectProjects e2e');
  return url;
};

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function newContext(viewport = { width: 1280, height: 800 }): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport });
  contexts.push(context);
  return context;
}

/** Console errors of a page (a second copy of the client state would report itself there). */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/**
 * On /consent: ticks the certification, agrees and answers the Open Humans tab that opens.
 * `memberId` authorizes that existing member again; otherwise the stand-in's new member is used.
 * Answers the member id, the /return address the stand-in sent the tab to and the tab itself,
 * left on the dashboard.
 */
async function authorizeOnOpenHumans(consentPage: Page, memberId?: string): Promise<{ memberId: string; returnUrl: string; tab: Page; pgId: string }> {
  await consentPage.getByRole('checkbox', { name: /18 years of age or older/ }).check();
  const [tab] = await Promise.all([consentPage.context().waitForEvent('page'), consentPage.getByRole('button', { name: 'Agree & Authorize Project' }).click()]);
  await consentPage.getByText('Waiting for OpenHumans Auth').waitFor();

  const returnUrls: string[] = [];
  tab.on('framenavigated', (frame) => {
    // Same-document updates report the address again; one /return address is what counts.
    if (frame === tab.mainFrame() && new URL(frame.url()).pathname === '/return' && !returnUrls.includes(frame.url())) returnUrls.push(frame.url());
  });
  await tab.waitForLoadState();
  const authorizeUrl = new URL(tab.url());
  expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(`${openHumansUrl()}/direct-sharing/projects/oauth2/authorize/`);
  expect(authorizeUrl.searchParams.get('state')).toMatch(/^[0-9a-f]{32}$/);

  const member = tab.locator('#member');
  if (memberId) await member.fill(memberId);
  const usedMemberId = await member.inputValue();
  await tab.getByRole('button', { name: 'Authorize project' }).click();
  await tab.waitForURL(PG_ID_IN_PATH);
  const pgId = PG_ID_IN_PATH.exec(new URL(tab.url()).pathname)?.[1] ?? '';
  expect(returnUrls).toHaveLength(1);
  return { memberId: usedMemberId, returnUrl: returnUrls[0] ?? '', tab, pgId };
}

async function surveyLinks(page: Page): Promise<string[]> {
  const list = page.getByRole('region', { name: 'Your surveys' });
  await list.waitFor();
  return list.getByRole('link').allTextContents();
}

async function deauthorize(memberId: string, erasureRequested: boolean): Promise<void> {
  const res = await fetch(`${openHumansUrl()}/_standin/members/${memberId}/deauthorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ erasure_requested: erasureRequested }),
  });
  const body = (await res.json()) as { webhook: { status: number; body: string } | null };
  expect(res.status).toBe(200);
  // The stand-in called the study's webhook, signed, and the study accepted it.
  expect(body.webhook?.status).toBe(200);
}

async function postUser(pgId: string): Promise<Response> {
  return fetch(`${baseUrl()}/api/user`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pgId }) });
}

describe('participant entry', () => {
  let participant: { memberId: string; pgId: string; returnUrl: string };
  let firstContext: BrowserContext;
  let dashboardTab: Page;

  test('consent, authorize in a new tab, land on the dashboard; the first tab notices', async () => {
    firstContext = await newContext();
    const page = await firstContext.newPage();
    const errors = consoleErrors(page);
    await page.goto('/');
    await page.getByRole('link', { name: "I'd Like to Participate" }).first().click();
    await page.waitForURL('**/consent');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: "I'm having trouble" }).waitFor();

    const { memberId, pgId, returnUrl, tab } = await authorizeOnOpenHumans(page);
    participant = { memberId, pgId, returnUrl };
    dashboardTab = tab;
    const tabErrors = consoleErrors(tab);

    await tab.getByRole('heading', { level: 1, name: 'Participant Dashboard' }).waitFor();
    // The study ID (and the study email, which begins with it; hence the first).
    await tab.getByText(pgId, { exact: true }).first().waitFor();
    const list = tab.getByRole('region', { name: 'Your surveys' });
    expect(await list.getByRole('heading', { level: 3 }).allTextContents()).toEqual(['TypeFinder', 'Nardi Personality Indicator', 'Self-Assessment']);
    expect(await surveyLinks(tab)).toEqual(['Start TypeFinder']);
    expect(await list.getByRole('link').getAttribute('href')).toBe('/typefinder');

    // One store for the shell and both remotes: the shell's nav saw the study ID that the
    // consent remote stored, in the same tab, without a reload.
    await tab.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Go to Dashboard' }).waitFor();
    expect(await tab.evaluate(() => (window as unknown as { __STUDY_CLIENT_STATE_COPIES__?: number }).__STUDY_CLIENT_STATE_COPIES__)).toBe(1);

    // The first tab learns of the login through the shared state.
    const continueLink = page.getByRole('link', { name: 'Continue to Dashboard' });
    await continueLink.waitFor();
    expect(await continueLink.getAttribute('href')).toBe('/survey');
    await page.getByText(pgId, { exact: true }).first().waitFor();
    expect(await page.evaluate(() => (window as unknown as { __STUDY_CLIENT_STATE_COPIES__?: number }).__STUDY_CLIENT_STATE_COPIES__)).toBe(1);
    expect([...errors, ...tabErrors].filter((text) => text.includes('client-state'))).toEqual([]);
    await continueLink.click();
    await page.waitForURL('**/survey');
    await page.getByText(pgId, { exact: true }).first().waitFor();
  });

  test('the place survives a reload; elsewhere the study ID leads to confirming with Open Humans, then the same dashboard', async () => {
    await dashboardTab.reload();
    await dashboardTab.getByText(participant.pgId, { exact: true }).first().waitFor();
    expect(await surveyLinks(dashboardTab)).toEqual(['Start TypeFinder']);
    // The stored study ID opens the dashboard from the nav too.
    await dashboardTab.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Go to Dashboard' }).click();
    await dashboardTab.waitForURL('**/survey');
    await dashboardTab.getByText(participant.pgId, { exact: true }).first().waitFor();

    // Another browser (a phone) holds no session: a study ID, known or not, shows nothing of anyone.
    const elsewhere = await (await newContext({ width: 375, height: 800 })).newPage();
    await elsewhere.goto('/survey');
    await elsewhere.getByLabel('Study ID').fill(randomUUID());
    await elsewhere.getByRole('button', { name: 'Submit' }).click();
    await elsewhere.getByRole('heading', { name: "Confirm it's you with Open Humans" }).waitFor();

    await elsewhere.getByRole('button', { name: 'Enter another study ID' }).click();
    await elsewhere.getByLabel('Study ID').fill(participant.pgId);
    await elsewhere.getByRole('button', { name: 'Submit' }).click();
    await elsewhere.waitForURL(`**/survey/${participant.pgId}`);
    await elsewhere.getByRole('heading', { name: "Confirm it's you with Open Humans" }).waitFor();
    expect(await elsewhere.getByRole('region', { name: 'Your surveys' }).count()).toBe(0);
    expect(await elsewhere.getByText('Start TypeFinder').count()).toBe(0);

    // The round trip, in this tab: Open Humans gives the same study ID back.
    await elsewhere.getByRole('button', { name: 'Confirm with Open Humans' }).click();
    await elsewhere.waitForURL((url) => url.href.startsWith(`${openHumansUrl()}/direct-sharing/projects/oauth2/authorize/`));
    await elsewhere.locator('#member').fill(participant.memberId);
    await elsewhere.getByRole('button', { name: 'Authorize project' }).click();
    await elsewhere.waitForURL(`**/survey/${participant.pgId}`);
    await elsewhere.getByText(participant.pgId, { exact: true }).first().waitFor();
    expect(await surveyLinks(elsewhere)).toEqual(['Start TypeFinder']);

    // Signing out there ends that browser's session; the first browser keeps its own.
    const ended = await elsewhere.evaluate(async () => (await fetch('/api/session/end', { method: 'POST' })).status);
    expect(ended).toBe(204);
    await elsewhere.reload();
    await elsewhere.getByRole('heading', { name: "Confirm it's you with Open Humans" }).waitFor();
    await dashboardTab.reload();
    await dashboardTab.getByText(participant.pgId, { exact: true }).first().waitFor();
  });

  test('the same member gets the same study ID; a used code and a forged state are refused', async () => {
    const page = await (await newContext()).newPage();
    await page.goto('/consent');
    const again = await authorizeOnOpenHumans(page, participant.memberId);
    expect(again.pgId).toBe(participant.pgId);
    await again.tab.getByText(participant.pgId, { exact: true }).first().waitFor();

    // The same /return address again: the right state, but the study has spent that request (Open Humans is not asked).
    const consentCalls: string[] = [];
    again.tab.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/consent') consentCalls.push(req.method());
    });
    await again.tab.goto(again.returnUrl);
    await again.tab.getByRole('heading', { level: 1, name: 'An error occurred' }).waitFor();
    await again.tab.getByText(/or it was used already, so nothing was done/).waitFor();
    expect(await again.tab.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/consent');
    expect(consentCalls).toEqual(['POST']);

    // A state this browser never stored: refused before anything is sent.
    const code = new URL(again.returnUrl).searchParams.get('code') ?? '';
    await again.tab.goto(`/return?code=${encodeURIComponent(code)}&state=${'0'.repeat(32)}`);
    await again.tab.getByRole('heading', { level: 1, name: 'An error occurred' }).waitFor();
    await again.tab.getByText(/does not belong to a sign-in started in this browser/).waitFor();
    await again.tab.goto('/return?code=abc');
    await again.tab.getByText(/carries no security token/).waitFor();
    await again.tab.goto(`/return?error=access_denied&state=${new URL(again.returnUrl).searchParams.get('state')}`);
    await again.tab.getByText(/The authorization was cancelled on Open Humans/).waitFor();
    expect(consentCalls).toEqual(['POST']);
  });

  test('typing a survey address before its turn lands on the dashboard', async () => {
    for (const path of ['/nardi', '/self-assessment', '/nardi/part-two', '/self-assessment/survey']) {
      await dashboardTab.goto(path);
      await dashboardTab.waitForURL('**/survey');
      await dashboardTab.getByText(participant.pgId, { exact: true }).first().waitFor();
    }
    const stranger = await (await newContext()).newPage();
    for (const path of ['/typefinder', '/nardi']) {
      await stranger.goto(path);
      await stranger.waitForURL('**/survey');
      await stranger.getByLabel('Study ID').waitFor();
    }
  });

  test('withdrawing on Open Humans asks for consent again; erasure makes the ID unknown', async () => {
    await deauthorize(participant.memberId, false);
    await dashboardTab.goto(`/survey/${participant.pgId}`);
    await dashboardTab.getByRole('heading', { name: 'Not quite ready...' }).waitFor();
    expect(await dashboardTab.getByRole('link', { name: 'Go to the consent form' }).getAttribute('href')).toBe('/consent');
    // Without consent the surveys stay closed.
    await dashboardTab.goto('/typefinder');
    await dashboardTab.waitForURL('**/survey');

    // Consenting again with the same Open Humans account gives the same study ID back.
    await dashboardTab.goto('/consent');
    await dashboardTab.getByText('Please authorize the project again').waitFor();
    const again = await authorizeOnOpenHumans(dashboardTab, participant.memberId);
    expect(again.pgId).toBe(participant.pgId);
    expect(await surveyLinks(again.tab)).toEqual(['Start TypeFinder']);

    await deauthorize(participant.memberId, true);
    expect((await postUser(participant.pgId)).status).toBe(401);
    await again.tab.reload();
    await again.tab.getByText('The ID you entered was not found.').waitFor();
    await again.tab.getByLabel('Study ID').waitFor();
    expect(await again.tab.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard', exact: true }).count()).toBe(1);
  });
});
