/**
 * @slices shell gateway mf-nardi mf-dashboard svc-participants svc-scoring standins/open-humans standins/typefinder
 */
// The Nardi Personality Indicator in the browser: a consented participant with TypeFinder done
// opens it from the dashboard, answers the 25 questions (with a visit to the dashboard and a
// reload on the way, both coming back to the same question), saves, chooses
// a temperament, a cognitive style and a type, and is back on the dashboard with the Nardi type
// and its consistency.
import type { Browser, Page, Response } from 'playwright-core';
import { completeNardi, scoreNardi, type NardiChoice } from '@study/personality';
import { launchBrowser, newPage } from './support/browser';
import { completeTypeFinder, consentedParticipant, holdSession } from './support/participant';

jest.setTimeout(180_000);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The answer given to each question: a mix of A and B. */
const answerTo = (id: number): NardiChoice => (id % 3 === 0 || id % 7 === 0 ? 'B' : 'A');

/** The progress save of part one made on moving to the question at `index` (0-based). */
function isProgressSave(response: Response, index: number): boolean {
  const request = response.request();
  if (request.method() !== 'POST' || new URL(response.url()).pathname !== '/api/user/survey') return false;
  const body = request.postDataJSON() as { survey?: { id?: string; status?: string; index?: number } } | null;
  return body?.survey?.id === 'nardi' && body.survey.status === 'pending' && body.survey.index === index;
}

async function isDisabled(page: Page, name: string): Promise<boolean> {
  return page.getByRole('button', { name, exact: true }).isDisabled();
}

/** On a step of parts two to four: checks the offer size, Next waiting for a choice, picks the first; answers its code. */
async function chooseFirst(page: Page, path: string, offered: number): Promise<string> {
  await page.waitForURL(`**${path}`);
  const radios = page.getByRole('radio');
  await radios.first().waitFor();
  expect(await radios.count()).toBe(offered);
  expect(await isDisabled(page, 'Next')).toBe(true);
  const code = (await radios.first().getAttribute('value')) ?? '';
  await radios.first().check();
  expect(await isDisabled(page, 'Next')).toBe(false);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  return code;
}

test('a participant takes the Nardi survey from the dashboard to its result', async () => {
  const { pgId, studyEmail } = await consentedParticipant();
  await completeTypeFinder(pgId, studyEmail);

  const page = await newPage(browser);
  // Every answer of the study's API with a 409: the screens ask for a result only once it is there.
  const conflicts: string[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/') && response.status() === 409) conflicts.push(new URL(response.url()).pathname);
  });
  // Visiting the dashboard with the study ID in the address stores it.
  await holdSession(page, pgId);
  await page.goto(`/survey/${pgId}`);
  await page.getByRole('heading', { level: 1, name: 'Participant Dashboard' }).waitFor();
  const surveys = page.getByRole('region', { name: 'Your surveys' });
  await surveys.getByRole('link', { name: /Nardi Personality Indicator/ }).click();

  await page.waitForURL('**/nardi');
  await page.getByText('about 12 minutes').waitFor();
  await page.getByRole('link', { name: 'I am ready' }).click();
  await page.waitForURL('**/nardi/part-one');
  await page.getByText('Step 1 of 4').waitFor();

  for (let id = 1; id <= 25; id++) {
    await page.getByText(`Question ${id} of 25`).waitFor();
    expect(await isDisabled(page, 'Next')).toBe(true);
    expect(await isDisabled(page, 'Previous')).toBe(id === 1);
    const option = page.getByRole('radio').nth(answerTo(id) === 'A' ? 0 : 1);
    if (id === 1) {
      // The keyboard: a choice made with the arrow keys waits for Next.
      await page.getByRole('radio').first().focus();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowUp');
      if (answerTo(id) === 'B') await page.keyboard.press('ArrowDown');
      expect(await option.isChecked()).toBe(true);
      expect(await isDisabled(page, 'Next')).toBe(false);
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      continue;
    }
    // The move to question 10 is kept on the server as progress.
    const progressKept = id === 9 ? page.waitForResponse((response) => isProgressSave(response, 9)) : null;
    // A click moves on by itself.
    await option.check();
    if (progressKept !== null) {
      // Leaving part one for the dashboard (which reloads the participant from the server) and
      // choosing Nardi again resumes at the same question with the answers kept.
      await page.getByText('Question 10 of 25').waitFor();
      expect((await progressKept).ok()).toBe(true);
      await page.goto('/survey');
      await page.getByRole('heading', { level: 1, name: 'Participant Dashboard' }).waitFor();
      await page.getByRole('region', { name: 'Your surveys' }).getByRole('link', { name: /Nardi Personality Indicator/ }).click();
      await page.waitForURL('**/nardi/part-one');
      await page.getByText('Question 10 of 25').waitFor();
      await page.getByRole('button', { name: 'Previous', exact: true }).click();
      await page.getByText('Question 9 of 25').waitFor();
      expect(await page.getByRole('radio').nth(answerTo(9) === 'A' ? 0 : 1).isChecked()).toBe(true);
      await page.getByRole('button', { name: 'Next', exact: true }).click();
    }
    if (id === 13) {
      // Halfway: a reload comes back to the same place.
      await page.getByText('Question 14 of 25').waitFor();
      await page.reload();
      await page.getByText('Question 14 of 25').waitFor();
      await page.getByRole('button', { name: 'Previous', exact: true }).click();
      await page.getByText('Question 13 of 25').waitFor();
      expect(await page.getByRole('radio').nth(answerTo(13) === 'A' ? 0 : 1).isChecked()).toBe(true);
      await page.getByRole('button', { name: 'Next', exact: true }).click();
    }
  }

  await page.getByRole('heading', { name: 'Review your answers' }).waitFor();
  await page.getByText('25 of 25 questions answered').waitFor();
  expect(await page.getByRole('table').getByRole('row').count()).toBe(26);
  expect(await isDisabled(page, 'Save')).toBe(false);
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  const temperament = await chooseFirst(page, '/nardi/part-two', 4);
  await page.getByText('Step 3 of 4').waitFor();
  const pair = await chooseFirst(page, '/nardi/part-three', 2);
  await page.getByText('Step 4 of 4').waitFor();
  const type = await chooseFirst(page, '/nardi/part-four', 3);

  await page.waitForURL('**/survey');
  await page.getByRole('heading', { level: 1, name: 'Participant Dashboard' }).waitFor();

  // What the choices are worth against the answers (domain.md section 4).
  const answers = Array.from({ length: 25 }, (_, index) => ({ id: index + 1, value: answerTo(index + 1) }));
  const expected = completeNardi(scoreNardi(answers), { selectedTemperament: temperament, selectedFP: pair, selectedTypeCode: type });
  expect(expected.typeCode).toBe(type);

  // The consistency is there as soon as the dashboard shows: part four asked the owner for it once
  // the result stream had it, and no reload is needed (nor any "not ready" answer on the way).
  const status = `Completed · your type: ${type} · consistency ${expected.consistency}/10`;
  const nardiItem = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Nardi Personality Indicator' }) });
  await nardiItem.getByText(status).waitFor({ timeout: 10_000 });
  expect(conflicts).toEqual([]);
  // Nardi is done: its pages are closed now.
  await page.goto('/nardi/part-four');
  await page.waitForURL('**/survey');
});
