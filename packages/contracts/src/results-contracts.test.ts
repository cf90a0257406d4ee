import { buildNardiReport } from '@study/personality';
import {
  SAMPLE_DICHOT_PREF,
  SAMPLE_FUNCTIONAL_PAIRS,
  SAMPLE_INTERACTION_STYLES,
  SAMPLE_TEMPERAMENTS,
  SAMPLE_TYPE_CODES,
} from '@study/personality/testing';
import {
  ErrorCodes,
  EventTypes,
  EVENT_TYPE_PATTERN,
  finalScoreRequestSchema,
  finalScoreResponseSchema,
  initialSurveyState,
  mbtiUploadedDataSchema,
  nardiCompletedDataSchema,
  nardiCompletedV2DataSchema,
  nardiReportSchema,
  reportGeneratedDataSchema,
  reportGeneratedV2DataSchema,
  scoreClearedDataSchema,
  scoreFinalizedDataSchema,
  userViewSchema,
} from './index';

const PG_ID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';
const AT = '2025-03-01T10:00:00.000Z';

const finalized = {
  typeCode: 'INTJ',
  version: 1,
  decidedBy: { basis: 'allAgree' },
  inputs: {
    typeFinder: { typeCode: 'INTJ' },
    nardi: { typeCode: 'INTJ', consistency: 10, dichotPref: SAMPLE_DICHOT_PREF, temperaments: SAMPLE_TEMPERAMENTS },
    selfAssessment: { status: 'completed', personalityType: 'INTJ', confidence: '85%' },
  },
  computedAt: AT,
};

describe('final score events', () => {
  it('names the cleared event like every other', () => {
    expect(EventTypes.scoreCleared).toBe('scoring.score.cleared.v1');
    expect(EventTypes.scoreCleared).toMatch(EVENT_TYPE_PATTERN);
  });

  it.each([
    ['a final score from agreeing results', finalized, true],
    ['Inconclusive', { ...finalized, typeCode: 'Inconclusive', decidedBy: { basis: 'inconclusive' } }, true],
    ['a declined self-assessment and an MBTI type', { ...finalized, inputs: { ...finalized.inputs, selfAssessment: { status: 'rejected' }, mbti: { wholeType: 'ENTJ' } } }, true],
    [
      'a letter-by-letter result',
      { ...finalized, decidedBy: { basis: 'letterMajority', letters: ['I', 'N', 'T', 'J'].map((letter) => ({ letter, decidedBy: 'majority' })) } },
      true,
    ],
    ['version 0', { ...finalized, version: 0 }, false],
    ['an unknown type', { ...finalized, typeCode: 'XXXX' }, false],
    ['an unknown rule', { ...finalized, decidedBy: { basis: 'coinToss' } }, false],
    ['a completed self-assessment without a confidence', { ...finalized, inputs: { ...finalized.inputs, selfAssessment: { status: 'completed', personalityType: 'INTJ' } } }, false],
    ['three temperaments', { ...finalized, inputs: { ...finalized.inputs, nardi: { ...finalized.inputs.nardi, temperaments: SAMPLE_TEMPERAMENTS.slice(1) } } }, false],
    ['no Nardi result', { ...finalized, inputs: { ...finalized.inputs, nardi: undefined } }, false],
  ])('finalized: %s -> valid=%s', (_case, data, valid) => {
    expect(scoreFinalizedDataSchema.safeParse(data).success).toBe(valid);
  });

  it('describes a cleared score', () => {
    expect(scoreClearedDataSchema.safeParse({ version: 2, reason: 'reset', clearedAt: AT }).success).toBe(true);
    expect(scoreClearedDataSchema.safeParse({ version: 2, reason: 'bored', clearedAt: AT }).success).toBe(false);
  });

  it('describes an MBTI upload: whole type, four clarity indexes, four preference scores', () => {
    const upload = { wholeType: 'ENTJ', pci1: 21, pci2: 13, pci3: 9, pci4: 27, dpref1: 1, dpref2: 2, dpref3: 1, dpref4: 1 };
    expect(mbtiUploadedDataSchema.parse(upload)).toEqual(upload);
    expect(mbtiUploadedDataSchema.safeParse({ ...upload, wholeType: 'entj' }).success).toBe(false);
    expect(mbtiUploadedDataSchema.safeParse({ ...upload, pci4: undefined }).success).toBe(false);
    expect(mbtiUploadedDataSchema.safeParse({ ...upload, dpref1: 'one' }).success).toBe(false);
  });

  it('lets the Nardi result carry its part-one scores (additive: without them it still parses)', () => {
    const result = { typeCode: 'INTJ', consistency: 10, selectedTemperament: 'NT', selectedFP: 'NTJ', completedAt: AT };
    const scores = { typeCodes: SAMPLE_TYPE_CODES, functionalPairs: SAMPLE_FUNCTIONAL_PAIRS, temperaments: SAMPLE_TEMPERAMENTS, dichotPref: SAMPLE_DICHOT_PREF, interactionStyles: SAMPLE_INTERACTION_STYLES };
    expect(nardiCompletedDataSchema.parse({ ...result, scores })).toEqual({ ...result, scores });
    expect(nardiCompletedDataSchema.safeParse(result).success).toBe(true);
  });

  it('requires the scores in scoring.nardi.completed.v2 (a new major beside v1), and every v2 body still reads as v1', () => {
    expect(EventTypes.nardiCompletedV2).toBe('scoring.nardi.completed.v2');
    const result = { typeCode: 'INTJ', consistency: 10, selectedTemperament: 'NT', selectedFP: 'NTJ', completedAt: AT };
    const scores = { typeCodes: SAMPLE_TYPE_CODES, functionalPairs: SAMPLE_FUNCTIONAL_PAIRS, temperaments: SAMPLE_TEMPERAMENTS, dichotPref: SAMPLE_DICHOT_PREF, interactionStyles: SAMPLE_INTERACTION_STYLES };
    expect(nardiCompletedV2DataSchema.safeParse(result).success).toBe(false);
    expect(nardiCompletedV2DataSchema.safeParse({ ...result, scores: { ...scores, typeCodes: [] } }).success).toBe(false);
    const v2 = nardiCompletedV2DataSchema.parse({ ...result, scores });
    expect(v2).toEqual({ ...result, scores });
    expect(nardiCompletedDataSchema.parse(v2)).toEqual(v2);
  });

  it('describes a generated final report', () => {
    const data = { report: 'final', scoreVersion: 3, typeCode: 'Inconclusive', contentType: 'application/pdf', byteLength: 12000, generatedAt: AT };
    expect(reportGeneratedDataSchema.parse(data)).toEqual(data);
    expect(reportGeneratedDataSchema.safeParse({ ...data, byteLength: 0 }).success).toBe(false);
  });

  it('carries the PDF in reports.report.generated.v2 (base64, with its SHA-256), and every v2 body still reads as v1', () => {
    expect(EventTypes.reportGeneratedV2).toBe('reports.report.generated.v2');
    const v1 = { report: 'final', scoreVersion: 3, typeCode: 'INTJ', contentType: 'application/pdf', byteLength: 9, generatedAt: AT };
    const v2 = { ...v1, pdf: Buffer.from('%PDF-1.7\n').toString('base64'), sha256: 'ab'.repeat(32) };
    expect(reportGeneratedV2DataSchema.parse(v2)).toEqual(v2);
    expect(reportGeneratedV2DataSchema.safeParse(v1).success).toBe(false);
    expect(reportGeneratedV2DataSchema.safeParse({ ...v2, pdf: '' }).success).toBe(false);
    expect(reportGeneratedV2DataSchema.safeParse({ ...v2, pdf: 'not base64!' }).success).toBe(false);
    expect(reportGeneratedV2DataSchema.safeParse({ ...v2, sha256: 'AB'.repeat(32) }).success).toBe(false);
    expect(reportGeneratedV2DataSchema.safeParse({ ...v2, sha256: 'ab' }).success).toBe(false);
    expect(reportGeneratedDataSchema.parse(v2)).toEqual(v1);
  });
});

