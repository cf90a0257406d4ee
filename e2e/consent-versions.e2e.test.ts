/**
 * @slices shell gateway mf-consent mf-dashboard mf-admin svc-participants standins/open-humans
 */
// Consent on record in a real browser: a participant consents on /consent (the text and its
// version come from the server), the study team publishes a new consent text on the admin
// Consent page, the participant's next dashboard visit asks them to agree again before the
// dashboard opens, their consent PDF then names the new version, and the Consent page counts it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, launchBrowser } from './support/browser';
import { staffMember, withStaffSession } from './support/staff';
import { masterKey } from './support/admin';
import { holdSession } from './support/participant';

jest.setTimeout(180_000);

const PG_ID_IN_PATH = /\/survey\/([0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12})$/;

interface ConsentText {
  versionId: string;
  hash: string;
  text: string;
}
const currentText = async (): Promise<ConsentText> => (await fetch(`${baseUrl()}/api/consent/text`)).json() as Promise<ConsentText>;
/** The current text as stored, with its placeholders (the participants' pages show it filled in). */
const storedText = async (): Promise<string> =>
  ((await (await fetch(`${baseUrl()}/api/admin/consent-versions`, { headers: { 'x-master-key': masterKey() } })).json()) as { currentText: string }).currentText;
/** The embedded stack's contacts (scripts/lib/stack.ts), named in the consent form and its PDF. */
const CONTACTS = {
  team: 'study-team@study.localhost',
  board: 'LOCAL TEST review board (not a real board: set REVIEW_BOARD_NAME)',
  approval: 'LOCAL-TEST-0000 (not a real approval)',
  boardContact: 'review-board@study.localhost (a local test address)',
};
const publish = (text: string) =>
  fetch(`${baseUrl()}/api/admin/consent-versions`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-master-key': masterKey() }, body: JSON.stringify({ text }) });

let browser: Browser;
const contexts: BrowserContext[] = [];
let original: ConsentText;

beforeAll(async () => {
  browser = await launchBrowser();
  original = { ...(await currentText()), text: await storedText() };
});
afterAll(async () => {
  // The original text again: participants of the other browser tests agreed to it, and with the
  // same content hash nobody has to agree again.
  if (original) await publish(original.text);
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
});

async function newPage(width = 1280): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width, height: 900 }, acceptDownloads: true });
  contexts.push(context);
  return context.newPage();
}

function pdfText(file: string): string {
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

async function consentPdf(page: Page): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download your consent (PDF)' }).click()]);
  expect(download.suggestedFilename()).toBe('Consent.pdf');
  const file = await download.path();
  expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  return pdfText(file);
}

describe('consent versions', () => {
  it('a new consent text makes an earlier participant agree again before the dashboard opens; their PDF and the admin page show it', async () => {
    // The participant consents on /consent: the server's current text, with its version.
    const page = await newPage();
    await page.goto('/consent');
    await page.getByText(`Consent version ${original.versionId}`).waitFor();
    // The review board can be reached without the research team: named, with its approval and contact.
    const form = (await page.locator('.consent-text').textContent()) ?? '';
    expect(form).toContain(`approved by ${CONTACTS.board} (approval reference ${CONTACTS.approval})`);
    expect(form).toContain(`without going through the research team: ${CONTACTS.boardContact}.`);
    expect(form).toContain(`write to the research team at ${CONTACTS.team}.`);
    expect(form).not.toContain('{{');
    await page.getByRole('checkbox', { name: /18 years of age or older/ }).check();
    const [tab] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: 'Agree & Authorize Project' }).click()]);
    await tab.waitForLoadState();
    const memberId = await tab.locator('#member').inputValue();
    await tab.getByRole('button', { name: 'Authorize project' }).click();
    await tab.waitForURL(PG_ID_IN_PATH);
    const pgId = PG_ID_IN_PATH.exec(new URL(tab.url()).pathname)?.[1] ?? '';
    await tab.getByRole('heading', { name: 'Participant Dashboard' }).waitFor();
    const first = await consentPdf(tab);
    expect(first).toContain(`Consent version ${original.versionId}`);
    expect(first).toContain(`Open Humans project member id ${memberId}`);
    expect(first).toContain('Certified 18 years of age or older Yes');
    expect(first).toContain(`Who to contact Research team ${CONTACTS.team} Review board ${CONTACTS.board} Approval reference ${CONTACTS.approval} Review board contact ${CONTACTS.boardContact}`);
    // A line may end at an address's hyphen: the text read back joins it again.
    expect(first.replace(/- /g, '-')).toContain(`without going through the research team: ${CONTACTS.boardContact}.`);

    // The study team publishes a new text on the Consent page.
    const admin = await newPage();
    await withStaffSession(admin.context(), await staffMember('owner'));
    await admin.goto('/consent-versions');
    // Signed in, the versions show at once.
    await admin.getByRole('table', { name: 'Consent versions' }).waitFor();
    const marker = `Edition ${Date.now()}`;
    const newText = `${original.text}\n\n# 13. Changes\n\nThis form was revised (${marker}): the study now also keeps a copy of each consent.`;
    await admin.getByRole('textbox', { name: 'Consent text' }).fill(newText);
    await admin.getByRole('button', { name: 'Publish' }).click();
    const published = await admin.getByText(/^Published as v[0-9]+$/).textContent();
    const newVersion = published?.replace('Published as ', '') ?? '';
    expect(newVersion).not.toBe(original.versionId);

    // Next visit: the new text first, then the dashboard.
    await holdSession(tab, pgId);
    await tab.goto(`/survey/${pgId}`);
    await tab.getByRole('heading', { name: 'The consent form has changed' }).waitFor();
    expect(await tab.getByRole('heading', { name: 'Participant Dashboard' }).count()).toBe(0);
    await tab.getByText(`Consent version ${newVersion}`).waitFor();
    await tab.getByText(marker, { exact: false }).waitFor();
    const agree = tab.getByRole('button', { name: 'Agree' });
    expect(await agree.isDisabled()).toBe(true);
    await tab.getByRole('checkbox', { name: /18 years of age or older/ }).check();
    await agree.click();
    await tab.getByRole('heading', { name: 'Participant Dashboard' }).waitFor();

    const renewed = await consentPdf(tab);
    expect(renewed).toContain(`Consent version ${newVersion}`);
    expect(renewed).toContain(marker);
    expect(renewed).toContain('Agreed again to a new consent text on the dashboard');

    // Coming back again: straight to the dashboard.
    await holdSession(tab, pgId);
    await tab.goto(`/survey/${pgId}`);
    await tab.getByRole('heading', { name: 'Participant Dashboard' }).waitFor();

    // The Consent page counts the participant under the new version.
    await admin.getByRole('button', { name: 'Refresh' }).click();
    const row = admin.getByRole('row', { name: new RegExp(`^${newVersion} \\(current\\)`) });
    await row.waitFor();
    expect(await row.getByRole('cell').last().textContent()).toBe('1');
    const summary = await admin.getByText(/participants must agree again on their next visit/).textContent();
    expect(summary).toMatch(new RegExp(`^Current version: ${newVersion}\\. [0-9,]+ participants must agree again on their next visit\\.$`));
    await admin.setViewportSize({ width: 375, height: 800 });
    expect(await admin.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
  });
});
