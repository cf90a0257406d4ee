import { csvCell, csvLine } from './csv';

describe('CSV cells', () => {
  it.each([
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+1+2', "'+1+2"],
    ['-2+3', "'-2+3"],
    ['@SUM(1)', "'@SUM(1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', `"'\r=1"`],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
  ])('neutralizes a formula: %j -> %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it.each([
    ['INTJ', 'INTJ'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['', ''],
    [' =not at the start', ' =not at the start'],
  ])('quotes per RFC 4180 only when needed: %j -> %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('writes numbers, booleans, dates and empty values', () => {
    expect(csvCell(7)).toBe('7');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(new Date('2026-01-02T03:04:05.000Z'))).toBe('2026-01-02T03:04:05.000Z');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('neutralizes what a number turns into as well', () => {
    expect(csvCell(-3)).toBe("'-3");
  });

  it('ends each line with CRLF', () => {
    expect(csvLine(['a', '=1', 'b,c', 2])).toBe(`a,'=1,"b,c",2\r\n`);
  });
});
