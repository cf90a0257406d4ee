/**
 * @slices shell gateway mf-consent mf-dashboard mf-nardi mf-admin svc-participants svc-scoring svc-reports standins/open-humans standins/typefinder
 */
// The whole app walked through as a participant and as the study team, on a phone (390 px) and a
// desktop (1280 px): every route gets its own tab title and passes axe-core with no serious or
// critical violation, at each step of the participant's way; and what a careful study team would
// not ship stays fixed: a way to reach the team, the site's own captioned video, one study name,
// a study ID that does not wrap, the signed-in consent page, signing out, readable upload counts,
// the official MBTI result on the dashboard, and a tagged final report PDF.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { baseUrl, launchBrowser } from './support/browser';
import { staffMember, withStaffSession } from './support/staff';
import { seriousViolations } from './support/axe';
import { completeTypeFinder, consentedParticipant, holdSession } from './support/participant';

jest.setTimeout(300_000);

const STUDY_NAME = 'Personality Genetics Study';
/** The embedded stack's default contact address (scripts/lib/stack.ts). */
const CONTACT = 'study-team@study.localhost';
const SHOTS = path.resolve(__dirname, '..', '.test-artifacts', 'walkthrough');
const WIDTHS = [390, 1280] as const;

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  fs.mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
});

async function newPage(width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: { width, height: 860 }, acceptDownloads: true });
  contexts.push(context);
  return context.newPage();
}

/**
 * One stop of the walk: the tab title says where the person is, axe finds nothing serious, nothing
 * is wider than the screen; a full-page screenshot is kept to look at.
 */
async function checkStop(page: Page, where: string, shot: string): Promise<void> {
  const title = `${where} · ${STUDY_NAME}`;
  await page.waitForFunction((expected) => document.title === expected, title, { timeout: 10_000 }).catch(() => undefined);
  expect(await page.title()).toBe(title);
  // Let transitions (the header's fade, auto-advance) settle before judging colours.
  await page.waitForTimeout(300);
  expect({ page: page.url(), violations: await seriousViolations(page) }).toEqual({ page: page.url(), violations: [] });
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await page.screenshot({ path: path.join(SHOTS, `${shot}-${width}.png`), fullPage: true });
}

/** How many lines a piece of text takes on screen. */
async function linesOf(page: Page, selector: string): Promise<number> {
  return page.locator(selector).first().evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const tops = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
    return tops.size;
  });
}

/** On a step of Nardi parts two to four: picks the first offer and goes on. */
async function chooseFirst(page: Page, route: string, where: string): Promise<void> {
  await page.waitForURL(`**${route}`, { timeout: 60_000 });
  await page.getByRole('radio').first().waitFor();
  await checkStop(page, where, `nardi-${route.split('/').pop()}`);
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
}

/** The size a finger has to hit, in CSS pixels. */
async function tapSize(locator: Locator): Promise<{ width: number; height: number }> {
  const box = await locator.boundingBox();
  return { width: Math.round(box?.width ?? 0), height: Math.round(box?.height ?? 0) };
}

