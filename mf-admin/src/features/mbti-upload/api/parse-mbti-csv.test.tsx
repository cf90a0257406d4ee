import { MbtiCsvError, parseMbtiCsv } from './parse-mbti-csv';

// The browser build is an ES module; in jest the same parser comes from the CommonJS build.
jest.mock('csv-parse/browser/esm/sync', () => jest.requireActual('csv-parse/sync'));

const A = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';
const B = '7d9e2a10-5b6c-4d7e-9f80-112233445566';
const HEADER = 'EMAIL,FormM_WholeType,FormM_pci1,FormM_pci2,FormM_pci3,FormM_pci4,FormM_dpref1,FormM_dpref2,FormM_dpref3,FormM_dpref4';
const row = (email: string, type = 'INTJ', numbers = '12,3,22,7,1,2,3,4') => `${email},${type},${numbers}`;

describe('reading the MBTI score export', () => {
  it('maps each row to the study ID before the @ and the nine scores', () => {
    const parsed = parseMbtiCsv([HEADER, row(`${A.toUpperCase()}@study.example.org`, 'intj'), row(`${B}@study.example.org`, 'ENFP', '1.5,-2,0,30,10,20,30,40')].join('\r\n'));
    expect(parsed.rowCount).toBe(2);
    expect(parsed.rejected).toEqual([]);
    expect(parsed.rows).toEqual({
      [A]: { wholeType: 'INTJ', pci1: 12, pci2: 3, pci3: 22, pci4: 7, dpref1: 1, dpref2: 2, dpref3: 3, dpref4: 4 },
      [B]: { wholeType: 'ENFP', pci1: 1.5, pci2: -2, pci3: 0, pci4: 30, dpref1: 10, dpref2: 20, dpref3: 30, dpref4: 40 },
    });
  });

  it('finds the columns in any order and letter case, with other columns around them and a byte-order mark', () => {
    const text = '\uFEFFId,formm_dpref4,FormM_dpref3,FormM_dpref2,FormM_dpref1,FormM_pci4,FormM_pci3,FormM_pci2,FormM_pci1,FormM_WholeType,Email\n' + `7,4,3,2,1,7,22,3,12,ISTP,${A}@x.org\n`;
    expect(parseMbtiCsv(text).rows[A]).toEqual({ wholeType: 'ISTP', pci1: 12, pci2: 3, pci3: 22, pci4: 7, dpref1: 1, dpref2: 2, dpref3: 3, dpref4: 4 });
  });

  it('lists every unusable row with its line and reasons, and keeps the good ones', () => {
    const text = [
      HEADER,
      row(`${A}@study.example.org`),
      row(''),
      row('not-a-uuid@study.example.org'),
      '',
      row(`${B}@study.example.org`, 'XYZW'),
      row(`${B}@study.example.org`, 'ENFP', '12,abc,22,,1,2,3,4'),
      ',,,,,,,,,',
    ].join('\n');
    const parsed = parseMbtiCsv(text);
    expect(Object.keys(parsed.rows)).toEqual([A]);
    expect(parsed.rejected).toEqual([
      { line: 3, reason: 'no EMAIL' },
      { line: 4, reason: 'EMAIL "not-a-uuid@study.example.org" does not start with a study ID (a version-4 UUID before the @)' },
      { line: 6, reason: 'FormM_WholeType "XYZW" is not one of the 16 types' },
      { line: 7, reason: 'FormM_pci2 "abc" is not a number; FormM_pci4 "" is not a number' },
    ]);
  });

  it('a later row for the same study ID replaces the earlier one, which is listed', () => {
    const parsed = parseMbtiCsv([HEADER, row(`${A}@x.org`, 'INTJ'), row(`${A.toUpperCase()}@x.org`, 'INTP')].join('\n'));
    expect(parsed.rows[A]?.wholeType).toBe('INTP');
    expect(parsed.rejected).toEqual([{ line: 2, reason: 'replaced by line 3, which has the same study ID' }]);
  });

  it('a quoted value may hold commas and line breaks; the line is where the row ends', () => {
    const parsed = parseMbtiCsv(`${HEADER},Note\n${row(`${A}@x.org`)},"one,\ntwo"\n${row('', 'INTJ')}\n`);
    expect(Object.keys(parsed.rows)).toEqual([A]);
    expect(parsed.rejected).toEqual([{ line: 4, reason: 'no EMAIL' }]);
  });

  it.each([
    ['an empty file', '', 'The file is empty.'],
    ['a missing column', 'EMAIL,FormM_WholeType\nx@y.org,INTJ\n', 'The file has no column FormM_pci1, FormM_pci2'],
    ['broken quoting', `${HEADER}\n"${A}@x.org,INTJ,1,2,3,4,5,6,7,8\n`, 'The file could not be read as CSV'],
  ])('refuses %s as a whole', (_case, text, message) => {
    expect(() => parseMbtiCsv(text)).toThrow(MbtiCsvError);
    expect(() => parseMbtiCsv(text)).toThrow(message);
  });
});
