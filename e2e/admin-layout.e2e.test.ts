/**
 * @slices shell gateway mf-admin svc-participants svc-scoring standins/open-humans standins/typefinder
 */
// The study team's pages on a phone (390 px) and a desktop (1280 px), with real data behind them
// (participants who consented, took the TypeFinder and Nardi, and have an MBTI result): the audit
// trail and the consent versions show their key cells on screen; each agreement grid shows all 16
// columns at 1280 and every pair of types that holds participants at 390; every link and control
// is a 44 x 44 px target; the header has no participant links there; dates are one format in UTC;
// every stop of the keyboard shows a focus ring; the roster page names the file's real columns;
// and axe-core finds nothing serious or critical. Screenshots go to .test-artifacts/screens.
import { parse as parseCsv } from 'csv-parse/sync';
import type { Enrollment } from '@study/contracts';
import { TYPE_CODES } from '@study/personality';
import type { Locator, Page } from 'playwright-core';
import { baseUrl, browserPerFile } from './support/browser';
import { staffMember, withStaffSession, type StaffMemberSession } from './support/staff';
import { downloadedText, eventually, masterKey } from './support/admin';
import { seriousViolations } from './support/axe';
import { completeNardiOverApi, completeTypeFinder, consentedParticipant } from './support/participant';

jest.setTimeout(300_000);

const WIDTHS = [390, 1280] as const;
const ADMIN_ROUTES = ['/mbti-load', '/enrollment', '/ready-csv', '/consent-versions', '/audit-trail', '/reminders', '/analysis-export', '/staff'] as const;
const INSTRUMENTS: Record<string, string> = { typeFinder: 'TypeFinder', nardi: 'Nardi', mbti: 'MBTI', selfAssessment: 'Self-assessment' };
const MIN_TARGET = 44;

const { newPage, shoot } = browserPerFile('admin-layout');