function pdfText(file: string): string {
  return execFileSync('/usr/bin/pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

describe.each(WIDTHS)('the app at %i px wide', (width) => {
  test('as a visitor: home, how it works (own captioned video), consent, static pages, Not Found; the study team can be reached', async () => {
    const page = await newPage(width);
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Reveal Yourself!' }).waitFor();
    await checkStop(page, 'Reveal Yourself!', 'home');
    // One study name, configured once: the header says it as the tab does.
    expect(await page.locator('.brand__name').textContent()).toBe(STUDY_NAME);
    // The contact section gives a working address, never 'not set up'.
    const contact = page.getByRole('region', { name: 'Contact' });
    expect(await contact.getByRole('link', { name: CONTACT }).getAttribute('href')).toBe(`mailto:${CONTACT}`);
    expect(await page.locator('body').textContent()).not.toContain('has not been set up');
    // Tap targets of at least 44 px: the header's home link (on a phone the mark alone), the
    // footer's links, and the skip link once the keyboard reaches it.
    const small: string[] = [];
    for (const target of [page.getByRole('link', { name: STUDY_NAME }).first(), ...(await page.getByRole('navigation', { name: 'Footer' }).getByRole('link').all())]) {
      const { width: w, height: h } = await tapSize(target);
      if (Math.min(w, h) < 44) small.push(`${await target.getAttribute('href')}: ${w} x ${h}`);
    }
    expect(small).toEqual([]);
    await page.keyboard.press('Tab');
    const skip = page.locator('.skip-link');
    expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true);
    expect((await tapSize(skip)).height).toBeGreaterThanOrEqual(44);
    if (width >= 960) {
      // The type chips (shown on wide screens) are checked for contrast by axe above; NF among them.
      expect(await page.locator('.type-grid__row--nf .type-grid__code').first().isVisible()).toBe(true);
    }

    await page.goto('/how-it-works');
    await page.getByRole('heading', { level: 1, name: 'How it works' }).waitFor();
    const video = page.locator('video');
    await video.waitFor();
    // The site's own recording, served from the app, with English captions; it really plays.
    const source = await video.locator('source').getAttribute('src');
    const track = await video.locator('track').getAttribute('src');
    expect(new URL(source ?? '', baseUrl()).origin).toBe(new URL(baseUrl()).origin);
    const videoFile = await page.request.get(source ?? '');
    expect(videoFile.status()).toBe(200);
    expect(videoFile.headers()['content-type']).toBe('video/webm');
    expect((await videoFile.body()).length).toBeLessThan(1_500_000);
    const captions = await (await page.request.get(track ?? '')).text();
    expect(captions.startsWith('WEBVTT')).toBe(true);
    expect((captions.match(/-->/g) ?? []).length).toBeGreaterThanOrEqual(4);
    expect(await video.locator('track').getAttribute('kind')).toBe('captions');
    const duration = await video.evaluate(
      (element: HTMLVideoElement) =>
        new Promise<number>((resolve, reject) => {
          if (element.readyState >= 1) resolve(element.duration);
          element.addEventListener('loadedmetadata', () => resolve(element.duration));
          element.addEventListener('error', () => reject(new Error('the video could not be loaded')));
          element.load();
        }),
    );
    expect(duration).toBeGreaterThan(5);
    expect(duration).toBeLessThan(150);
    // A stuck person is given the address, not sent round in circles.
    expect(await page.getByRole('link', { name: CONTACT }).getAttribute('href')).toBe(`mailto:${CONTACT}`);
    await checkStop(page, 'How it works', 'how-it-works');

    await page.goto('/consent');
    await page.getByRole('heading', { level: 1, name: 'Consent to Take Part in Research' }).waitFor();
    expect(await page.getByRole('link', { name: CONTACT }).getAttribute('href')).toBe(`mailto:${CONTACT}`);
    await page.getByRole('checkbox', { name: /18 years of age or older/ }).waitFor();
    await checkStop(page, 'Consent', 'consent');

    await page.goto('/survey');
    await page.getByRole('link', { name: "Yes I'd Like to Participate" }).waitFor();
    await checkStop(page, 'Participant Dashboard', 'study-id-form');

    for (const [route, where] of [
      ['/about', 'About the researcher'],
      ['/terms', 'Terms of use'],
      ['/privacy', 'Privacy'],
      ['/no-such-page', 'Not Found'],
    ] as const) {
      await page.goto(route);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await checkStop(page, where, route.slice(1));
    }
  });

  test('as a participant, step by step to the final report; then as the study team; then signing out', async () => {
    const { pgId, studyEmail } = await consentedParticipant();
    const page = await newPage(width);

    // A browser without the participant's session: confirming with Open Humans comes first, and nothing of theirs shows.
    await page.goto(`/survey/${pgId}`);
    await page.getByRole('heading', { name: "Confirm it's you with Open Humans" }).waitFor();
    await page.getByRole('button', { name: 'Confirm with Open Humans' }).waitFor();
    expect(await page.getByRole('region', { name: 'Your surveys' }).count()).toBe(0);
    await checkStop(page, 'Participant Dashboard', 'confirm-identity');

    // Signed in (the study ID stored), the consent page has nothing left to agree to.
    await holdSession(page, pgId);
    await page.goto(`/survey/${pgId}`);
    await page.getByRole('region', { name: 'Your surveys' }).waitFor();
    await checkStop(page, 'Participant Dashboard', 'dashboard-start');
    // The study ID stays on one line, on a phone too; the header names the study.
    expect(await linesOf(page, '.identity__study-id')).toBe(1);
    expect(await page.locator('.brand__name').textContent()).toBe(STUDY_NAME);
    await page.goto('/consent');
    const notice = page.getByRole('status').filter({ hasText: 'Already Logged In' });
    await notice.waitFor();
    expect(await page.getByRole('link', { name: 'Continue to Dashboard' }).getAttribute('href')).toBe('/survey');
    expect(await page.getByRole('checkbox').count()).toBe(0);
    expect(await linesOf(page, '.consent-study-id')).toBe(1);
    expect(await page.getByRole('button', { name: 'Agree & Authorize Project' }).count()).toBe(0);
    await checkStop(page, 'Consent', 'consent-signed-in');

    await page.getByRole('link', { name: 'Continue to Dashboard' }).click();
    await page.getByRole('region', { name: 'Your surveys' }).getByRole('link', { name: 'Start TypeFinder' }).click();
    await page.waitForURL('**/typefinder');
    await page.getByRole('button', { name: 'Submit Results' }).waitFor();
    await checkStop(page, 'TypeFinder test', 'typefinder');
    const tfType = await completeTypeFinder(pgId, studyEmail, { energy: 'E', information: 'S', decisions: 'F', lifestyle: 'P' });

    await holdSession(page, pgId);

    await page.goto(`/survey/${pgId}`);
    const surveys = page.getByRole('region', { name: 'Your surveys' });
    await surveys.getByRole('link', { name: /Nardi Personality Indicator/ }).click();
    await page.waitForURL('**/nardi');
    await checkStop(page, 'Nardi Personality Indicator', 'nardi-intro');
    await page.getByRole('link', { name: 'I am ready' }).click();
    await page.waitForURL('**/nardi/part-one');
    for (let id = 1; id <= 25; id += 1) {
      await page.getByText(`Question ${id} of 25`).waitFor();
      if (id === 1) await checkStop(page, 'Nardi part one of four', 'nardi-part-one');
      // A click moves on by itself (250 ms), so the radio is not left checked to look at.
      await page.getByRole('radio').nth(id % 3 === 0 ? 1 : 0).click();
    }
    await page.getByRole('heading', { name: 'Review your answers' }).waitFor();
    await checkStop(page, 'Nardi part one of four', 'nardi-part-one-review');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await chooseFirst(page, '/nardi/part-two', 'Nardi part two of four');
    await chooseFirst(page, '/nardi/part-three', 'Nardi part three of four');
    await chooseFirst(page, '/nardi/part-four', 'Nardi part four of four');
    await page.waitForURL('**/survey');
    // Right after part four the dashboard shows the Nardi type with its consistency, without a reload.
    const nardiItem = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Nardi Personality Indicator' }) });
    await nardiItem.getByText(/Completed · your type: [EI][SN][TF][JP] · consistency \d+\/10/).waitFor({ timeout: 15_000 });
    const nardiType = /your type: ([EI][SN][TF][JP])/.exec((await nardiItem.textContent()) ?? '')?.[1] ?? '';
    await checkStop(page, 'Participant Dashboard', 'dashboard-after-nardi');

    await page.getByRole('link', { name: 'Start Self-Assessment' }).click();
    await page.waitForURL('**/self-assessment');
    await checkStop(page, 'Self-assessment', 'self-assessment-intro');
    await page.getByRole('link', { name: 'I am ready' }).click();
    await page.waitForURL('**/self-assessment/survey');
    await page.getByRole('combobox').waitFor();
    await checkStop(page, 'Self-assessment questions', 'self-assessment-survey');
    // Declined: the final type is decided letter by letter from TypeFinder and Nardi.
    await page.goto('/survey');
    await page.getByRole('link', { name: 'Start Self-Assessment' }).click();
    await page.waitForURL('**/self-assessment');
    await page.getByRole('button', { name: 'No thank you' }).click();
    await page.waitForURL('**/survey');
    const card = page.getByRole('region', { name: 'Your final type' });
    const code = card.locator('.final-score__code');
    await code.waitFor({ timeout: 45_000 });
    const finalType = (await code.textContent()) ?? '';
    await checkStop(page, 'Participant Dashboard', 'dashboard-final');

    await card.getByRole('link', { name: 'View Nardi report' }).click();
    await page.waitForURL('**/nardi-report');
    await page.getByRole('region', { name: 'Consistency' }).waitFor();
    await checkStop(page, 'Nardi report', 'nardi-report');

    await page.goto('/mbti');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await checkStop(page, 'Official MBTI assessment', 'mbti');
    await page.goto('/test');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await checkStop(page, 'Your final report', 'test');
    await page.goto('/thank-you');
    await page.getByRole('heading', { level: 1, name: 'Thank You' }).waitFor();
    await checkStop(page, 'Thank You', 'thank-you');

    // The final report PDF: tagged (structure tree, marked, language), the one study name, and
    // for each letter where TypeFinder and Nardi differ, that the tie was broken, not a majority.
    const res = await page.request.get(`/api/user/report/${pgId}`, { headers: { accept: 'application/pdf' } });
    expect(res.status()).toBe(200);
    const pdf = await res.body();
    const file = path.join(SHOTS, `final-report-${width}.pdf`);
    fs.writeFileSync(file, pdf);
    const { PDFDocument, PDFName, PDFDict, PDFBool, PDFString } = await import('pdf-lib');
    const doc = await PDFDocument.load(pdf, { updateMetadata: false });
    expect(doc.catalog.lookup(PDFName.of('StructTreeRoot'))).toBeInstanceOf(PDFDict);
    expect(doc.catalog.lookup(PDFName.of('MarkInfo'), PDFDict).lookup(PDFName.of('Marked'))).toBe(PDFBool.True);
    expect(doc.catalog.lookup(PDFName.of('Lang'), PDFString).decodeText()).toBe('en-GB');
    expect(doc.getTitle()).toBe(`Final Report - ${STUDY_NAME}`);
    const text = pdfText(file);
    expect(text).toContain(STUDY_NAME);
    expect(text).not.toContain('decided by the majority');
    expect(text).toContain('each letter was decided on its own');
    [...finalType].forEach((letter, position) => {
      if (tfType[position] !== nardiType[position]) expect(text).toContain(`${letter}, your test results were split evenly`);
    });
    execFileSync('/usr/bin/pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', file, path.join(SHOTS, `final-report-page-1-${width}`)]);

    // The study team: MBTI upload with readable counts, the enrollment figures, the roster.
    const admin = await newPage(width);
    await withStaffSession(admin.context(), await staffMember('data-manager'));
    await admin.goto('/mbti-load');
    await checkStop(admin, 'Admin: MBTI scores', 'admin-mbti-load');
    const csv = [
      'EMAIL,FormM_WholeType,FormM_pci1,FormM_pci2,FormM_pci3,FormM_pci4,FormM_dpref1,FormM_dpref2,FormM_dpref3,FormM_dpref4',
      `${pgId}@study.localhost,INFJ,1,2,3,4,5,6,7,8`,
    ].join('\n');
    await admin.getByLabel('Score file (.csv)').setInputFiles({ name: 'scores.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await admin.getByRole('button', { name: 'Upload scores' }).click();
    await admin.getByText('scores.csv has been uploaded.').waitFor();
    const counts = admin.getByLabel('Upload counts');
    expect(await counts.locator('dt').allTextContents()).toEqual(['Inserted', 'Matched', 'Modified', 'Deleted', 'Upserted']);
    for (let i = 0; i < 5; i += 1) expect(await linesOf(admin, `.admin-counts div:nth-child(${i + 1}) dt`)).toBe(1);
    await checkStop(admin, 'Admin: MBTI scores', 'admin-mbti-uploaded');
    await admin.goto('/enrollment');
    await admin.getByRole('heading', { level: 1 }).waitFor();
    await checkStop(admin, 'Admin: enrollment', 'admin-enrollment');
    await admin.goto('/ready-csv');
    await admin.getByRole('heading', { level: 1 }).waitFor();
    await checkStop(admin, 'Admin: roster', 'admin-ready-csv');

    // Back on the dashboard: the official result is shown, not 'about a week after completion'.
    await holdSession(page, pgId);
    await page.goto(`/survey/${pgId}`);
    const mbtiCard = page.getByRole('region', { name: 'Official MBTI result' });
    await mbtiCard.getByText('INFJ', { exact: true }).waitFor({ timeout: 15_000 });
    expect(await page.locator('body').textContent()).not.toMatch(/about one week after completion/);
    await checkStop(page, 'Participant Dashboard', 'dashboard-mbti');

    // A shared computer: signing out forgets the study ID (also in storage) and offers the form.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('link', { name: "Yes I'd Like to Participate" }).waitFor();
    expect(page.url()).toMatch(/\/survey$/);
    const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('state') ?? '{}') as { pgId?: string | null });
    expect(stored.pgId ?? null).toBeNull();
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard', exact: true }).count()).toBe(1);
    await page.reload();
    await page.getByRole('link', { name: "Yes I'd Like to Participate" }).waitFor();
    await checkStop(page, 'Participant Dashboard', 'signed-out');
  });
});
