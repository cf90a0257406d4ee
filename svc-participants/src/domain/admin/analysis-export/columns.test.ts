import { analysisDictionarySchema, ANALYSIS_EXPORT_FILE_NAME } from '@study/contracts';
import { SAMPLE_DICHOT_PREF, SAMPLE_SCORES, SAMPLE_TYPE_TABLE } from '@study/personality/testing';
import { csvLine } from '../csv';
import { EXPORT_COLUMNS, EXPORT_HEADER, exportRow, type ExportParticipant, type ExportRow } from './columns';
import { dataDictionary } from './dictionary';

const PG_ID = '0f6c2a4e-8d1b-4c3e-9a5f-1b2c3d4e5f60';
const T = (minute: number) => new Date(Date.UTC(2026, 2, 24, 9, minute));

/** A participant who has done everything: TypeFinder, Nardi (with scores), self-assessment, MBTI (uploaded), final type. */
const everything: ExportParticipant = {
  participant: {
    _id: PG_ID,
    consent: true,
    snpFileUploaded: true,
    genotypeSources: ['direct-sharing-128', 'direct-sharing-131'],
    openHumans: { memberId: '12345678', tokens: { expiresAt: T(59) } },
    surveys: {
      typeFinder: { status: 'completed', typeCode: 'ENTJ', completedAt: T(2) },
      nardi: { status: 'completed', typeCode: 'INTJ', consistency: 10, selectedTemperament: 'NT', selectedFP: 'NTJ', scores: SAMPLE_SCORES as never, completedAt: T(3) },
      selfAssessment: {
        status: 'completed',
        typeCode: 'INTP',
        completedAt: T(4),
        answers: [
          { id: 'personalityType', value: 'INTP' },
          { id: 'typeSource', value: ['Read', { value: 'Other', extValue: '=HYPERLINK("http://x","y")' }] },
          { id: 'confidence', value: '< 80%' },
          { id: 'experience', value: 'MBTI Cert' },
        ],
      },
      mbti: { status: 'completed', completedAt: T(5) },
    },
    finalScore: { typeCode: 'ENTJ', computedAt: T(6).toISOString() },
    finalScoreDecidedBy: {
      basis: 'letterMajority',
      letters: [
        { letter: 'E', decidedBy: 'mbti' },
        { letter: 'N', decidedBy: 'majority' },
        { letter: 'T', decidedBy: 'majority' },
        { letter: 'J', decidedBy: 'nardiScore' },
      ],
    },
    createdAt: T(0),
    consentedAt: T(1),
    updatedAt: T(7),
  },
  mbti: { wholeType: 'ENTJ', pci1: 21, pci2: 13, pci3: -9, pci4: 27, dpref1: 1, dpref2: 2, dpref3: 1, dpref4: 1, uploadedAt: T(8) },
};

/** Consented and nothing else: no Open Humans link, no survey, no MBTI, no final type. */
const nothing: ExportParticipant = { participant: { _id: PG_ID, consent: false, createdAt: T(0), updatedAt: T(0) } };

const PSEUDONYM = 'Pfedcba9876543210fedc';
/** A row as the export writes it: under the participant's pseudonym. */
const asRow = (row: ExportParticipant): ExportRow => ({ ...row, pseudonym: PSEUDONYM });

function byName(row: ExportParticipant): Record<string, unknown> {
  const values = exportRow(asRow(row));
  return Object.fromEntries(EXPORT_HEADER.map((name, i) => [name, values[i]]));
}

