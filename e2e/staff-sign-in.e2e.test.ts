/**
 * @slices shell gateway mf-admin svc-participants standins/open-humans
 */
// The study team signs in as named people in a real browser against the whole system: a data
// manager registers a passkey (Chromium's virtual authenticator) and then signs in with it alone;
// a viewer signs in with password and authenticator code; each sees only their role's pages, and
// no secret is left in the page's storage. An owner changes a role and removes a person.
import type { Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { browserPerFile } from './support/browser';
import { nextTotpCode, passkeyBaseUrl, staffMember, withStaffSession } from './support/staff';
import { addVirtualAuthenticator } from './support/virtual-authenticator';

jest.setTimeout(180_000);

const { newPage, shoot } = browserPerFile('staff-sign-in');

/** The links of the study team's navigation, in order. */
async function toolLinks(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Study team tools' });
  await nav.waitFor();
  return nav.getByRole('link').allTextContents();
}

/** What the page keeps in sessionStorage and localStorage: nothing, for the study team's pages. */
const storedKeys = (page: Page) => page.evaluate(() => [...Object.keys(window.sessionStorage), ...Object.keys(window.localStorage)]);

describe('staff sign-in', () => {
  test('a data manager adds a passkey, signs out, signs in with the passkey alone, and sees only a data manager\'s pages', async () => {
    const dana = await staffMember('data-manager', 'Dana Passkey');
    const origin = passkeyBaseUrl();
    const page = await newPage();
    const authenticator = await addVirtualAuthenticator(page);
    await withStaffSession(page.context(), dana, origin);

    await page.goto(`${origin}/staff`);
    await page.getByText('Signed in as Dana Passkey (Data manager)', { exact: true }).waitFor();
    await page.getByLabel('Passkey label').fill('Test laptop');
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByText('Passkey added: you have 1 passkey.').waitFor();
    expect(await authenticator.credentials()).toHaveLength(1);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.goto(`${origin}/staff-sign-in`);
    await page.getByRole('heading', { name: 'Sign in', level: 1 }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByText('Signed in as Dana Passkey (Data manager)', { exact: true }).waitFor();
    expect(await toolLinks(page)).toEqual(['MBTI upload', 'Enrollment', 'Roster', 'Audit trail', 'Analysis export', 'Staff']);
    await shoot(page, 'passkey-signed-in');

    // A page of another role's: told so, and nothing of it offered.
    await page.goto(`${origin}/reminders`);
    await page.getByText(/Your role \(Data manager\) does not include sending reminders/).waitFor();
    expect(await page.getByRole('button', { name: 'Preview' }).count()).toBe(0);
    expect(await storedKeys(page)).toEqual([]);
    await authenticator.remove();
  });

  test('a viewer signs in with password and authenticator code, and sees only a viewer\'s pages', async () => {
    const vic = await staffMember('viewer', 'Vic Code');
    const page = await newPage(390);
    await page.goto('/audit-trail');
    // Nobody signed in: the page asks for a sign-in in place of its tools.
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.getByRole('textbox', { name: 'E-mail' }).fill(vic.email);
    await page.getByLabel('Password', { exact: true }).fill(vic.password);
    await page.getByLabel('Code from your authenticator app', { exact: true }).fill(nextTotpCode(vic));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Signed in as Vic Code (Viewer)', { exact: true }).waitFor();
    await page.getByRole('table', { name: 'Audit entries, newest first' }).waitFor();
    expect(await toolLinks(page)).toEqual(['Enrollment', 'Roster', 'Audit trail', 'Staff']);
    await shoot(page, 'code-signed-in');

    await page.goto('/mbti-load');
    await page.getByText(/Your role \(Viewer\) does not include uploading MBTI scores/).waitFor();
    expect(await page.getByRole('button', { name: 'Upload scores' }).count()).toBe(0);
    expect(await storedKeys(page)).toEqual([]);
  });

  test("an owner gives a viewer another role and removes another person, whose open page then asks for a sign-in", async () => {
    const olive = await staffMember('owner', 'Olive Team');
    const rita = await staffMember('viewer', 'Rita Role');
    const rex = await staffMember('viewer', 'Rex Gone');
    const rexPage = await newPage();
    await withStaffSession(rexPage.context(), rex);
    await rexPage.goto('/audit-trail');
    await rexPage.getByText('Signed in as Rex Gone (Viewer)', { exact: true }).waitFor();

    const page = await newPage(390);
    await withStaffSession(page.context(), olive);
    await page.goto('/staff');
    const form = page.getByRole('form', { name: "Change a person's role" });
    await form.getByLabel('Person', { exact: true }).selectOption({ label: 'Rita Role (Viewer)' });
    await form.getByLabel('New role', { exact: true }).selectOption({ label: 'Data manager' });
    await form.getByRole('button', { name: 'Change role' }).click();
    await page.getByText('Rita Role is now Data manager, from their next action.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await form.getByLabel('Person', { exact: true }).selectOption({ label: 'Rex Gone (Viewer)' });
    await form.getByRole('button', { name: 'Remove from the team' }).click();
    await page.getByRole('button', { name: 'Yes, remove Rex Gone' }).click();
    await page.getByText('Rex Gone has been removed from the study team.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'team-managed');

    // Rita's next page offers a data manager's tools; Rex's asks him to sign in, and his password no longer works.
    const ritaPage = await newPage();
    await withStaffSession(ritaPage.context(), rita);
    await ritaPage.goto('/staff');
    await ritaPage.getByText('Signed in as Rita Role (Data manager)', { exact: true }).waitFor();
    expect(await toolLinks(ritaPage)).toEqual(['MBTI upload', 'Enrollment', 'Roster', 'Audit trail', 'Analysis export', 'Staff']);
    await rexPage.reload();
    await rexPage.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await rexPage.getByRole('table', { name: 'Audit entries, newest first' }).count()).toBe(0);
    await rexPage.getByRole('textbox', { name: 'E-mail' }).fill(rex.email);
    await rexPage.getByLabel('Password', { exact: true }).fill(rex.password);
    await rexPage.getByLabel('Code from your authenticator app', { exact: true }).fill(nextTotpCode(rex));
    await rexPage.getByRole('button', { name: 'Sign in', exact: true }).click();
    await rexPage.getByRole('alert').filter({ hasText: 'The e-mail, password or code is not right.' }).waitFor();
  });

  test('a wrong code is refused with a message the person can act on', async () => {
    const wren = await staffMember('viewer', 'Wren Wrong');
    const page = await newPage();
    await page.goto('/staff-sign-in');
    await page.getByRole('textbox', { name: 'E-mail' }).fill(wren.email);
    await page.getByLabel('Password', { exact: true }).fill(wren.password);
    await page.getByLabel('Code from your authenticator app', { exact: true }).fill('000000');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('The e-mail, password or code is not right.');
  });
});
