import { AppError } from '@study/service-kit';
import { parseResultsCsv } from './parse-results-csv';

const A = '6f1c2a9e-3b4d-4c5e-9f60-718293a4b5c6@study.example.org';
const B = '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d@study.example.org';

describe('parseResultsCsv', () => {
  it('reads email,type rows, normalizing case and spaces', () => {
    expect(parseResultsCsv(`email,type\n${A.toUpperCase()}, intj \n${B},ENFP\n`)).toEqual({
      rows: [
        { line: 2, email: A, typeCode: 'INTJ' },
        { line: 3, email: B, typeCode: 'ENFP' },
      ],
      rejected: [],
      rowCount: 2,
    });
  });

  it('takes the columns in any order and letter case, ignores others, a BOM, CRLF and blank lines', () => {
    const csv = `\ufeffName,Type,EMAIL\r\nAda,ISTJ,${A}\r\n\r\n"Grace, H",ESTP,${B}\r\n`;
    const parsed = parseResultsCsv(csv);
    expect(parsed.rows).toEqual([
      { line: 2, email: A, typeCode: 'ISTJ' },
      { line: 4, email: B, typeCode: 'ESTP' },
    ]);
    expect(parsed.rowCount).toBe(2);
  });

  it('lists each bad row with its line and reason and keeps the good ones', () => {
    const csv = ['email,type', `${A},INTJ`, 'not-an-email,ENFP', `${B},XNTJ`, ',', `${B}`, `${B},ISFP`].join('\n');
    const parsed = parseResultsCsv(csv);
    expect(parsed.rows).toEqual([
      { line: 2, email: A, typeCode: 'INTJ' },
      { line: 7, email: B, typeCode: 'ISFP' },
    ]);
    expect(parsed.rejected).toEqual([
      { line: 3, reason: 'email: must be an email address' },
      { line: 4, reason: 'type: must be a four-letter type code such as INTJ' },
      { line: 5, reason: 'email: must be an email address; type: must be a four-letter type code such as INTJ' },
      { line: 6, reason: 'type: must be a four-letter type code such as INTJ' },
    ]);
    expect(parsed.rowCount).toBe(6);
  });

  it.each([
    ['an empty file', '', /empty/],
    ['a header without type', `email,kind\n${A},INTJ`, /missing: type/],
    ['a header without email', `mail,type\n${A},INTJ`, /missing: email/],
    ['an unclosed quote', `email,type\n"${A},INTJ\n`, /could not be read as CSV/],
  ])('refuses %s as a whole with 400 CSV_INVALID', (_case, csv, message) => {
    let caught: unknown;
    try {
      parseResultsCsv(csv);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect(caught).toMatchObject({ status: 400, code: 'CSV_INVALID', message: expect.stringMatching(message) });
  });
});
