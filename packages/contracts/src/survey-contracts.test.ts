import { SAMPLE_ANSWERS } from '@study/personality/testing';
import {
  EventTypes,
  nardiCompletedDataSchema,
  nardiFinalResponseSchema,
  nardiScoresSchema,
  saveSurveyRequestSchema,
  surveyCompletedDataSchema,
  surveyRejectedDataSchema,
  typeFinderImportResponseSchema,
  typeFinderWebhookBodySchema,
  updateSurveysRequestSchema,
  EVENT_TYPE_PATTERN,
} from './index';

const PG_ID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';

describe('POST /api/user/survey body', () => {
  const selfAssessment = {
    id: 'selfAssessment',
    status: 'completed',
    index: 3,
    answers: [
      { id: 'personalityType', value: 'intj' },
      { id: 'typeSource', value: ['Read', { value: 'Other', extValue: 'A coach typed me' }] },
      { id: 'confidence', value: '90%' },
      { id: 'experience', value: 'Beginner' },
    ],
  };

  it('accepts a whole survey state per survey', () => {
    expect(saveSurveyRequestSchema.parse({ pgId: PG_ID, survey: selfAssessment })).toEqual({ pgId: PG_ID, survey: selfAssessment });
    const nardi = { id: 'nardi', status: 'part-two', index: 24, answers: SAMPLE_ANSWERS, selectedTemperament: 'NT' };
    expect(saveSurveyRequestSchema.safeParse({ pgId: PG_ID, survey: nardi }).success).toBe(true);
    expect(saveSurveyRequestSchema.safeParse({ pgId: PG_ID, survey: { id: 'mbti', status: 'started', index: 0, answers: [] } }).success).toBe(true);
  });

  it.each([
    ['an extra field on the request', { pgId: PG_ID, survey: selfAssessment, admin: true }],
    ['an extra field on the survey', { pgId: PG_ID, survey: { ...selfAssessment, finalScore: 'INTJ' } }],
    ['an extra field on an answer', { pgId: PG_ID, survey: { ...selfAssessment, answers: [{ id: 'confidence', value: '90%', score: 1 }] } }],
    ['an extra field on a selection', { pgId: PG_ID, survey: { ...selfAssessment, answers: [{ id: 'typeSource', value: [{ value: 'Read', weight: 2 }] }] } }],
    ['the server-owned consistency', { pgId: PG_ID, survey: { id: 'nardi', status: 'pending', index: 0, answers: [], consistency: 10 } }],
    ['Nardi choices on another survey', { pgId: PG_ID, survey: { ...selfAssessment, selectedTemperament: 'NT' } }],
    ['an unknown survey', { pgId: PG_ID, survey: { ...selfAssessment, id: 'bigFive' } }],
    ['an unknown status', { pgId: PG_ID, survey: { ...selfAssessment, status: 'done' } }],
    ['a negative index', { pgId: PG_ID, survey: { ...selfAssessment, index: -1 } }],
    ['an unknown temperament', { pgId: PG_ID, survey: { id: 'nardi', status: 'part-two', index: 0, answers: [], selectedTemperament: 'XY' } }],
    ['a lower-case type code', { pgId: PG_ID, survey: { ...selfAssessment, typeCode: 'intj' } }],
    ['an over-long answer', { pgId: PG_ID, survey: { ...selfAssessment, answers: [{ id: 'personalityType', value: 'x'.repeat(501) }] } }],
    ['too many answers', { pgId: PG_ID, survey: { ...selfAssessment, answers: Array.from({ length: 26 }, (_, i) => ({ id: i + 1, value: 'A' })) } }],
    ['no survey', { pgId: PG_ID }],
  ])('refuses %s', (_case, body) => {
    expect(saveSurveyRequestSchema.safeParse(body).success).toBe(false);
  });
});

describe('POST /api/user/survey/upd body', () => {
  it.each([
    [{ selfAssessment: { status: 'rejected' } }],
    [{ mbti: { status: 'started' } }],
    [{ nardi: { status: 'part-two', selectedTemperament: 'NF' } }],
    [{ selfAssessment: { index: 2 }, mbti: { status: 'completed' } }],
  ])('accepts %j', (update) => {
    expect(updateSurveysRequestSchema.parse({ pgId: PG_ID, update })).toEqual({ pgId: PG_ID, update });
  });

  it.each([
    ['a dotted path', { 'selfAssessment.status': 'rejected' }],
    ['answers (saved whole with /api/user/survey)', { selfAssessment: { answers: [] } }],
    ['a typeCode', { typeFinder: { typeCode: 'INTJ' } }],
    ['a Nardi choice on another survey', { selfAssessment: { selectedTemperament: 'NT' } }],
    ['an operator-like field', { selfAssessment: { $set: { status: 'completed' } } }],
    ['an unknown survey', { bigFive: { status: 'rejected' } }],
    ['an empty survey patch', { selfAssessment: {} }],
    ['an empty update', {}],
    ['an unknown status', { selfAssessment: { status: 'skipped' } }],
  ])('refuses %s', (_case, update) => {
    expect(updateSurveysRequestSchema.safeParse({ pgId: PG_ID, update }).success).toBe(false);
  });
});

