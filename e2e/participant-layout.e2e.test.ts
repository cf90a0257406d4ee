/**
 * @slices shell gateway mf-consent mf-dashboard mf-nardi svc-participants svc-scoring svc-reports standins/open-humans standins/typefinder
 */
// The participant's pages as they lay out on a phone (390 px) and a desktop (1280 px), each check
// one a walk through the app found wanting: Submit Results before the TypeFinder test keeps the
// participant on the page with the message beside the button and the study email in view; a link
// with an unknown study ID keeps the stored one and says so; the withdraw form's choices are real
// tap rows, and a participant who withdrew is not offered 'Withdraw' again; the self-assessment
// marks the very field that is wrong; a study ID that was not found can be read whole on a phone;
// tap targets of 44 x 44 px; e-mail addresses break only at the '@'; dashboard cards keep apart
// and never sit alone in a narrow column; Back from Nardi part two says the answers are kept; the
// Nardi example does not look like answers; the how-it-works video has a poster. Every page passes
// axe-core with no serious or critical violation.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { baseUrl, browserPerFile } from './support/browser';
import { seriousViolations } from './support/axe';
import { completeNardiOverApi, completeTypeFinder, consentedParticipant, holdSession, sessionHeaders } from './support/participant';

jest.setTimeout(300_000);

const SHOTS = path.resolve(__dirname, '..', '.test-artifacts', 'screens');
const WIDTHS = [390, 1280] as const;
/** The embedded stack's default contact address (scripts/lib/stack.ts). */
const CONTACT = 'study-team@study.localhost';
/** What the server says when it has no TypeFinder result for the study email (product.md section 8). */
const NO_MATCH = 'We failed to match your Study ID in our database. Please make sure you enter your Study ID email address and retake the survey.';
/** The smallest tap target, in CSS pixels. */
const TAP = 44;
/** The least room between two cards: the dashboard's gap between cards is 16 px. */
const CARD_GAP = 16;

const { newPage, shoot } = browserPerFile('participant-layout');

/** A participant call made by hand, with the participant's session (as their browser would). */
const post = (route: string, body: { pgId: string } & Record<string, unknown>) =>
  fetch(`${baseUrl()}${route}`, { method: 'POST', headers: { 'content-type': 'application/json', ...sessionHeaders(body.pgId) }, body: JSON.stringify(body) });

/** One look at the page: axe finds nothing serious, nothing is wider than the screen, and a full-page screenshot is kept. */
async function checkStop(page: Page, shot: string): Promise<void> {
  // Let transitions (the header's fade, auto-advance) settle before judging colours.
  await page.waitForTimeout(300);
  expect({ page: page.url(), violations: await seriousViolations(page) }).toEqual({ page: page.url(), violations: [] });
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await shoot(page, shot);
}

/** How many lines an element's text takes on screen. */
async function linesOf(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top))).size;
  });
}

/**
 * An e-mail address shown whole and broken, if at all, only before its '@': it is drawn in its
 * two parts (EmailAddress), each part on one line, and together they read the address.
 */
async function expectBreaksOnlyAtAt(address: Locator, expected: string): Promise<void> {
  const parts = address.locator('.email-address__part');
  expect(await parts.allTextContents()).toEqual([expected.slice(0, expected.lastIndexOf('@')), expected.slice(expected.lastIndexOf('@'))]);
  for (const part of await parts.all()) expect(await linesOf(part)).toBe(1);
  const width = address.page().viewportSize()?.width ?? 0;
  for (const part of await parts.all()) expect(((await part.boundingBox())?.x ?? 0) + ((await part.boundingBox())?.width ?? Infinity)).toBeLessThanOrEqual(width);
}

/** A tap target of at least 44 x 44 px. */
async function expectTapTarget(target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  expect({ target: await target.textContent(), width: Math.round(box?.width ?? 0) >= TAP, height: Math.round(box?.height ?? 0) >= TAP }).toEqual({
    target: await target.textContent(),
    width: true,
    height: true,
  });
}

