import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FINAL_SCORE_BASIS_EXPLANATIONS, getPersonalityType, INCONCLUSIVE_EXPLANATION } from '@study/personality';
import type { FinalScoreRecord } from '../data-access/reports-collection';
import { finalReportView } from '../domain/final-report/final-report-view';
import { sampleFinalScore } from '../test-support/sample-final-score';
import { renderFinalReport } from './final-report-pdf';

const PG_ID = '6f1c2a9e-3b4d-4c5e-9f60-718293a4b5c6';
const AT = new Date('2025-03-01T10:00:00.000Z');
const STUDY = 'Personality Genetics Study';

const score: FinalScoreRecord = sampleFinalScore(AT);

const inconclusive: FinalScoreRecord = {
  ...score,
  typeCode: 'Inconclusive',
  decidedBy: { basis: 'inconclusive' },
  inputs: { ...score.inputs, selfAssessment: { status: 'completed', personalityType: 'ENFP', confidence: '< 80%' }, mbti: undefined },
};

const declined: FinalScoreRecord = { ...score, decidedBy: { basis: 'rejectedAllAgree' }, inputs: { ...score.inputs, selfAssessment: { status: 'rejected' }, mbti: undefined } };

/** The text of a PDF as a reader extracts it (poppler's pdftotext), whitespace collapsed. */
function pdfText(pdf: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'final-report-'));
  try {
    const file = path.join(dir, 'report.pdf');
    fs.writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('the final report PDF', () => {
  it('is a PDF holding the final type with its title and description, every survey result, the study ID and the date', async () => {
    const pdf = await renderFinalReport(finalReportView(PG_ID, score, AT, STUDY));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
    const text = pdfText(pdf);
    for (const expected of [
      'Final Report',
      'STUDY ID',
      PG_ID,
      'DATE',
      '1 March 2025',
      'INTJ',
      'The Independent Designer',
      getPersonalityType('INTJ').description,
      'Your results differ, and you were at least 80% sure of your own choice',
      'TypeFinder test INTJ The Independent Designer',
      'Nardi Personality Indicator INTP The Curious Analyst (consistency 7/10)',
      'Self-assessment INTJ The Independent Designer (90% sure)',
      'Official MBTI assessment ENTJ',
      'Nardi dichotomies (out of 200)',
      'NT Theorist 64/100',
      'SP Improviser 40/100',
    ]) {
      expect(text).toContain(expected);
    }
    // The four dichotomy bars: each letter pair with its scores and percentages.
    expect(text).toMatch(/E 92 46% 54% 108 I/);
    expect(text).toMatch(/S 84 42% 58% 116 N/);
    expect(text).toMatch(/T 114 57% 43% 86 F/);
    expect(text).toMatch(/J 110 55% 45% 90 P/);
    expect(text).toContain('Page 1 of 1');
    // Small: far below the 16 MB document limit.
    expect(pdf.length).toBeLessThan(200_000);
  });

  it('says Inconclusive with the explanation, and leaves out an MBTI result not uploaded', async () => {
    const text = pdfText(await renderFinalReport(finalReportView(PG_ID, inconclusive, AT, STUDY)));
    expect(text).toContain('Inconclusive');
    expect(text).toContain(INCONCLUSIVE_EXPLANATION);
    // The reason once: the rule's own sentence would say it again.
    expect(text).not.toContain(FINAL_SCORE_BASIS_EXPLANATIONS.inconclusive);
    expect(text).toContain('Self-assessment ENFP The Enthusiastic Explorer (< 80% sure)');
    expect(text).not.toContain('Official MBTI assessment');
    expect(text).toContain(PG_ID);
  });

  it("shows a declined self-assessment as 'Declined'", async () => {
    const text = pdfText(await renderFinalReport(finalReportView(PG_ID, declined, AT, STUDY)));
    expect(text).toContain('Self-assessment Declined You chose not to take the self-assessment.');
  });

  it('keeps its text searchable in the raw bytes when rendered uncompressed', async () => {
    const pdf = await renderFinalReport(finalReportView(PG_ID, score, AT, STUDY), { uncompressed: true });
    const raw = pdf.toString('latin1');
    // pdfkit writes standard-font text as hex strings of the WinAnsi bytes.
    const hex = (text: string) => Buffer.from(text, 'latin1').toString('hex');
    expect(raw).toContain(hex(PG_ID));
    expect(raw).toContain(hex('INTJ'));
  });

  it('draws the bars as vector graphics, with no images', async () => {
    const raw = (await renderFinalReport(finalReportView(PG_ID, score, AT, STUDY), { uncompressed: true })).toString('latin1');
    expect(raw).not.toMatch(/\/Subtype\s*\/Image/);
    // Rectangles: the header band, the panel, table stripes and the bars.
    expect((raw.match(/ re\n/g) ?? []).length).toBeGreaterThan(15);
  });
});

/** The structure tree of a tagged PDF, read back with pdf-lib: each element's type, and Alt where given, depth first. */
async function structureOf(pdf: Buffer): Promise<{ catalog: Map<string, unknown>; elements: { type: string; alt?: string; depth: number }[] }> {
  const { PDFDocument, PDFName, PDFDict, PDFArray, PDFString, PDFHexString } = await import('pdf-lib');
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const catalog = new Map<string, unknown>();
  for (const [key, value] of doc.catalog.entries()) catalog.set(key.asString(), value);
  const elements: { type: string; alt?: string; depth: number }[] = [];
  const walk = (node: unknown, depth: number): void => {
    const resolved = node instanceof PDFDict || node instanceof PDFArray ? node : doc.context.lookup(node as never);
    if (resolved instanceof PDFArray) {
      for (let i = 0; i < resolved.size(); i += 1) walk(resolved.get(i), depth);
      return;
    }
    if (!(resolved instanceof PDFDict)) return; // a marked-content id
    const type = resolved.lookup(PDFName.of('S'));
    if (type instanceof PDFName) {
      const alt = resolved.lookup(PDFName.of('Alt'));
      elements.push({ type: type.asString().slice(1), depth, ...(alt instanceof PDFString || alt instanceof PDFHexString ? { alt: alt.decodeText() } : {}) });
    }
    const kids = resolved.get(PDFName.of('K'));
    if (kids) walk(kids, depth + 1);
  };
  const root = doc.catalog.lookup(PDFName.of('StructTreeRoot'), PDFDict);
  walk(root.get(PDFName.of('K')), 0);
  return { catalog, elements };
}

describe('the final report PDF is accessible (tagged)', () => {
  it('has a structure tree, MarkInfo, a language and shows its title', async () => {
    const pdf = await renderFinalReport(finalReportView(PG_ID, score, AT, STUDY));
    expect(pdf.subarray(0, 8).toString('latin1')).toBe('%PDF-1.7');
    const { catalog, elements } = await structureOf(pdf);
    expect([...catalog.keys()]).toEqual(expect.arrayContaining(['/StructTreeRoot', '/MarkInfo', '/Lang', '/ViewerPreferences']));
    expect(String(catalog.get('/Lang'))).toBe('(en-GB)');
    const raw = pdf.toString('latin1');
    expect(raw).toMatch(/\/Marked true/);
    expect(raw).toMatch(/\/DisplayDocTitle true/);

    // Reading order: the title, the study, the study ID and date, then each section with its heading first.
    const types = elements.map(({ type }) => type);
    expect(types[0]).toBe('Document');
    expect(types.slice(1, 5)).toEqual(['H1', 'P', 'P', 'P']);
    expect(types.filter((type) => type === 'Sect')).toHaveLength(4);
    expect(types.filter((type) => type === 'H2')).toHaveLength(4);
    expect(types.filter((type) => type === 'TR')).toHaveLength(4);
    expect(types.filter((type) => type === 'TH')).toHaveLength(4);
    // Both charts are figures with alternative text that gives their numbers.
    const figures = elements.filter(({ type }) => type === 'Figure');
    expect(figures.map(({ alt }) => alt)).toEqual([
      expect.stringMatching(/^Bar chart of your Nardi preference scores.*E 92 \(46%\) against I 108 \(54%\)/),
      expect.stringMatching(/^Bar chart of your Nardi temperament scores.*1\. NT Theorist 64 of 100/),
    ]);
  });

  it('is untagged nowhere: every drawing is inside marked content (structure or artifact)', async () => {
    const raw = (await renderFinalReport(finalReportView(PG_ID, score, AT, STUDY), { uncompressed: true })).toString('latin1');
    expect(raw).toContain('/Artifact');
    const opened = (raw.match(/ BDC\b| BMC\b/g) ?? []).length;
    expect(opened).toBeGreaterThan(30);
    expect((raw.match(/\bEMC\b/g) ?? []).length).toBe(opened);
  });
});

describe('how the final type was decided', () => {
  it("names, for a declined self-assessment, how each letter was decided instead of 'the majority'", async () => {
    const letters: FinalScoreRecord = {
      ...declined,
      typeCode: 'INTJ',
      decidedBy: {
        basis: 'letterMajority',
        letters: [
          { letter: 'I', decidedBy: 'majority' },
          { letter: 'N', decidedBy: 'nardiScore' },
          { letter: 'T', decidedBy: 'majority' },
          { letter: 'J', decidedBy: 'majority' },
        ],
      },
    };
    const text = pdfText(await renderFinalReport(finalReportView(PG_ID, letters, AT, STUDY)));
    expect(text).toContain('so each letter was decided on its own: I, most of your test results chose it; N, your test results were split evenly, and your higher Nardi preference score broke the tie;');
    expect(text).not.toContain('decided by the majority');
  });

  it('names the study as configured', async () => {
    const text = pdfText(await renderFinalReport(finalReportView(PG_ID, score, AT, 'Type and Genes Study')));
    expect(text).toContain('Type and Genes Study');
    expect(text).not.toContain('Personality Type and Genetics Study');
  });
});
