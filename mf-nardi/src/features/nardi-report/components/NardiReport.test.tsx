import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClientStore } from '@study/client-state';
import { PG_ID } from '../../../test-support/nardi-fixtures';
import { fakeReportApi, renderReport, REPORT, storeWithStudyId } from '../../../test-support/nardi-report-fixtures';

let store: ClientStore;
afterEach(() => store?.dispose());

/** The cells of each body row of the table named `caption`, as text. */
function tableRows(caption: string): string[][] {
  const table = screen.getByRole('table', { name: caption });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.querySelectorAll('th, td')).map((cell) => (cell.textContent ?? '').replace(/\s+/g, ' ').trim()));
}

function headers(caption: string): string[] {
  return within(screen.getByRole('table', { name: caption }))
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent ?? '');
}

/** The names in the row headers of the table named `caption`. */
function names(caption: string): (string | null | undefined)[] {
  return within(screen.getByRole('table', { name: caption }))
    .getAllByRole('rowheader')
    .map((cell) => cell.querySelector('.report-name')?.textContent);
}

const section = (name: string) => screen.getByRole('region', { name });

async function showReport(report = REPORT) {
  store = storeWithStudyId();
  const api = fakeReportApi(async () => report);
  await renderReport({ store, api });
  await screen.findByRole('region', { name: 'Your top three types' });
  return api;
}

