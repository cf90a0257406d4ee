/**
 * @slices shell gateway mf-admin svc-participants standins/open-humans standins/typefinder
 */
// Reminders in a real browser against the whole system: participants made here wait at a step
// (two consented without a TypeFinder for over a week, one at Nardi), the admin previews who that
// is on /reminders, writes the message and confirms; the Open Humans stand-in's message list
// then shows it for exactly those two members, with their ids in the text, once.
import fs from 'node:fs';
import path from 'node:path';
import { MongoClient, type UpdateResult } from 'mongodb';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { serviceDocumentsOf, writeAsService } from '@study/service-kit/testing';
import { baseUrl, launchBrowser } from './support/browser';
import { staffMember, withStaffSession } from './support/staff';
import { completeTypeFinder, consentedParticipant } from './support/participant';

jest.setTimeout(180_000);

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the browser tests through jest --selectProjects e2e`);
  return value;
};
const masterKey = () => env('E2E_ADMIN_MASTER_KEY');
const openHumansUrl = () => env('E2E_OPENHUMANS_URL');

const SHOTS = path.resolve(__dirname, '..', '.test-artifacts', 'screens');
const DAY_MS = 86_400_000;

interface Received {
  project_member_id: string;
  subject: string;
  message: string;
}

let browser: Browser;
const contexts: BrowserContext[] = [];
let mongo: MongoClient;
let participantsService: Awaited<ReturnType<typeof serviceDocumentsOf>>;

beforeAll(async () => {
  browser = await launchBrowser();
  mongo = await MongoClient.connect(env('E2E_MONGO_URL'), { serverSelectionTimeoutMS: 30_000 });
  participantsService = await serviceDocumentsOf(env('E2E_REDIS_URL'), mongo.db('participants'));
  fs.mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
  await mongo?.close();
  await participantsService?.close();
});

async function newPage(width = 1280, base = baseUrl()): Promise<Page> {
  const context = await browser.newContext({ baseURL: base, viewport: { width, height: 900 } });
  contexts.push(context);
  return context.newPage();
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(SHOTS, `reminders-${name}-${page.viewportSize()?.width}.png`), fullPage: true });
}

/**
 * Moves a participant's consent (and their TypeFinder, when done) back in time, as if they had
 * stopped at their step `days` ago; the step's time goes back with them (what the service would
 * have written then). Written as svc-participants writes (its events published, under its lock),
 * so none of its own writes of the document can undo it.
 */
async function waitedFor(pgId: string, days: number, typeFinderDone = false): Promise<void> {
  const at = new Date(Date.now() - days * DAY_MS);
  const result = await writeAsService<UpdateResult, { _id: string }>(participantsService, 'participants', pgId, (collection) =>
    collection.updateOne({ _id: pgId }, { $set: { consentedAt: at, awaitingSince: at, ...(typeFinderDone ? { 'surveys.typeFinder.completedAt': at } : {}) } }),
  );
  expect(result.matchedCount).toBe(1);
}

async function received(member: string): Promise<Received[]> {
  const res = await fetch(`${openHumansUrl()}/_standin/members/${member}/messages`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { messages: Received[] }).messages;
}

describe('reminders', () => {
  let a: { pgId: string; member: string };
  let b: { pgId: string; member: string };
  let c: { pgId: string; member: string };

  beforeAll(async () => {
    [a, b] = [await consentedParticipant(), await consentedParticipant()];
    const atNardi = await consentedParticipant();
    await completeTypeFinder(atNardi.pgId, atNardi.studyEmail);
    c = atNardi;
    await waitedFor(a.pgId, 9);
    await waitedFor(b.pgId, 8);
    await waitedFor(c.pgId, 9, true);
  });

  test('the admin previews who stopped at a step, sends them a reminder, and the stand-in shows it for exactly them, once', async () => {
    const page = await newPage();
    await withStaffSession(page.context(), await staffMember('owner'));
    await page.goto('/reminders');
    await page.getByRole('navigation', { name: 'Study team tools' }).getByRole('link', { name: 'Reminders' }).waitFor();
    await page.getByRole('radio', { name: 'Consented, but no TypeFinder yet' }).check();
    await page.getByLabel('For at least (days)').fill('7');
    await page.getByRole('button', { name: 'Preview' }).click();

    const status = page.getByRole('status').filter({ hasText: 'without a reminder' });
    await status.waitFor();
    expect(await status.textContent()).toContain('2 participants have been at “Consented, but no TypeFinder yet” for 7 days or more');
    const table = page.getByRole('table', { name: /Members this send reaches/ });
    const members = await table.locator('tbody tr td:nth-child(2)').allTextContents();
    expect(members).toEqual([a.member, b.member]);
    expect(await table.textContent()).not.toContain(c.member);

    await page.getByLabel('Subject').fill('Your TypeFinder is waiting');
    await page.getByLabel('Message').fill('Hello {{ PROJECT_MEMBER_ID }}, the TypeFinder takes ten minutes.');
    await page.getByText(`Hello ${a.member}, the TypeFinder takes ten minutes.`).waitFor();
    await shoot(page, 'preview');
    await page.getByRole('button', { name: 'Send to 2 members' }).click();
    // The confirmation has the focus: the keyboard confirms.
    await page.getByRole('button', { name: 'Confirm send' }).waitFor();
    await page.waitForFunction(() => document.activeElement?.textContent === 'Confirm send');
    await page.keyboard.press('Enter');
    await page.getByText('Reminder sent to 2 members.').waitFor();
    await shoot(page, 'sent');

    for (const p of [a, b]) {
      expect(await received(p.member)).toEqual([
        expect.objectContaining({ subject: '[Open Humans Project Message] Your TypeFinder is waiting', message: `Hello ${p.member}, the TypeFinder takes ten minutes.` }),
      ]);
    }
    expect(await received(c.member)).toEqual([]);

    // The stand-in's own page lists what each member received.
    const standin = await newPage(1280, openHumansUrl());
    await standin.goto('/_standin/messages');
    for (const p of [a, b]) {
      const section = standin.getByRole('region', { name: new RegExp(`^Member ${p.member}`) });
      await section.waitFor();
      expect(await section.textContent()).toContain(`Hello ${p.member}, the TypeFinder takes ten minutes.`);
    }
    expect(await standin.getByRole('region', { name: new RegExp(`^Member ${c.member}`) }).count()).toBe(0);

    // Nobody is reminded twice for the step: a new preview finds no one, and a send is refused.
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByText('Nobody has been at “Consented, but no TypeFinder yet” for 7 days or more without a reminder for it.').waitFor();
    const again = await fetch(`${baseUrl()}/api/admin/reminders/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-master-key': masterKey() },
      body: JSON.stringify({ step: 'typeFinder', days: 7, subject: 'Again', message: 'Again' }),
    });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { code: string }).code).toBe('REMINDER_NO_MEMBERS');
    for (const p of [a, b]) expect(await received(p.member)).toHaveLength(1);
  });

  test('the reminders page fits a 375 px wide screen', async () => {
    const page = await newPage(375);
    await withStaffSession(page.context(), await staffMember('owner'));
    await page.goto('/reminders');
    await page.getByRole('radio', { name: 'TypeFinder done, but no Nardi yet' }).check();
    await page.getByLabel('For at least (days)').fill('7');
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('table', { name: /Members this send reaches/ }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shoot(page, 'nardi-preview');
  });
});
