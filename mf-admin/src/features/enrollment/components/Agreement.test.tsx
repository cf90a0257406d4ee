import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PairAgreement } from '@study/contracts';
import { TYPE_CODES } from '@study/personality';
import { Agreement } from './Agreement';

const zeros = () => TYPE_CODES.map(() => TYPE_CODES.map(() => 0));
const at = (code: string) => TYPE_CODES.indexOf(code as (typeof TYPE_CODES)[number]);

function confusion(cells: [string, string, number][]): number[][] {
  const table = zeros();
  for (const [row, column, count] of cells) {
    const cells = table[at(row)];
    if (cells) cells[at(column)] = count;
  }
  return table;
}

const TYPEFINDER_NARDI: PairAgreement = {
  first: 'typeFinder',
  second: 'nardi',
  n: 11,
  wholeType: { agreeing: 6, percent: (6 / 11) * 100 },
  letters: [
    { dichotomy: 'EI', agreeing: 8, percent: (8 / 11) * 100, kappa: 28 / 61 },
    { dichotomy: 'SN', agreeing: 10, percent: (10 / 11) * 100, kappa: 48 / 59 },
    { dichotomy: 'TF', agreeing: 11, percent: 100, kappa: 1 },
    { dichotomy: 'JP', agreeing: 10, percent: (10 / 11) * 100, kappa: -0.25 },
  ],
  confusion: confusion([
    ['INTJ', 'INTJ', 4],
    ['INTJ', 'INTP', 1],
    ['ENFP', 'INFP', 2],
  ]),
};

const MBTI_SELF: PairAgreement = {
  first: 'mbti',
  second: 'selfAssessment',
  n: 0,
  wholeType: { agreeing: 0, percent: null },
  letters: (['EI', 'SN', 'TF', 'JP'] as const).map((dichotomy) => ({ dichotomy, agreeing: 0, percent: null, kappa: null })),
  confusion: zeros(),
};

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((row) => [within(row).getByRole('rowheader').textContent, ...within(row).getAllByRole('cell').map((cell) => cell.textContent)]);

describe('Agreement', () => {
  it('shows each pair with n, the whole-type and per-letter agreement and kappa', () => {
    render(<Agreement pairs={[TYPEFINDER_NARDI, MBTI_SELF]} />);
    expect(screen.getByRole('heading', { level: 3, name: 'TypeFinder and Nardi' })).toBeTruthy();
    expect(rowsOf(screen.getByRole('table', { name: 'Agreement of TypeFinder and Nardi (n = 11)' }))).toEqual([
      ['Whole type', '6', '54.5%', '–'],
      ['E–I', '8', '72.7%', '0.46'],
      ['S–N', '10', '90.9%', '0.81'],
      ['T–F', '11', '100.0%', '1.00'],
      ['J–P', '10', '90.9%', '-0.25'],
    ]);
    // No participants: nothing is defined.
    expect(rowsOf(screen.getByRole('table', { name: 'Agreement of MBTI and Self-assessment (n = 0)' }))[0]).toEqual(['Whole type', '0', '–', '–']);
  });

  it('shows the 16 x 16 counts as text, shaded by count, in a box the keyboard can scroll', async () => {
    render(<Agreement pairs={[TYPEFINDER_NARDI]} />);
    const table = screen.getByRole('table', { name: 'Types by TypeFinder (rows) and Nardi (columns) (darker: more participants)' });
    const columns = within(table).getAllByRole('columnheader').map((header) => header.textContent);
    expect(columns).toEqual(['TypeFinder \\ Nardi', ...TYPE_CODES]);
    const rows = rowsOf(table);
    expect(rows.map((row) => row[0])).toEqual([...TYPE_CODES]);
    const intj = rows[at('INTJ')] ?? [];
    expect(intj[1 + at('INTJ')]).toBe('4');
    expect(intj[1 + at('INTP')]).toBe('1');
    expect(rows.flatMap((row) => row.slice(1)).reduce((sum, count) => sum + Number(count), 0)).toBe(7);

    const cell = (row: string, column: string) => within(within(table).getAllByRole('row')[1 + at(row)] as HTMLElement).getAllByRole('cell')[at(column)] as HTMLElement;
    // The largest count is darkest; a smaller one lighter; an empty cell unshaded.
    expect(cell('INTJ', 'INTJ').style.backgroundColor).toBe('rgb(91, 63, 214)');
    expect(cell('ENFP', 'INFP').style.backgroundColor).toBe('rgba(91, 63, 214, 0.56)');
    expect(cell('ESTP', 'ESTP').style.backgroundColor).toBe('');

    // Both boxes of the pair scroll at phone width: Tab reaches the figures, then the confusion table.
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Agreement of TypeFinder and Nardi' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('region', { name: /^Types by TypeFinder \(rows\)/ }));
  });

  it('lists every pair of types that holds participants, with its count, the most first (the view of narrow screens)', () => {
    render(<Agreement pairs={[TYPEFINDER_NARDI, MBTI_SELF]} />);
    const pairs = screen.getByRole('table', { name: 'Types by TypeFinder and Nardi (pairs with participants, the most first)' });
    expect(within(pairs).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['TypeFinder', 'Nardi', 'Participants']);
    // Should it be wider than the screen, the keyboard can reach and scroll it.
    expect(screen.getByRole('region', { name: /^Types by TypeFinder and Nardi/ }).getAttribute('tabindex')).toBe('0');
    expect(within(pairs).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['INTJ', 'INTJ', '4'],
      ['ENFP', 'INFP', '2'],
      ['INTJ', 'INTP', '1'],
    ]);
    // The same counts as the grid, none left out.
    const grid = screen.getByRole('table', { name: /^Types by TypeFinder \(rows\) and Nardi/ });
    const nonZero = within(grid).getAllByRole('cell').filter((cell) => cell.textContent !== '0');
    expect(nonZero.map((cell) => cell.textContent).sort()).toEqual(['1', '2', '4']);
    // A pair nobody has both types of says so instead of an empty table.
    const empty = screen.getByRole('region', { name: 'MBTI and Self-assessment' });
    expect(within(empty).getByText('No participant has a type from both yet.')).toBeTruthy();
    expect(within(empty).queryByRole('table', { name: /pairs with participants/ })).toBeNull();
  });

  it('gives each pair a card of its own, one under the other (the 16 columns need the width)', () => {
    const { container } = render(<Agreement pairs={[TYPEFINDER_NARDI, MBTI_SELF]} />);
    const list = container.querySelector('.agreement-pairs');
    expect(list?.children).toHaveLength(2);
    expect(container.querySelector('.enrollment-grid')).toBeNull();
  });
});
