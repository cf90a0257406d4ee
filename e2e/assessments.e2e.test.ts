/**
 * @slices shell gateway mf-dashboard svc-participants svc-scoring svc-reports standins/open-humans standins/typefinder
 */
// The assessment screens of the dashboard in a real browser against the whole system: the
// TypeFinder widget framed on /typefinder and 'Submit Results', the self-assessment with its
// validation, a reload in the middle and Save, and declining the self-assessment.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl, launchBrowser } from './support/browser';
import { completeNardiOverApi, completeTypeFinder, consentedParticipant, holdSession } from './support/participant';
import { takeTypeFinderAsIntj, typeFinderWidget } from './support/typefinder-widget';

jest.setTimeout(90_000);

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
});

async function newPage(viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport });
  contexts.push(context);
  return context.newPage();
}

/** The participant's dashboard, loaded. */
async function openDashboard(page: Page, pgId: string): Promise<void> {
  await holdSession(page, pgId);
  await page.goto(`/survey/${pgId}`);
  await page.getByRole('region', { name: 'Your surveys' }).waitFor();
}

/** The text a survey shows on the dashboard: its name, badge and status. */
function surveyItem(page: Page, name: string) {
  return page.getByRole('region', { name: 'Your surveys' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

/** Waits for the final type on the dashboard: scoring works it out from events, so it can take a moment. */
async function finalTypeShown(page: Page, pgId: string, typeCode: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const code = page.getByRole('region', { name: 'Your final type' }).locator('.final-score__code');
    if ((await code.count()) > 0) {
      expect(await code.textContent()).toBe(typeCode);
      return;
    }
    if (Date.now() > deadline) throw new Error(`no final type on the dashboard after ${timeoutMs} ms`);
    await page.waitForTimeout(500);
    await openDashboard(page, pgId);
  }
}

/** A participant due for the self-assessment: TypeFinder and Nardi done over HTTP. */
async function participantDueForSelfAssessment(): Promise<{ pgId: string }> {
  const { pgId, studyEmail } = await consentedParticipant();
  await completeTypeFinder(pgId, studyEmail, { energy: 'E', information: 'N', decisions: 'F', lifestyle: 'P' });
  await completeNardiOverApi(pgId);
  return { pgId };
}

describe('TypeFinder', () => {
  test('the widget in the frame takes the test with the study email; Submit Results completes the survey with its type', async () => {
    const { pgId, studyEmail } = await consentedParticipant();
    const page = await newPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
    await openDashboard(page, pgId);
    await page.getByRole('link', { name: 'Start TypeFinder' }).click();
    await page.waitForURL('**/typefinder');

    await page.getByRole('button', { name: 'Copy ID' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(studyEmail);
    await page.getByRole('button', { name: 'Copy ID' }).waitFor();

    // The widget's address does not carry the study email: the participant pastes it.
    expect(await page.locator('iframe[title="TypeFinder personality test"]').getAttribute('src')).not.toContain(pgId);
    expect(await typeFinderWidget(page).getByLabel('Study ID email').inputValue()).toBe('');
    expect(await takeTypeFinderAsIntj(page)).toBe('INTJ');

    await page.getByRole('button', { name: 'Submit Results' }).click();
    await page.waitForURL('**/survey');
    const item = surveyItem(page, 'TypeFinder');
    await item.getByText('Completed · your type: INTJ').waitFor();
    expect(await item.locator('.survey-item__badge').textContent()).toBe('Done');
  });

  test('Submit Results without a result for the study email stays on the page with the message and what to do beside the button', async () => {
    const { pgId } = await consentedParticipant();
    const page = await newPage();
    await openDashboard(page, pgId);
    await page.getByRole('link', { name: 'Start TypeFinder' }).click();
    await page.getByRole('button', { name: 'Submit Results' }).click();
    const notice = page
      .getByRole('alert')
      .filter({ hasText: 'We failed to match your Study ID in our database. Please make sure you enter your Study ID email address and retake the survey.' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('If you have not taken the test yet, take it above first, then press Submit Results.');
    // The participant stays with the study email and the test, not sent away.
    await page.waitForTimeout(1_000);
    expect(new URL(page.url()).pathname).toBe('/typefinder');
    expect(await page.getByLabel('Your study email').isVisible()).toBe(true);
    // Still to do: the dashboard offers it again.
    await page.goto('/survey');
    await surveyItem(page, 'TypeFinder').getByRole('link', { name: 'Start TypeFinder' }).waitFor();
  });
});

describe('Self-Assessment', () => {
  test('validates each answer, resumes after a reload, and saves the type the participant chose', async () => {
    const { pgId } = await participantDueForSelfAssessment();
    const page = await newPage({ width: 375, height: 740 });
    await openDashboard(page, pgId);
    await page.getByRole('link', { name: 'Start Self-Assessment' }).click();
    await page.waitForURL('**/self-assessment');
    await page.getByRole('link', { name: 'I am ready' }).click();
    await page.waitForURL('**/self-assessment/survey');

    const next = page.getByRole('button', { name: 'Next' });
    const typeBox = page.getByRole('combobox');
    await typeBox.fill('XYZW');
    expect(await next.isDisabled()).toBe(true);
    expect(await next.getAttribute('title')).toBe('Must enter a valid answer');
    await page.getByText('Must enter a valid answer').waitFor();
    await typeBox.fill('infp');
    expect(await next.isEnabled()).toBe(true);
    await next.click();

    await page.getByRole('heading', { name: 'How did you arrive at that type? Choose all that apply.' }).waitFor();
    await page.getByRole('checkbox', { name: 'Another way' }).check();
    expect(await next.isDisabled()).toBe(true);
    expect(await next.getAttribute('title')).toBe('Must make a selection');
    await page.getByRole('textbox', { name: 'Please explain' }).fill('A course at work');
    await page.getByRole('checkbox', { name: 'I read about the types and picked the one that fits me' }).check();
    await next.click();

    await page.getByRole('heading', { name: 'How sure are you that this type is your best fit?' }).waitFor();
    await page.getByRole('radio', { name: '95% sure' }).check();
    // A single choice moves on by itself.
    await page.getByRole('heading', { name: 'How much experience do you have with personality type?' }).waitFor();

    await page.reload();
    await page.getByRole('heading', { name: 'How much experience do you have with personality type?' }).waitFor();
    await page.getByText('Question 4 of 4').waitFor();

    await page.getByRole('radio', { name: 'I have been interested in personality type for more than 5 years' }).check();
    await page.getByRole('heading', { name: 'Review your answers' }).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/survey');
    const item = surveyItem(page, 'Self-Assessment');
    await item.getByText('Completed · your type: INFP').waitFor();
    expect(await item.locator('.survey-item__badge').textContent()).toBe('Done');

    // 95% sure of INFP: the participant's own choice decides the final type (domain.md section 5).
    await finalTypeShown(page, pgId, 'INFP');
    await page.goto('/test');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download Final Report' }).click()]);
    expect(download.suggestedFilename()).toBe('Final Report.pdf');
    await page.getByText("Your report was saved as 'Final Report.pdf'.").waitFor();
  });

  test('the dashboard goes back to the questions once some are answered', async () => {
    const { pgId } = await participantDueForSelfAssessment();
    const page = await newPage();
    await openDashboard(page, pgId);
    await page.getByRole('link', { name: 'Start Self-Assessment' }).click();
    await page.getByRole('link', { name: 'I am ready' }).click();
    await page.getByRole('combobox').fill('ESTJ');
    // Each step is kept on the server as the participant moves on.
    const kept = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/user/survey' && res.request().method() === 'POST');
    await page.getByRole('button', { name: 'Next' }).click();
    expect((await kept).status()).toBe(200);
    await page.getByRole('heading', { name: 'How did you arrive at that type? Choose all that apply.' }).waitFor();

    // Coming back later: the dashboard loads the server's state.
    await openDashboard(page, pgId);
    const item = surveyItem(page, 'Self-Assessment');
    await item.getByText('In progress: continue where you left off.').waitFor();
    await item.getByRole('link', { name: 'Continue Self-Assessment' }).click();
    await page.waitForURL('**/self-assessment/survey');
    await page.getByRole('heading', { name: 'How did you arrive at that type? Choose all that apply.' }).waitFor();
  });

  test("'No thank you' declines it: the dashboard shows it done as declined", async () => {
    const { pgId } = await participantDueForSelfAssessment();
    const page = await newPage();
    await openDashboard(page, pgId);
    await page.getByRole('link', { name: 'Start Self-Assessment' }).click();
    await page.getByRole('button', { name: 'No thank you' }).click();
    await page.waitForURL('**/survey');
    const item = surveyItem(page, 'Self-Assessment');
    await item.getByText('Declined', { exact: true }).first().waitFor();
    expect(await item.locator('.survey-item__badge').textContent()).toBe('Declined');
    expect(await item.getByRole('link').count()).toBe(0);
    const final = page.getByRole('region', { name: 'Your final type' });
    expect(await final.getByText('Still to do:').count()).toBe(0);
  });
});