describe('/nardi-report with a report', () => {
  it('asks for the report of the stored study ID and shows every section under one h1', async () => {
    const api = await showReport();
    expect(api.fetchReport).toHaveBeenCalledWith(PG_ID, expect.any(AbortSignal));
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Your Nardi report']);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Your top three types',
      'Your preferences',
      'Cognitive dynamics',
      'Temperaments',
      'Interaction styles',
      'Your favourite snapshot',
      'Consistency',
      'About this report',
    ]);
    expect(screen.getByText(PG_ID).textContent).toBe(PG_ID);
    expect(screen.getByRole('time').getAttribute('datetime')).toBe(REPORT.generatedAt);
  });

  it('lists the top 3 types with code, title, rank and score out of 25', async () => {
    await showReport();
    expect(headers('Your top three types')).toEqual(['Rank', 'Type', 'Score']);
    expect(tableRows('Your top three types')).toEqual([
      ['1', 'INTJ The Independent Designer', '19 of 25'],
      ['2', 'ENTJ The Big-Picture Planner', '17 of 25'],
      ['3', 'INFJ The Thoughtful Visionary', '16 of 25'],
    ]);
  });

  it('draws the four preference pairs as bars, each side labelled with its score out of 200 and percentage', async () => {
    await showReport();
    const items = within(section('Your preferences')).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Extraversion (E) or Introversion (I)',
      'Sensing (S) or Intuition (N)',
      'Thinking (T) or Feeling (F)',
      'Judging (J) or Perceiving (P)',
    ]);
    const sides = items.map((item) => Array.from(item.querySelectorAll('.dichotomy__side')).map((side) => side.textContent));
    expect(sides).toEqual([
      ['E Extraversion92 of 200 (46%)', 'I Introversion108 of 200 (54%)'],
      ['S Sensing84 of 200 (42%)', 'N Intuition116 of 200 (58%)'],
      ['T Thinking114 of 200 (57%)', 'F Feeling86 of 200 (43%)'],
      ['J Judging110 of 200 (55%)', 'P Perceiving90 of 200 (45%)'],
    ]);
    // The bar's two parts are as long as the two scores, and hidden from assistive technology.
    const bars = items.map((item) => item.querySelector('.dichotomy__bar') as HTMLElement);
    expect(bars.every((bar) => bar.getAttribute('aria-hidden') === 'true')).toBe(true);
    expect(bars.map((bar) => Array.from(bar.children).map((part) => (part as HTMLElement).style.flexGrow))).toEqual([
      ['92', '108'],
      ['84', '116'],
      ['114', '86'],
      ['110', '90'],
    ]);
    // The side the answers leaned to stands out.
    expect(items.map((item) => item.querySelector('.dichotomy__side--leading .dichotomy__letter')?.textContent)).toEqual(['I', 'N', 'T', 'J']);
  });

  it('shows the top 2 functional pairs with a check mark and "your choice" on the pair chosen in part three', async () => {
    await showReport();
    expect(headers('Your top two functional pairs')).toEqual(['Rank', 'Functional pair', 'Score', 'Your choice']);
    expect(tableRows('Your top two functional pairs')).toEqual([
      ['1', 'NTJ Strategic TheoristENTJ and INTJ', '36 of 50', '✓your choice'],
      ['2', 'NFJ Insightful CatalystENFJ and INFJ', '30 of 50', ''],
    ]);
    const check = within(section('Cognitive dynamics')).getByText('✓');
    expect(check.getAttribute('aria-hidden')).toBe('true');
    expect(within(section('Cognitive dynamics')).getByText('your choice').className).toBe('visually-hidden');
  });

  it('moves the check mark to the second pair when that one was chosen', async () => {
    await showReport({ ...REPORT, functionalPairs: REPORT.functionalPairs.map((pair) => ({ ...pair, selected: pair.code === 'NFJ' })) });
    expect(tableRows('Your top two functional pairs').map((row) => row[3])).toEqual(['', '✓your choice']);
  });

  it('ranks the temperaments and interaction styles with their scores and names', async () => {
    await showReport();
    const temperaments = tableRows('Your temperaments, ranked');
    expect(temperaments.map(([rank, , score]) => [rank, score])).toEqual([
      ['1', '64 of 100'],
      ['2', '52 of 100'],
      ['3', '44 of 100'],
      ['4', '40 of 100'],
    ]);
    expect(names('Your temperaments, ranked')).toEqual(['NT Theorist', 'NF Catalyst', 'SJ Stabilizer', 'SP Improviser']);
    const styles = tableRows('Your interaction styles, ranked by score');
    expect(styles.map(([rank, , score]) => [rank, score])).toEqual([
      ['1', '62 of 100'],
      ['2', '54 of 100'],
      ['3', '46 of 100'],
      ['4', '38 of 100'],
    ]);
    expect(names('Your interaction styles, ranked by score')).toEqual(['Chart-the-Course', 'In-Charge', 'Behind-the-Scenes', 'Get-Things-Going']);
  });

  it('shows the favourite snapshot table and the consistency out of 10', async () => {
    await showReport();
    const favourite = screen.getByRole('table', { name: 'Your favourite snapshot' });
    expect(within(favourite).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Type code', 'Type name', 'Temperament', 'Interaction style']);
    expect(within(favourite).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['INTJ', 'The Independent Designer', 'NT Theorist', 'Chart-the-Course']);
    expect(within(section('Consistency')).getByText('8/10')).toBeTruthy();
  });

  it('explains the report: the 85% selection agreement, what the consistency means, and references', async () => {
    await showReport();
    expect(section('Your favourite snapshot').textContent).toContain('about 85% agreement between the snapshot people select as their best fit and what their scores point to');
    expect(section('Consistency').textContent).toContain('up to 3 points for the temperament, 3 for the cognitive style (the functional pair) and 4 for the type, 10 in all');
    expect(section('Your preferences').textContent).toContain('The two scores of a pair add up to 200');
    const about = section('About this report');
    expect(within(about).getByRole('heading', { level: 3 }).textContent).toBe('Further reading');
    const references = within(about).getAllByRole('listitem').map((item) => item.textContent);
    expect(references.length).toBeGreaterThanOrEqual(5);
    expect(references).toContain('Understanding Yourself and Others: An Introduction to Interaction Styles, by Linda V. Berens');
    expect(references).toContain('Please Understand Me II: Temperament, Character, Intelligence, by David Keirsey');
  });

  it('prints with the Print button and links back to the dashboard', async () => {
    await showReport();
    const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    print.mockRestore();
    const links = screen.getAllByRole('link', { name: 'Back to the dashboard' });
    expect(links.length).toBeGreaterThan(0);
    expect(links.every((link) => link.getAttribute('href') === '/survey')).toBe(true);
  });
});