const adminCall = (method: 'GET' | 'POST', route: string, body?: unknown) =>
  fetch(`${baseUrl()}${route}`, {
    method,
    headers: { 'x-master-key': masterKey(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const enrollment = async (): Promise<Enrollment> => (await adminCall('GET', '/api/admin/enrollment')).json() as Promise<Enrollment>;

/** Every cell of an agreement grid that holds participants, as '<first type> <second type> <count>'. */
function nonZeroCells(pair: NonNullable<Enrollment['agreement']>[number]): string[] {
  return TYPE_CODES.flatMap((first, row) => TYPE_CODES.map((second, column) => ({ first, second, count: pair.confusion[row]?.[column] ?? 0 })))
    .filter((cell) => cell.count > 0)
    .map((cell) => `${cell.first} ${cell.second} ${cell.count}`);
}

/** The owner the pages are seen as: every tool is theirs. */
let owner: StaffMemberSession | undefined;

/** A page of the study team, signed in as the owner. */
async function adminPage(width: number): Promise<Page> {
  const page = await newPage(width);
  owner ??= await staffMember('owner');
  await withStaffSession(page.context(), owner);
  return page;
}

/** The boxes of what a locator finds, as the page lays them out (x from the left of the viewport). */
async function boxes(locator: Locator): Promise<{ text: string; left: number; right: number; width: number; height: number; clipped: boolean }[]> {
  return locator.evaluateAll((elements) =>
    elements.map((element) => {
      const rect = element.getBoundingClientRect();
      return { text: (element.textContent ?? '').trim(), left: rect.left, right: rect.right, width: rect.width, height: rect.height, clipped: element.scrollWidth > element.clientWidth + 1 };
    }),
  );
}

async function expectNoWiderThan(page: Page, width: number): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

async function expectAxeClean(page: Page): Promise<void> {
  expect({ page: page.url(), violations: await seriousViolations(page) }).toEqual({ page: page.url(), violations: [] });
}

/** Each box within the screen's width and showing its whole content: '<text>' for those that are not. */
function offScreen(found: Awaited<ReturnType<typeof boxes>>, width: number): string[] {
  return found.filter((box) => box.left < 0 || box.right > width + 0.5 || box.clipped).map((box) => `${box.text.slice(0, 40)} (${Math.round(box.left)}..${Math.round(box.right)}${box.clipped ? ', cut off' : ''})`);
}

describe('the study team’s pages', () => {
  let seeded: { pgId: string }[];

  beforeAll(async () => {
    // Four participants with a TypeFinder and a Nardi type; three of them INTJ on the TypeFinder, and an MBTI result for each.
    seeded = await Promise.all([consentedParticipant(), consentedParticipant(), consentedParticipant(), consentedParticipant()]);
    const letters = [undefined, undefined, undefined, { energy: 'E', information: 'N', decisions: 'F', lifestyle: 'P' }];
    await Promise.all(
      seeded.map(async (participant, i) => {
        await completeTypeFinder(participant.pgId, `${participant.pgId}@study.localhost`, letters[i]);
        await completeNardiOverApi(participant.pgId);
      }),
    );
    const scores = (wholeType: string) => ({ wholeType, pci1: 1, pci2: 2, pci3: 3, pci4: 4, dpref1: 5, dpref2: 6, dpref3: 7, dpref4: 8 });
    const mbti = ['INTJ', 'INTJ', 'INTP', 'ENFP'];
    const uploaded = await adminCall('POST', '/api/user/mbti', Object.fromEntries(seeded.map((participant, i) => [participant.pgId, scores(mbti[i] ?? 'INTJ')])));
    expect(uploaded.status).toBe(200);
    // The agreement figures hold them once their results reached the service.
    await eventually(async () => {
      const pair = (await enrollment()).agreement?.find((each) => each.first === 'typeFinder' && each.second === 'mbti');
      const intj = TYPE_CODES.indexOf('INTJ');
      return (pair?.confusion[intj]?.[intj] ?? 0) >= 2 ? true : undefined;
    }, 'the TypeFinder and MBTI agreement to count the seeded participants');
  });

  describe.each(WIDTHS)('at %i px wide', (width) => {
    test('/audit-trail: time, action, by, person, study ID and details on screen, one date format in UTC, a focus ring at every stop, still a table for screen readers', async () => {
      const page = await adminPage(width);
      await page.goto('/audit-trail');
      const table = page.getByRole('table', { name: 'Audit entries, newest first' });
      await table.waitFor();
      // One of the seeded participants' consents: a row with a study ID and details.
      await page.getByLabel('Study ID').fill(seeded[0]?.pgId ?? '');
      await page.getByRole('button', { name: 'Show entries' }).click();
      await page.getByText('1 entry shown.').waitFor();
      const cells = await boxes(table.locator('tbody td'));
      expect(offScreen(cells, width)).toEqual([]);
      expect(cells.map((cell) => cell.text)).toEqual([expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/), 'Consent given', 'Participant', '–', seeded[0]?.pgId, expect.stringContaining('adultCertified: true')]);
      await shoot(page, 'audit-trail-one');

      // The newest entries of everyone: every cell on screen, none cut off.
      await page.getByLabel('Study ID').fill('');
      await page.getByRole('button', { name: 'Show entries' }).click();
      // More than the one entry shown before: the seeded consents and the upload at least.
      await page.getByText(/^\d+ entries shown/).waitFor();
      expect(offScreen(await boxes(table.locator('tbody tr:nth-child(-n+12) td')), width)).toEqual([]);
      await expectNoWiderThan(page, width);

      // One format: the entries' times and the day filters are YYYY-MM-DD, and both say UTC.
      expect(await table.getByRole('columnheader').first().textContent()).toBe('Time (UTC)');
      for (const time of await table.locator('tbody td:first-child').allTextContents()) expect(time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      for (const label of ['From (day, UTC)', 'To (day, UTC)']) {
        const field = page.getByLabel(label);
        expect(await field.getAttribute('type')).toBe('text');
        expect(await field.getAttribute('placeholder')).toBe('YYYY-MM-DD');
      }

      // Chromium's accessibility tree still has a table with its column headers; the cards' labels are not read out again.
      const cdp = await page.context().newCDPSession(page);
      const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: { role?: { value: string }; name?: { value: string }; ignored?: boolean }[] };
      const named = nodes.filter((node) => !node.ignored).map((node) => [node.role?.value, node.name?.value ?? '']);
      expect(named).toContainEqual(['table', 'Audit entries, newest first']);
      expect(named.filter(([role]) => role === 'columnheader').map(([, name]) => name)).toEqual(['Time (UTC)', 'Action', 'By', 'Person', 'Study ID', 'Details']);
      expect(named.filter(([role, name]) => role === 'cell' && /^(Time \(UTC\)|Action|By|Person|Study ID|Details) /.test(name ?? ''))).toEqual([]);

      // Every keyboard stop in the filters shows a focus ring (the date picker's calendar button showed none).
      await page.getByLabel('Action').focus();
      const stops: string[] = [];
      for (let i = 0; i < 12; i += 1) {
        await page.keyboard.press('Tab');
        const stop = await page.evaluate(() => {
          const element = document.activeElement as HTMLElement;
          const style = getComputedStyle(element);
          const ring = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
          return { name: element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '', label: (element as HTMLInputElement).labels?.[0]?.textContent ?? element.tagName, ring };
        });
        stops.push(`${stop.label}${stop.ring ? '' : ' (no focus ring)'}`);
        if (stop.name === 'Show entries') break;
      }
      expect(stops.filter((stop) => stop.endsWith('(no focus ring)'))).toEqual([]);
      expect(stops).toContain('To (day, UTC)');
      await expectAxeClean(page);
      await shoot(page, 'audit-trail');
    });

    test('/consent-versions: version, hash, published and "Latest consent of" on screen; the markup help reads as written', async () => {
      const page = await adminPage(width);
      await page.goto('/consent-versions');
      const table = page.getByRole('table', { name: 'Consent versions' });
      await table.waitFor();
      const rows = table.locator('tbody tr');
      expect(await rows.count()).toBeGreaterThanOrEqual(2);
      const cells = await boxes(table.locator('tbody th, tbody td'));
      expect(offScreen(cells, width)).toEqual([]);
      // 'Latest consent of', the last column: a figure on screen in every row.
      const latest = await boxes(table.locator('tbody td:last-child'));
      expect(latest.every((cell) => /^[0-9,]+$/.test(cell.text))).toBe(true);
      expect(offScreen(latest, width)).toEqual([]);
      for (const published of await table.locator('tbody td:nth-child(3)').allTextContents()) expect(published).toMatch(/^(\d{4}-\d{2}-\d{2} \d{2}:\d{2}|–)$/);
      await expectNoWiderThan(page, width);
      const help = page.getByText('How to mark up the text:').locator('..');
      expect((await help.innerText()).replace(/\s+/g, ' ')).toContain('# Risks on a line of its own is a heading;');
      expect(await page.locator('main').innerText()).not.toMatch(/with#|with\s*#\s+is a heading/);
      await expectAxeClean(page);
      await shoot(page, 'consent-versions');
    });

    test('/enrollment: each agreement grid shows all 16 columns in its card (1280) or every pair of types with participants (390), from the real figures', async () => {
      const page = await adminPage(width);
      await page.goto('/enrollment');
      const agreement = page.getByRole('region', { name: 'Agreement between instruments' });
      await agreement.waitFor();
      await expectNoWiderThan(page, width);
      // The figures as the page shows them and as the service gives them, read until both agree (other tests add participants meanwhile).
      const figures = await eventually(async () => {
        const before = await enrollment();
        // The figures leave the page while they load, and come back with the answer.
        await Promise.all([page.waitForResponse((response) => new URL(response.url()).pathname === '/api/admin/enrollment'), page.getByRole('button', { name: 'Refresh' }).click()]);
        await agreement.waitFor();
        const after = await enrollment();
        return JSON.stringify(before.agreement) === JSON.stringify(after.agreement) ? after : undefined;
      }, 'the agreement figures to stand still');
      const pairs = figures.agreement ?? [];
      expect(pairs.length).toBe(6);

      for (const pair of pairs) {
        const first = INSTRUMENTS[pair.first] ?? pair.first;
        const second = INSTRUMENTS[pair.second] ?? pair.second;
        const card = agreement.getByRole('region', { name: `${first} and ${second}`, exact: true });
        const cardBox = (await card.boundingBox()) ?? { x: 0, width: 0 };
        if (width >= 960) {
          // All 16 type columns and the caption inside the card and inside the grid's own box: nothing to scroll to.
          const grid = card.getByRole('table', { name: new RegExp(`^Types by ${first} \\(rows\\) and ${second} \\(columns\\)`) });
          expect(await grid.isVisible()).toBe(true);
          const wrap = card.getByRole('region', { name: new RegExp(`^Types by ${first} \\(rows\\)`) });
          const wrapBox = (await wrap.boundingBox()) ?? { x: 0, width: 0 };
          const headers = await boxes(grid.locator('thead th:not(:first-child)'));
          expect(headers.map((header) => header.text)).toEqual([...TYPE_CODES]);
          const outside = headers.filter((header) => header.left < wrapBox.x || header.right > wrapBox.x + wrapBox.width + 0.5 || header.right > cardBox.x + cardBox.width).map((header) => header.text);
          expect({ pair: `${first} and ${second}`, outside }).toEqual({ pair: `${first} and ${second}`, outside: [] });
          expect(await wrap.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
          const caption = (await boxes(grid.locator('caption')))[0];
          expect(caption && caption.right <= cardBox.x + cardBox.width && !caption.clipped).toBe(true);
        } else {
          // Every cell of the grid that holds participants, on screen: the pair of types and the count.
          const expected = nonZeroCells(pair).sort();
          if (expected.length === 0) {
            await card.getByText('No participant has a type from both yet.').waitFor();
            continue;
          }
          const table = card.getByRole('table', { name: `Types by ${first} and ${second} (pairs with participants, the most first)` });
          expect(await table.isVisible()).toBe(true);
          const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => td.textContent ?? '').join(' ')));
          expect({ pair: `${first} and ${second}`, rows: [...rows].sort() }).toEqual({ pair: `${first} and ${second}`, rows: expected });
          expect(offScreen(await boxes(table.locator('tbody td')), width)).toEqual([]);
          // Most participants first.
          const counts = rows.map((row) => Number(row.split(' ').at(-1)?.replace(/,/g, '')));
          expect(counts).toEqual([...counts].sort((a, b) => b - a));
        }
      }
      // The seeded participants are among them: TypeFinder INTJ and MBTI INTJ agree at least twice.
      const tfMbti = pairs.find((pair) => pair.first === 'typeFinder' && pair.second === 'mbti');
      expect(tfMbti && nonZeroCells(tfMbti).some((cell) => /^INTJ INTJ ([2-9]|\d{2,})/.test(cell))).toBe(true);
      await expectAxeClean(page);
      await shoot(page, 'enrollment');
    });

    test('every link and control of the admin pages is a 44 x 44 px target, the header has only the study team’s navigation, the reminders’ steps read whole', async () => {
      const page = await adminPage(width);
      for (const route of ADMIN_ROUTES) {
        await page.goto(route);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.getByRole('navigation', { name: 'Study team tools' }).waitFor();
        // Signed in, the tables load at once (their buttons and fields are measured too).
        await page.waitForLoadState('networkidle');
        const nav = await boxes(page.getByRole('navigation', { name: 'Study team tools' }).getByRole('link'));
        expect(nav.map((link) => link.text)).toEqual(['MBTI upload', 'Enrollment', 'Roster', 'Consent', 'Audit trail', 'Reminders', 'Analysis export', 'Staff']);
        const small = (found: typeof nav) => found.filter((box) => box.width > 0 && (box.width < MIN_TARGET || box.height < MIN_TARGET)).map((box) => `${box.text.slice(0, 30)} ${Math.round(box.width)}x${Math.round(box.height)}`);
        // Buttons, fields, the reminders' step choices (their labels are the targets), the header's study link and the footer's links.
        const controls = page.locator(
          'main button, main input:not([type="radio"]):not([type="checkbox"]), main select, main textarea, main a, main label:has(input[type="radio"]), header a:not(.skip-link), footer nav a',
        );
        // All of a page's problems at once: small nav links, small controls, participant links in the header (the admin pages have their own navigation).
        expect({
          route,
          smallNavLinks: small(nav),
          smallControls: small(await boxes(controls)),
          headerNav: await page.getByRole('navigation', { name: 'Main' }).count(),
          participantLinks: await page.locator('header').getByRole('link', { name: /Dashboard|How it works/ }).count(),
        }).toEqual({ route, smallNavLinks: [], smallControls: [], headerNav: 0, participantLinks: 0 });
        await expectNoWiderThan(page, width);
        if (route === '/reminders') {
          // The step picker: each step's label whole on screen, none cut off.
          const steps = page.getByRole('group', { name: 'Step' }).getByRole('radio');
          expect(await steps.count()).toBe(3);
          const labels = await boxes(page.locator('label:has(input[type="radio"])'));
          expect(labels.map((label) => label.text)).toEqual(['Consented, but no TypeFinder yet', 'TypeFinder done, but no Nardi yet', 'Nardi done, but no self-assessment yet']);
          expect(offScreen(labels, width)).toEqual([]);
          await page.getByText('Nardi done, but no self-assessment yet').click();
          expect(await steps.nth(2).isChecked()).toBe(true);
        }
        await expectAxeClean(page);
        await shoot(page, `targets${route.replace(/\//g, '-')}`);
      }
    });
  });

  test('/ready-csv names exactly the columns roster.csv has', async () => {
    const page = await adminPage(1280);
    await page.goto('/ready-csv');
    const columns = page.getByRole('region', { name: 'The columns of roster.csv' });
    await columns.waitFor();
    const named = await columns.getByRole('term').allTextContents();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the roster' }).click()]);
    const [header] = parseCsv(await downloadedText(download)) as string[][];
    expect(named).toEqual(header);
    expect(await page.locator('main').innerText()).not.toMatch(/whether their MBTI result is in/);
    expect(await columns.getByRole('definition').nth(named.indexOf('dataReady')).textContent()).toContain('official MBTI result is in');
  });
});
