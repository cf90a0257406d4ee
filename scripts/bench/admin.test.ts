import { randomUUID } from 'node:crypto';
import { mbtiScoresSchema, mbtiUploadRequestSchema } from '@study/contracts';
import { countBytesAndLines, mbtiRow, mbtiUpload } from './admin';

describe('mbtiRow', () => {
  it('is a valid set of official MBTI scores for any participant', () => {
    for (const i of [0, 1, 29, 30, 1234, 9999]) expect(mbtiScoresSchema.parse(mbtiRow(i))).toEqual(mbtiRow(i));
  });

  it('goes through all 16 types within 16 participants, and repeats its scores every 30', () => {
    expect(new Set(Array.from({ length: 16 }, (_, i) => mbtiRow(i).wholeType)).size).toBe(16);
    expect(mbtiRow(31)).toMatchObject({ pci1: 1, pci2: 2, pci3: 3, pci4: 4, dpref1: 5, dpref2: 6, dpref3: 7, dpref4: 8 });
    expect(mbtiRow(30).pci1).toBe(0);
  });
});

describe('mbtiUpload', () => {
  it('one row per participant, keyed by study ID, as the upload route accepts it', () => {
    const pgIds = [randomUUID(), randomUUID(), randomUUID()];
    const upload = mbtiUpload(pgIds);
    expect(Object.keys(upload)).toEqual(pgIds);
    expect(upload[pgIds[2] ?? '']).toEqual(mbtiRow(2));
    expect(mbtiUploadRequestSchema.safeParse(upload).success).toBe(true);
  });
});

describe('countBytesAndLines', () => {
  async function* chunks(...parts: string[]): AsyncGenerator<Uint8Array> {
    for (const part of parts) yield Buffer.from(part);
  }

  it('counts every byte and every newline, across chunk boundaries', async () => {
    expect(await countBytesAndLines(chunks('pseudonym,consent\nab', 'c,true\n', 'def,false\n'))).toEqual({ bytes: 37, lines: 3 });
  });

  it('nothing for an empty body; a last line without a newline is not counted', async () => {
    expect(await countBytesAndLines(chunks())).toEqual({ bytes: 0, lines: 0 });
    expect(await countBytesAndLines(chunks('a\nb'))).toEqual({ bytes: 3, lines: 1 });
  });
});