describe('TypeFinder webhook body', () => {
  it('takes one result or a list, lower-casing the email and upper-casing the type', () => {
    expect(typeFinderWebhookBodySchema.parse({ email: ` ${PG_ID.toUpperCase()}@Study.Example.org `, typeCode: 'enfp' })).toEqual({
      email: `${PG_ID}@study.example.org`,
      typeCode: 'ENFP',
    });
    expect(typeFinderWebhookBodySchema.parse([{ email: 'a@b.org', typeCode: 'INTJ' }, { email: 'c@d.org', typeCode: 'ISFP' }])).toHaveLength(2);
  });

  it.each([
    [{ email: 'not-an-email', typeCode: 'INTJ' }],
    [{ email: 'a@b.org', typeCode: 'XNTJ' }],
    [{ email: 'a@b.org', typeCode: 'INTJ', pgId: PG_ID }],
    [{ email: 'a@b.org' }],
    [[]],
    [Array.from({ length: 501 }, () => ({ email: 'a@b.org', typeCode: 'INTJ' }))],
  ])('refuses %j', (body) => {
    expect(typeFinderWebhookBodySchema.safeParse(body).success).toBe(false);
  });

  it('describes the import answer', () => {
    const answer = { rowCount: 3, storedCount: 2, insertedCount: 1, updatedCount: 1, rejectedCount: 1, rejected: [{ line: 3, reason: 'type: must be a four-letter type code such as INTJ' }] };
    expect(typeFinderImportResponseSchema.parse(answer)).toEqual(answer);
  });
});

describe('Nardi contracts', () => {
  it('describes the scores and the final answer', () => {
    expect(nardiFinalResponseSchema.safeParse({ typeCode: 'INTJ', consistency: 10 }).success).toBe(true);
    expect(nardiFinalResponseSchema.safeParse({ typeCode: 'INTJ', consistency: 11 }).success).toBe(false);
    expect(nardiScoresSchema.safeParse({ typeCodes: [], functionalPairs: [], temperaments: [], dichotPref: {}, interactionStyles: {} }).success).toBe(false);
  });
});

describe('survey events', () => {
  it.each([EventTypes.surveyRejected, EventTypes.nardiAnswered, EventTypes.nardiCompleted])('%s is a well-formed type', (type) => {
    expect(type).toMatch(EVENT_TYPE_PATTERN);
  });

  it('carries what scoring needs of each completed survey', () => {
    const nardi = { surveyId: 'nardi', status: 'completed', typeCode: 'INTJ', answers: SAMPLE_ANSWERS, selectedTemperament: 'NT', selectedFP: 'NTJ', selectedTypeCode: 'INTJ' };
    expect(surveyCompletedDataSchema.safeParse(nardi).success).toBe(true);
    expect(surveyCompletedDataSchema.safeParse({ ...nardi, answers: SAMPLE_ANSWERS.slice(1) }).success).toBe(false);
    expect(surveyCompletedDataSchema.safeParse({ surveyId: 'selfAssessment', status: 'completed', typeCode: 'INFP', personalityType: 'INFP', confidence: '< 80%' }).success).toBe(true);
    expect(surveyCompletedDataSchema.safeParse({ surveyId: 'selfAssessment', status: 'completed', typeCode: 'INFP', personalityType: 'INFP', confidence: '75%' }).success).toBe(false);
    expect(surveyCompletedDataSchema.safeParse({ surveyId: 'typeFinder', status: 'completed', typeCode: 'ENFP' }).success).toBe(true);
    expect(surveyCompletedDataSchema.safeParse({ surveyId: 'mbti', status: 'completed' }).success).toBe(true);
    expect(surveyRejectedDataSchema.safeParse({ surveyId: 'selfAssessment', status: 'rejected' }).success).toBe(true);
    expect(surveyRejectedDataSchema.safeParse({ surveyId: 'typeFinder', status: 'rejected' }).success).toBe(false);
    expect(
      nardiCompletedDataSchema.safeParse({ typeCode: 'INTJ', consistency: 10, selectedTemperament: 'NT', selectedFP: 'NTJ', completedAt: '2025-01-01T00:00:00.000Z' }).success,
    ).toBe(true);
  });
});