/** Nothing covers the element: at its centre and near its corners, the topmost element is it or inside it. */
async function expectUncovered(element: Locator): Promise<void> {
  await element.scrollIntoViewIfNeeded();
  const covered = await element.evaluate((node) => {
    const rect = node.getBoundingClientRect();
    const points = [
      [rect.left + rect.width / 2, rect.top + rect.height / 2],
      [rect.left + 4, rect.top + 4],
      [rect.right - 4, rect.top + 4],
      [rect.left + 4, rect.bottom - 4],
      [rect.right - 4, rect.bottom - 4],
    ];
    return points.filter(([x, y]) => {
      const top = document.elementFromPoint(x as number, y as number);
      return top === null || !(top === node || node.contains(top));
    }).length;
  });
  expect(covered).toBe(0);
}

/** The least room between any two of the elements (0 when two touch or overlap). */
async function leastGap(page: Page, selector: string): Promise<number> {
  return page.evaluate((css) => {
    const boxes = [...document.querySelectorAll(css)].map((element) => element.getBoundingClientRect()).filter((rect) => rect.width > 0);
    let least = Infinity;
    boxes.forEach((a, i) =>
      boxes.slice(i + 1).forEach((b) => {
        const horizontal = Math.max(b.left - a.right, a.left - b.right);
        const vertical = Math.max(b.top - a.bottom, a.top - b.bottom);
        least = Math.min(least, Math.max(horizontal, vertical, 0));
      }),
    );
    return least;
  }, selector);
}

/** Cards that have no other card beside them in their row, and how much of the row's width they take. */
async function loneCardWidths(page: Page, container: string): Promise<{ card: string; share: number }[]> {
  return page.evaluate((css) => {
    const grid = document.querySelector(css);
    if (!grid) return [];
    const width = grid.getBoundingClientRect().width;
    const cards = [...grid.children].map((card) => ({ card, rect: card.getBoundingClientRect() }));
    return cards
      .filter(({ card, rect }) => !cards.some((other) => other.card !== card && other.rect.top < rect.bottom && rect.top < other.rect.bottom))
      .map(({ card, rect }) => ({ card: card.querySelector('h2')?.textContent ?? card.className, share: Math.round((rect.width / width) * 100) / 100 }));
  }, container);
}

/** The study ID this browser keeps (local storage, written within a second of a change). */
async function storedStudyId(page: Page): Promise<string | null> {
  await page.waitForTimeout(1_200);
  return page.evaluate(() => (JSON.parse(window.localStorage.getItem('state') ?? '{}') as { pgId?: string | null }).pgId ?? null);
}

/** A consented participant whose dashboard is open in a new page of this width. */
async function onDashboard(width: number, prepare?: (pgId: string, studyEmail: string) => Promise<void>): Promise<{ page: Page; pgId: string; studyEmail: string }> {
  const { pgId, studyEmail } = await consentedParticipant();
  await prepare?.(pgId, studyEmail);
  const page = await newPage(width);
  await holdSession(page, pgId);
  await page.goto(`/survey/${pgId}`);
  await page.getByRole('region', { name: 'Your surveys' }).waitFor();
  return { page, pgId, studyEmail };
}