describe('the analysis export columns', () => {
  it('names every column once, and the dictionary holds exactly the export columns, in file order', () => {
    const dictionary = analysisDictionarySchema.parse(dataDictionary(T(0)));
    expect(new Set(EXPORT_HEADER).size).toBe(EXPORT_HEADER.length);
    expect(dictionary.columns.map((column) => column.name)).toEqual(EXPORT_HEADER);
    for (const name of EXPORT_HEADER) expect(dictionary.columns.filter((column) => column.name === name)).toHaveLength(1);
    for (const column of dictionary.columns) expect(EXPORT_HEADER).toContain(column.name);
    expect(dictionary.file).toBe(ANALYSIS_EXPORT_FILE_NAME);
    expect(dictionary.generatedAt).toBe(T(0).toISOString());
  });

  it('carries the 16 Nardi type scores, the dichotomy, temperament, pair and style scores, and the MBTI pci and dpref values', () => {
    const names = new Set(EXPORT_HEADER);
    for (const [code] of SAMPLE_TYPE_TABLE) expect(names).toContain(`nardiScore${code}`);
    for (const letter of 'EISNTFJP') expect(names).toContain(`nardiDichotomy${letter}`);
    for (const code of ['SP', 'SJ', 'NT', 'NF']) expect(names).toContain(`nardiTemperament${code}`);
    for (const code of ['SFP', 'STP', 'STJ', 'SFJ', 'NTJ', 'NTP', 'NFJ', 'NFP']) expect(names).toContain(`nardiPair${code}`);
    for (const code of ['InCharge', 'ChartCourse', 'GetGoing', 'BehindScenes']) expect(names).toContain(`nardiStyle${code}`);
    for (const n of [1, 2, 3, 4]) expect([names.has(`mbtiPci${n}`), names.has(`mbtiDpref${n}`)]).toEqual([true, true]);
    expect(EXPORT_HEADER.filter((name) => /^nardiScore[EI][SN][TF][JP]$/.test(name))).toHaveLength(16);
  });

  it('holds no e-mail, token or answer of the Nardi part one', () => {
    expect(EXPORT_HEADER.filter((name) => /mail|token|secret|answers/i.test(name))).toEqual([]);
  });

  it('writes a participant with every instrument: each value from its result', () => {
    const row = byName(everything);
    expect(row).toMatchObject({
      pseudonym: PSEUDONYM,
      consent: true,
      genotypeFilePresent: true,
      genotypeSources: 'direct-sharing-128;direct-sharing-131',
      typeFinderStatus: 'completed',
      typeFinderType: 'ENTJ',
      nardiStatus: 'completed',
      nardiType: 'INTJ',
      nardiTemperamentChosen: 'NT',
      nardiPairChosen: 'NTJ',
      nardiConsistency: 10,
      nardiScoreINTJ: 19,
      nardiScoreENTJ: 17,
      nardiScoreESFP: 7,
      nardiTemperamentNT: 64,
      nardiTemperamentSP: 40,
      nardiPairNTJ: 36,
      nardiPairSFP: 16,
      nardiStyleInCharge: 54,
      nardiStyleChartCourse: 62,
      nardiStyleGetGoing: 38,
      nardiStyleBehindScenes: 46,
      selfAssessmentStatus: 'completed',
      selfAssessmentType: 'INTP',
      selfAssessmentTypeSources: 'Read;Other',
      selfAssessmentTypeSourceOther: '=HYPERLINK("http://x","y")',
      selfAssessmentConfidence: '< 80%',
      selfAssessmentExperience: 'MBTI Cert',
      mbtiStatus: 'completed',
      mbtiType: 'ENTJ',
      mbtiPci1: 21,
      mbtiPci3: -9,
      mbtiDpref2: 2,
      finalType: 'ENTJ',
      finalDecidedBy: 'letterMajority',
      finalDecidedByEI: 'mbti',
      finalDecidedBySN: 'majority',
      finalDecidedByTF: 'majority',
      finalDecidedByJP: 'nardiScore',
      enrolledAt: T(0),
      consentedAt: T(1),
      withdrawnAt: undefined,
      typeFinderCompletedAt: T(2),
      nardiCompletedAt: T(3),
      selfAssessmentCompletedAt: T(4),
      mbtiCompletedAt: T(5),
      finalScoredAt: T(6),
      updatedAt: T(7),
      mbtiUploadedAt: T(8),
    });
    for (const [code, , , , , , , score] of SAMPLE_TYPE_TABLE) expect(row[`nardiScore${code}`]).toBe(score);
    for (const [letter, score] of Object.entries(SAMPLE_DICHOT_PREF)) expect(row[`nardiDichotomy${letter}`]).toBe(score);
    // Every column has a value here but withdrawnAt.
    expect(EXPORT_HEADER.filter((name) => row[name] === undefined || row[name] === '')).toEqual(['withdrawnAt']);
  });

  it('names the participant by pseudonym only: neither the study ID nor the Open Humans member id is anywhere in a row', () => {
    const row = exportRow(asRow(everything)).map(String);
    expect(row.filter((cell) => cell.includes(PG_ID) || cell.includes('12345678'))).toEqual([]);
    expect(EXPORT_HEADER.filter((name) => /studyId|pgId|member/i.test(name))).toEqual([]);
  });

  it('writes a participant with no instrument: only the pseudonym, consent, statuses and record times', () => {
    const row = byName(nothing);
    const filled = Object.fromEntries(Object.entries(row).filter(([, value]) => value !== undefined && value !== ''));
    expect(filled).toEqual({
      pseudonym: PSEUDONYM,
      consent: false,
      genotypeFilePresent: false,
      typeFinderStatus: 'pending',
      nardiStatus: 'pending',
      selfAssessmentStatus: 'pending',
      mbtiStatus: 'pending',
      enrolledAt: T(0),
      updatedAt: T(0),
    });
  });

  it('leaves a Nardi result empty until the survey is completed, and how the final type was decided without a final type', () => {
    const partway: ExportParticipant = {
      participant: {
        ...everything.participant,
        surveys: { nardi: { status: 'part-two', selectedTemperament: 'NT' } },
        finalScore: null,
      },
    };
    const row = byName(partway);
    expect(row).toMatchObject({ nardiStatus: 'part-two', nardiTemperamentChosen: undefined, nardiScoreINTJ: undefined, finalType: undefined, finalDecidedBy: undefined, finalDecidedByEI: undefined });
  });

  it('keeps every value of the full participant within what the dictionary allows', () => {
    const row = exportRow(asRow(everything));
    EXPORT_COLUMNS.forEach((column, i) => {
      const value = row[i];
      if (value === undefined || value === null || value === '') return;
      if (column.type === 'list') for (const item of String(value).split(';')) expect(column.values).toContain(item);
      else if (column.values) expect(column.values).toContain(String(value));
      if (column.type === 'integer') expect(Number.isInteger(value)).toBe(true);
      if (column.minimum !== undefined) expect(Number(value)).toBeGreaterThanOrEqual(column.minimum);
      if (column.maximum !== undefined) expect(Number(value)).toBeLessThanOrEqual(column.maximum);
      if (column.type === 'datetime') expect(value).toBeInstanceOf(Date);
    });
  });

  it('neutralises a formula a participant typed, through the shared CSV writer', () => {
    expect(csvLine(exportRow(asRow(everything)))).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
  });
});