describe('final score and report calls', () => {
  it('takes exactly {pgId} and answers the type with its time', () => {
    expect(finalScoreRequestSchema.safeParse({ pgId: PG_ID }).success).toBe(true);
    expect(finalScoreRequestSchema.safeParse({ pgId: PG_ID, typeCode: 'INTJ' }).success).toBe(false);
    expect(finalScoreResponseSchema.safeParse({ typeCode: 'Inconclusive', computedAt: AT }).success).toBe(true);
    expect(finalScoreResponseSchema.safeParse({ typeCode: 'intj', computedAt: AT }).success).toBe(false);
  });

  it('describes the Nardi report as buildNardiReport makes it', () => {
    const report = buildNardiReport({
      typeCodes: SAMPLE_TYPE_CODES,
      functionalPairs: SAMPLE_FUNCTIONAL_PAIRS,
      temperaments: SAMPLE_TEMPERAMENTS,
      dichotPref: SAMPLE_DICHOT_PREF,
      interactionStyles: SAMPLE_INTERACTION_STYLES,
      selectedTypeCode: 'INTJ',
      selectedFP: 'NTJ',
      consistency: 10,
    });
    const view = { pgId: PG_ID, status: 'completed', generatedAt: AT, ...report };
    expect(nardiReportSchema.parse(view)).toEqual(view);
    expect(nardiReportSchema.safeParse({ ...view, topTypes: report.topTypes.slice(1) }).success).toBe(false);
  });

  it('shows the final score with its time and the report availability on the user view, both optional for older readers', () => {
    const view = {
      access: { pgId: PG_ID, consent: true, dataReady: false, snpFileUploaded: false },
      selfAssessment: initialSurveyState('selfAssessment'),
      nardi: initialSurveyState('nardi'),
      mbti: initialSurveyState('mbti'),
      typeFinder: initialSurveyState('typeFinder'),
      finalScore: { typeCode: 'INTJ', computedAt: AT },
      finalReport: { generatedAt: AT },
    };
    expect(userViewSchema.parse(view)).toEqual(view);
    expect(userViewSchema.safeParse({ ...view, finalScore: { typeCode: 'INTJ' }, finalReport: undefined }).success).toBe(true);
    expect(userViewSchema.safeParse({ ...view, finalReport: null }).success).toBe(true);
    expect(userViewSchema.safeParse({ ...view, finalReport: { generatedAt: 'yesterday' } }).success).toBe(false);
  });

  it('has an error code for each refusal', () => {
    for (const code of ['FINAL_SCORE_NOT_READY', 'NARDI_REPORT_NOT_READY', 'FINAL_REPORT_NOT_READY', 'ZERO_DICHOTOMY', 'UNKNOWN_CODE']) {
      expect(ErrorCodes).toHaveProperty(code, code);
    }
  });
});