describe.each(WIDTHS)('the participant pages at %i px wide', (width) => {
  test('TypeFinder: Submit Results before the test stays on the page, the message beside the button, the study email in view and whole', async () => {
    const { page, studyEmail } = await onDashboard(width);
    // The dashboard's study email breaks only before its '@'; the consent PDF button is a whole tap target.
    await expectBreaksOnlyAtAt(page.locator('.identity__study-email'), studyEmail);
    await expectTapTarget(page.getByRole('button', { name: 'Download your consent (PDF)' }));

    await page.getByRole('region', { name: 'Your surveys' }).getByRole('link', { name: 'Start TypeFinder' }).click();
    await page.waitForURL('**/typefinder');
    const submit = page.getByRole('button', { name: 'Submit Results' });
    await submit.click();
    const alert = page.getByRole('alert').filter({ hasText: NO_MATCH });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('If you have not taken the test yet, take it above first, then press Submit Results.');
    // No move to the dashboard, now or a moment later.
    await page.waitForTimeout(1_500);
    expect(new URL(page.url()).pathname).toBe('/typefinder');
    expect(await alert.isVisible()).toBe(true);
    // Beside the button: close below it.
    const buttonBox = await submit.boundingBox();
    const alertBox = await alert.boundingBox();
    expect((alertBox?.y ?? Infinity) - ((buttonBox?.y ?? 0) + (buttonBox?.height ?? 0))).toBeLessThan(120);
    expect(alertBox?.y ?? 0).toBeGreaterThan(buttonBox?.y ?? Infinity);
    await checkStop(page, 'typefinder-not-found');
    // The study email the message points to: visible, whole, nothing over it.
    const email = page.getByLabel('Your study email');
    expect(await email.isVisible()).toBe(true);
    await expectUncovered(email);
    await expectBreaksOnlyAtAt(email, studyEmail);
    await page.screenshot({ path: path.join(SHOTS, `participant-layout-typefinder-email-${width}.png`) });
    // The message stays until the next try.
    await page.waitForTimeout(5_000);
    expect(await alert.isVisible()).toBe(true);

    // Once taken (the widget sends the result), Submit Results goes on to the dashboard as before.
    const widget = process.env.E2E_TYPEFINDER_WIDGET_URL ?? '';
    expect((await fetch(widget, { method: 'POST', body: new URLSearchParams({ email: studyEmail, energy: 'I', information: 'N', decisions: 'T', lifestyle: 'J' }) })).ok).toBe(true);
    await submit.click();
    await page.waitForURL('**/survey');
    expect(await alert.count()).toBe(0);
  });

  test('a dashboard link with an unknown study ID keeps the stored one and says the link’s was not found', async () => {
    const { page, pgId } = await onDashboard(width);
    const unknown = randomUUID();
    await page.goto(`/survey/${unknown}`);
    const notice = page.getByRole('alert').filter({ hasText: 'The study ID in the link was not found.' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain(unknown);
    expect(await notice.textContent()).toContain(`Your own study ID, ${pgId}, is kept`);
    await page.getByRole('region', { name: 'Your surveys' }).waitFor();
    expect(await page.locator('.identity__study-id').textContent()).toBe(pgId);
    expect(await storedStudyId(page)).toBe(pgId);
    await checkStop(page, 'dashboard-unknown-link');
    // And it is still the participant's after a reload.
    await page.reload();
    await page.getByRole('region', { name: 'Your surveys' }).waitFor();
    expect(await page.locator('.identity__study-id').textContent()).toBe(pgId);
  });

  test('MBTI: the study email whole, the provider link a whole tap target', async () => {
    const { page, studyEmail } = await onDashboard(width);
    await page.goto('/mbti');
    const email = page.getByLabel('Your study email');
    await email.waitFor();
    await expectBreaksOnlyAtAt(email, studyEmail);
    // The provider's site is outside the test's reach: the new tab is not opened.
    await page.evaluate(() => {
      window.open = () => null;
    });
    await page.getByRole('button', { name: 'I am Ready' }).click();
    const link = page.getByRole('link', { name: "Open the MBTI provider's site" });
    await link.waitFor();
    await expectTapTarget(link);
    await checkStop(page, 'mbti-started');
  });

  test('self-assessment: the wrong field itself is marked; the review’s Edit buttons are tap targets', async () => {
    const { page } = await onDashboard(width, async (pgId, studyEmail) => {
      await completeTypeFinder(pgId, studyEmail);
      await completeNardiOverApi(pgId);
    });
    await page.goto('/self-assessment/survey');
    const code = page.getByRole('combobox');
    await code.waitFor();
    await code.fill('XYZW');
    expect(await code.getAttribute('aria-invalid')).toBe('true');
    const codeError = page.getByText('Type one of the 16 four-letter types, for example INFP or ESTJ.');
    expect(await codeError.isVisible()).toBe(true);
    expect((await code.getAttribute('aria-describedby'))?.split(' ')).toContain(await codeError.getAttribute('id'));
    await checkStop(page, 'self-assessment-invalid-code');
    await code.fill('INTJ');
    expect(await code.getAttribute('aria-invalid')).toBeNull();
    await page.getByRole('button', { name: 'Next', exact: true }).click();

    await page.getByRole('checkbox', { name: 'Another way' }).check();
    const explain = page.getByRole('textbox', { name: 'Please explain' });
    // Next is marked disabled with the spec's tooltip; pressing it anyway takes the participant to the empty explanation.
    const next = page.getByRole('button', { name: 'Next', exact: true });
    expect(await next.getAttribute('title')).toBe('Must make a selection');
    await next.focus();
    await page.keyboard.press('Enter');
    expect(await explain.getAttribute('aria-invalid')).toBe('true');
    expect(await explain.evaluate((node) => node === document.activeElement)).toBe(true);
    const explainError = page.locator(`#${await explain.getAttribute('aria-describedby')}`);
    expect(await explainError.textContent()).toBe('Write a few words to explain “Another way”, or untick it.');
    expect(await explainError.isVisible()).toBe(true);
    // The group's checkboxes are not what is wrong.
    expect(await page.getByRole('checkbox', { name: 'Another way' }).getAttribute('aria-invalid')).toBeNull();
    await checkStop(page, 'self-assessment-empty-explanation');
    await explain.fill('A workshop');
    expect(await explain.getAttribute('aria-invalid')).toBeNull();
    await next.click();
    await page.getByRole('radio', { name: '90% sure' }).click();
    await page.getByRole('radio', { name: 'I am fairly new to personality type' }).click();
    await page.getByRole('heading', { name: 'Review your answers' }).waitFor();
    const edits = page.getByRole('button', { name: /^Edit/ });
    expect(await edits.count()).toBe(4);
    for (const edit of await edits.all()) await expectTapTarget(edit);
    await checkStop(page, 'self-assessment-review');
  });

  test('dashboard: cards keep apart and none sits alone in a narrow column; the withdraw choices are tap rows; no Withdraw after withdrawing', async () => {
    const { page, pgId } = await onDashboard(width, async (id, studyEmail) => {
      await completeTypeFinder(id, studyEmail);
      await completeNardiOverApi(id);
      expect((await post('/api/user/survey/upd', { pgId: id, update: { selfAssessment: { status: 'rejected' } } })).status).toBe(200);
    });
    await page.locator('.final-score__code').waitFor({ timeout: 45_000 });
    await page.getByRole('region', { name: 'Official MBTI (optional)' }).waitFor();
    expect(await leastGap(page, 'main .card')).toBeGreaterThanOrEqual(CARD_GAP);
    // Whatever shares no row with another card takes (nearly) the whole width.
    const lone = await loneCardWidths(page, '.score-grid');
    expect(lone.length).toBeGreaterThan(0);
    expect(lone.filter((card) => card.share < 0.95)).toEqual([]);
    await checkStop(page, 'dashboard-final');

    const panel = page.getByRole('region', { name: 'Withdraw from the study' });
    await panel.getByRole('button', { name: 'Withdraw from the study...' }).click();
    const radios = panel.getByRole('radio');
    expect(await radios.count()).toBe(2);
    for (const radio of await radios.all()) {
      const box = await radio.boundingBox();
      expect(Math.round(box?.width ?? 0)).toBeGreaterThanOrEqual(20);
      expect(Math.round(box?.height ?? 0)).toBeGreaterThanOrEqual(20);
      const row = radio.locator('xpath=ancestor::label[1]');
      const rowBox = await row.boundingBox();
      expect(Math.round(rowBox?.height ?? 0)).toBeGreaterThanOrEqual(TAP);
      // The text wraps beside the radio: every line of it starts right of the radio.
      const textLeft = await row.evaluate((label) => {
        const range = document.createRange();
        range.selectNodeContents(label.querySelector('span') ?? label);
        return Math.min(...[...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => rect.left));
      });
      expect(textLeft).toBeGreaterThan((box?.x ?? 0) + (box?.width ?? 0));
    }
    expect(await panel.locator('fieldset').evaluate((node) => getComputedStyle(node).borderTopStyle)).toBe('none');
    await panel.getByRole('group', { name: 'What should happen to your data?' }).screenshot({ path: path.join(SHOTS, `participant-layout-withdraw-choices-${width}.png`) });
    await checkStop(page, 'withdraw-choices');

    await panel.getByRole('radio', { name: /Keep my answers/ }).check();
    await panel.getByRole('button', { name: 'Continue' }).click();
    await panel.getByRole('button', { name: 'Yes, withdraw' }).click();
    await page.getByRole('heading', { name: 'You have left the study' }).waitFor();

    // Back on the dashboard (the session is still this browser's): nothing left to withdraw.
    await page.goto(`/survey/${pgId}`);
    await page.getByRole('heading', { name: 'Not quite ready...' }).waitFor();
    expect(await page.getByRole('button', { name: /^Withdraw/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Erase my answers and results...' }).count()).toBe(1);
    expect(await leastGap(page, 'main .card')).toBeGreaterThanOrEqual(CARD_GAP);
    await checkStop(page, 'dashboard-withdrawn');
  });

  test('Nardi: review Edit buttons are tap targets; Back from part two says the answers are kept; the example is not answer cards', async () => {
    // Part one answered, at its review.
    const answers = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, value: i % 3 === 0 ? 'B' : 'A' }));
    const { page } = await onDashboard(width, async (id, studyEmail) => {
      await completeTypeFinder(id, studyEmail);
      expect((await post('/api/user/survey', { pgId: id, survey: { id: 'nardi', status: 'reviewing', index: 24, answers } })).status).toBe(200);
    });

    await page.goto('/nardi');
    await page.getByRole('heading', { level: 1, name: 'Nardi Personality Indicator' }).waitFor();
    // The example reads as an example: no boxes, nothing to tap.
    const example = page.getByRole('region', { name: 'Example question' });
    for (const statement of await example.getByRole('listitem').all()) {
      expect(await statement.evaluate((node) => getComputedStyle(node).borderTopStyle)).toBe('none');
      expect(await statement.evaluate((node) => getComputedStyle(node).cursor)).not.toBe('pointer');
    }
    expect(await example.getByRole('radio').count()).toBe(0);

    await page.goto('/nardi/part-one');
    await page.getByRole('heading', { name: 'Review your answers' }).waitFor();
    const edits = page.getByRole('button', { name: /^Edit/ });
    expect(await edits.count()).toBe(25);
    for (const edit of (await edits.all()).slice(0, 3)) await expectTapTarget(edit);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.waitForURL('**/nardi/part-two', { timeout: 60_000 });
    await page.getByRole('radio').first().waitFor();

    await page.goBack();
    await page.waitForURL('**/nardi');
    const kept = page.getByRole('status').filter({ hasText: 'Your answers to the questions are saved and kept' });
    await kept.waitFor();
    expect(await kept.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/nardi/part-two');
    expect(await page.getByRole('link', { name: 'I am ready' }).count()).toBe(0);
    await checkStop(page, 'nardi-intro-kept');
    await kept.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL('**/nardi/part-two');
  });

  test('study ID form: after not found, the whole ID entered can be read', async () => {
    // A study ID the study no longer knows: an erased participant, on the browser that held their session.
    const { pgId } = await consentedParticipant();
    expect((await post('/api/user/withdraw', { pgId, erase: true })).status).toBe(200);
    const page = await newPage(width);
    await holdSession(page, pgId);
    await page.goto(`/survey/${pgId}`);
    await page.getByText('The ID you entered was not found.').waitFor();
    const field = page.getByLabel('Study ID');
    expect(await field.inputValue()).toBe(pgId);
    // Whole in the field, or whole in the copy under it, inside the screen.
    const fieldShowsAll = await field.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth);
    const echo = page.locator('.study-id-echo__id');
    if (!fieldShowsAll || width <= 600) {
      expect(await echo.isVisible()).toBe(true);
      expect(await echo.textContent()).toBe(pgId);
      const box = await echo.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(width);
      expect(await echo.evaluate((node) => node.scrollWidth <= node.clientWidth + 1)).toBe(true);
      // Its five groups each stay whole.
      for (const group of await page.locator('.study-id-echo__group').all()) expect(await linesOf(group)).toBe(1);
    }
    await checkStop(page, 'study-id-not-found');
  });

  test('home and how it works: the contact address breaks only at the @; the video has a poster from the app', async () => {
    const page = await newPage(width);
    await page.goto('/');
    const contact = page.getByRole('region', { name: 'Contact' }).getByRole('link', { name: CONTACT });
    await contact.waitFor();
    await expectBreaksOnlyAtAt(contact, CONTACT);

    await page.goto('/how-it-works');
    const video = page.locator('video');
    await video.waitFor();
    const poster = (await video.getAttribute('poster')) ?? '';
    expect(new URL(poster, baseUrl()).origin).toBe(new URL(baseUrl()).origin);
    const image = await page.request.get(poster);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
    // A real picture the browser can draw, of the video's size.
    const size = await page.evaluate(
      (src) =>
        new Promise<number[]>((resolve) => {
          const img = new Image();
          img.onload = () => resolve([img.naturalWidth, img.naturalHeight]);
          img.onerror = () => resolve([0, 0]);
          img.src = src;
        }),
      poster,
    );
    expect(size).toEqual([640, 360]);
    await expectBreaksOnlyAtAt(page.getByRole('link', { name: CONTACT }), CONTACT);
    await checkStop(page, 'how-it-works');
  });
});
