import { initialSurveyState, type SurveyInput } from '@study/contracts';
import { AppError } from '@study/service-kit';
import { SAMPLE_ANSWERS } from '@study/personality/testing';
import { planSurveySave, planSurveyUpdate, type StoredSurveys, type SurveyChange } from './survey-rules';
import type { StoredSurvey } from './stored-survey';

const NOW = new Date('2025-03-01T12:00:00.000Z');
const TF_DONE: StoredSurvey = { id: 'typeFinder', status: 'completed', index: 0, answers: [], typeCode: 'ENFP', completedAt: NOW };
const ANSWERS = SAMPLE_ANSWERS.map(({ id, value }) => ({ id, value }));

const SA_ANSWERS = [
  { id: 'personalityType', value: ' intj ' },
  { id: 'typeSource', value: ['Read', { value: 'Other', extValue: 'A coach typed me' }] },
  { id: 'confidence', value: '90%' },
  { id: 'experience', value: 'Beginner' },
];

function nardi(status: string, fields: Partial<SurveyInput & { id: 'nardi' }> = {}): SurveyInput {
  return { id: 'nardi', status, index: 24, answers: ANSWERS, ...fields } as SurveyInput;
}

function saved(change: SurveyChange): Extract<SurveyChange, { kind: 'saved' }> {
  if (change.kind !== 'saved') throw new Error(`expected a saved change, got ${change.kind}`);
  return change;
}

function refusal(run: () => unknown): { status: number; code: string; message: string } {
  try {
    run();
  } catch (err) {
    if (err instanceof AppError) return { status: err.status, code: err.code, message: err.message };
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('the required order', () => {
  it.each<[string, StoredSurveys, SurveyInput]>([
    ['Nardi before the TypeFinder test', {}, nardi('pending', { answers: [] })],
    ['Nardi while the TypeFinder test is in progress', { typeFinder: { ...initialSurveyState('typeFinder'), status: 'in-progress' } }, nardi('part-one')],
    ['the self-assessment before Nardi', { typeFinder: TF_DONE }, { id: 'selfAssessment', status: 'rejected', index: 0, answers: [] }],
    ['the self-assessment before the TypeFinder test', {}, { id: 'selfAssessment', status: 'pending', index: 0, answers: [] }],
  ])('refuses %s with 409 SURVEY_OUT_OF_ORDER', (_case, surveys, input) => {
    expect(refusal(() => planSurveySave(surveys, input, NOW))).toMatchObject({ status: 409, code: 'SURVEY_OUT_OF_ORDER' });
  });

  it('lets the self-assessment follow a declined Nardi survey', () => {
    const surveys: StoredSurveys = { typeFinder: TF_DONE, nardi: { ...initialSurveyState('nardi'), status: 'rejected' } };
    expect(saved(planSurveySave(surveys, { id: 'selfAssessment', status: 'pending', index: 1, answers: [] }, NOW)).next.status).toBe('pending');
  });

  it('puts no order on the official MBTI assessment', () => {
    expect(saved(planSurveySave({}, { id: 'mbti', status: 'started', index: 0, answers: [] }, NOW)).next).toEqual({ id: 'mbti', status: 'started', index: 0, answers: [] });
  });
});

describe('Nardi', () => {
  const partOne = () => saved(planSurveySave({ typeFinder: TF_DONE }, nardi('part-one'), NOW)).next;

  it('saves answers in progress, checking each one', () => {
    const change = saved(planSurveySave({ typeFinder: TF_DONE }, nardi('pending', { index: 2, answers: [{ id: 2, value: 'B' }, { id: 1, value: 'A' }] }), NOW));
    expect(change.next).toEqual({ id: 'nardi', status: 'pending', index: 2, answers: [{ id: 1, value: 'A' }, { id: 2, value: 'B' }] });
    expect(change.event).toBeNull();
  });

  it('saves part one with all 25 answers and publishes them', () => {
    const change = saved(planSurveySave({ typeFinder: TF_DONE }, nardi('part-one'), NOW));
    expect(change.next).toEqual({ id: 'nardi', status: 'part-one', index: 24, answers: ANSWERS });
    expect(change.event).toBe('nardi-answered');
  });

  it.each([
    ['24 answers', nardi('part-one', { answers: ANSWERS.slice(1) }), 'NARDI_ANSWERS_INVALID', /no answer for question 1/],
    ['an answer C', nardi('part-one', { answers: [...ANSWERS.slice(1), { id: 1, value: 'C' }] }), 'NARDI_ANSWERS_INVALID', /question 1 has the answer 'C'/],
    ['question 26', nardi('pending', { answers: [{ id: 26, value: 'A' }] }), 'SURVEY_ANSWERS_INVALID', /id 26 is not a question id/],
    ['a string id', nardi('pending', { answers: [{ id: '1', value: 'A' }] }), 'SURVEY_ANSWERS_INVALID', /is not a question id/],
    ['a repeated question', nardi('pending', { answers: [{ id: 1, value: 'A' }, { id: 1, value: 'B' }] }), 'SURVEY_ANSWERS_INVALID', /more than once/],
    ['a status of another survey', nardi('started'), 'SURVEY_STATUS_INVALID', /has no status 'started'/],
    ['an index past the last question', nardi('pending', { index: 26, answers: [] }), 'SURVEY_ANSWERS_INVALID', /index/],
    ['a choice before its part', nardi('part-one', { selectedTemperament: 'NT' }), 'SURVEY_ANSWERS_INVALID', /leave it out/],
    ['a typeCode before completion', nardi('part-one', { typeCode: 'INTJ' }), 'SURVEY_ANSWERS_INVALID', /only when the Nardi survey is completed/],
  ])('refuses %s with 400', (_case, input, code, message) => {
    const refused = refusal(() => planSurveySave({ typeFinder: TF_DONE }, input, NOW));
    expect(refused).toMatchObject({ status: 400, code });
    expect(refused.message).toMatch(message);
  });

  it('walks part two, three and four through the offers, then completes with the chosen type', () => {
    let surveys: StoredSurveys = { typeFinder: TF_DONE, nardi: partOne() };
    const two = saved(planSurveySave(surveys, nardi('part-two', { selectedTemperament: 'NT' }), NOW));
    expect(two.next).toMatchObject({ status: 'part-two', selectedTemperament: 'NT' });
    expect(two.event).toBeNull();
    surveys = { ...surveys, nardi: two.next };
    const three = saved(planSurveySave(surveys, nardi('part-three', { selectedTemperament: 'NT', selectedFP: 'NTJ' }), NOW));
    surveys = { ...surveys, nardi: three.next };
    const done = saved(planSurveySave(surveys, nardi('completed', { selectedTemperament: 'NT', selectedFP: 'NTJ', selectedTypeCode: 'INTP' }), NOW));
    expect(done.next).toEqual({
      id: 'nardi',
      status: 'completed',
      index: 24,
      answers: ANSWERS,
      selectedTemperament: 'NT',
      selectedFP: 'NTJ',
      selectedTypeCode: 'INTP',
      typeCode: 'INTP',
      completedAt: NOW,
    });
    expect(done.event).toBe('completed');
  });

  const atPartTwo = (): StoredSurveys => ({ typeFinder: TF_DONE, nardi: { ...partOne(), status: 'part-two', selectedTemperament: 'NT' } });
  const atPartThree = (): StoredSurveys => ({ typeFinder: TF_DONE, nardi: { ...partOne(), status: 'part-three', selectedTemperament: 'NT', selectedFP: 'NTJ' } });

  it.each<[string, () => StoredSurveys, SurveyInput, number, string, RegExp]>([
    ['a functional pair of another temperament', atPartTwo, nardi('part-three', { selectedTemperament: 'NT', selectedFP: 'NFJ' }), 400, 'NARDI_SELECTION_INVALID', /'NFJ' was not offered; the choices were NTJ, NTP/],
    ['a type not among the three offered', atPartThree, nardi('completed', { selectedTemperament: 'NT', selectedFP: 'NTJ', selectedTypeCode: 'ENTP' }), 400, 'NARDI_SELECTION_INVALID', /'ENTP' was not offered; the choices were INTJ, ENTJ, INTP/],
    ['part two without a temperament', () => ({ typeFinder: TF_DONE, nardi: partOne() }), nardi('part-two'), 400, 'SURVEY_ANSWERS_INVALID', /Choose the part-two temperament/],
    ['skipping part two', () => ({ typeFinder: TF_DONE, nardi: partOne() }), nardi('part-three', { selectedTemperament: 'NT', selectedFP: 'NTJ' }), 409, 'SURVEY_STEP_INVALID', /at part-one; it can move to part-two next, not part-three/],
    ['completing from pending', () => ({ typeFinder: TF_DONE }), nardi('completed', { selectedTemperament: 'NT', selectedFP: 'NTJ', selectedTypeCode: 'INTJ' }), 409, 'SURVEY_STEP_INVALID', /can move to part-one next/],
    ['going back to part one', atPartTwo, nardi('part-one'), 409, 'SURVEY_STEP_INVALID', /at part-two/],
    ['changing the part-one answers later', atPartTwo, nardi('part-three', { answers: [...ANSWERS.slice(1), { id: 1, value: 'A' }], selectedTemperament: 'NT', selectedFP: 'NTJ' }), 409, 'SURVEY_STEP_INVALID', /part one answers were saved already/],
    ['changing the temperament in part three', atPartTwo, nardi('part-three', { selectedTemperament: 'NF', selectedFP: 'NFJ' }), 409, 'SURVEY_STEP_INVALID', /was saved already as NT/],
    ['a typeCode other than the choice', atPartThree, nardi('completed', { selectedTemperament: 'NT', selectedFP: 'NTJ', selectedTypeCode: 'INTJ', typeCode: 'ENTJ' }), 400, 'SURVEY_ANSWERS_INVALID', /typeCode must be the part-four choice \(INTJ\)/],
  ])('refuses %s', (_case, surveys, input, status, code, message) => {
    const refused = refusal(() => planSurveySave(surveys(), input, NOW));
    expect(refused).toMatchObject({ status, code });
    expect(refused.message).toMatch(message);
  });

  it('lets a part be saved again with another choice', () => {
    const change = saved(planSurveySave(atPartTwo(), nardi('part-two', { selectedTemperament: 'SP' }), NOW));
    expect(change.next.selectedTemperament).toBe('SP');
  });

  it('publishes part one again only when its answers change', () => {
    const surveys: StoredSurveys = { typeFinder: TF_DONE, nardi: partOne() };
    expect(planSurveySave(surveys, nardi('part-one'), NOW)).toEqual({ kind: 'unchanged', surveyId: 'nardi' });
    const other = [...ANSWERS.slice(1), { id: 1, value: 'A' }];
    expect(saved(planSurveySave(surveys, nardi('part-one', { answers: other }), NOW)).event).toBe('nardi-answered');
  });

  it('declines at any step before completion, keeping what was saved', () => {
    const change = saved(planSurveySave(atPartTwo(), nardi('rejected', { selectedTemperament: 'NT' }), NOW));
    expect(change.next).toMatchObject({ status: 'rejected', selectedTemperament: 'NT', answers: ANSWERS, completedAt: NOW });
    expect(change.event).toBe('rejected');
  });
});

describe('the self-assessment', () => {
  const ready: StoredSurveys = { typeFinder: TF_DONE, nardi: { ...initialSurveyState('nardi'), status: 'completed', typeCode: 'INTJ' } };
  const completed = (fields: Partial<SurveyInput> = {}): SurveyInput => ({ id: 'selfAssessment', status: 'completed', index: 3, answers: SA_ANSWERS, ...fields }) as SurveyInput;

  it('completes with four valid answers; typeCode is the personalityType answer, upper-cased', () => {
    const change = saved(planSurveySave(ready, completed(), NOW));
    expect(change.next).toEqual({
      id: 'selfAssessment',
      status: 'completed',
      index: 3,
      answers: [{ ...SA_ANSWERS[0], value: 'INTJ' }, ...SA_ANSWERS.slice(1)],
      typeCode: 'INTJ',
      completedAt: NOW,
    });
    expect(change.event).toBe('completed');
  });

  it('saves a partial state with valid answers', () => {
    const change = saved(planSurveySave(ready, { id: 'selfAssessment', status: 'pending', index: 1, answers: SA_ANSWERS.slice(0, 1) }, NOW));
    expect(change.next).toEqual({ id: 'selfAssessment', status: 'pending', index: 1, answers: [{ id: 'personalityType', value: 'INTJ' }] });
    expect(change.event).toBeNull();
  });

  it.each<[string, SurveyInput, string, RegExp]>([
    ['an answer missing', completed({ answers: SA_ANSWERS.slice(1) }), 'SURVEY_ANSWERS_INVALID', /missing: personalityType/],
    ['an unknown type', completed({ answers: [{ id: 'personalityType', value: 'INTX' }, ...SA_ANSWERS.slice(1)] }), 'SURVEY_ANSWERS_INVALID', /personalityType is not valid/],
    ['an explanation missing', completed({ answers: [SA_ANSWERS[0]!, { id: 'typeSource', value: ['Other'] }, ...SA_ANSWERS.slice(2)] }), 'SURVEY_ANSWERS_INVALID', /typeSource is not valid/],
    ['an unknown question', completed({ answers: [...SA_ANSWERS, { id: 'age', value: '40' }] }), 'SURVEY_ANSWERS_INVALID', /'age' is not a self-assessment question/],
    ['a typeCode that is not the answer', completed({ typeCode: 'ENFP' }), 'SURVEY_ANSWERS_INVALID', /must be the personalityType answer \(INTJ\)/],
    ['a Nardi status', completed({ status: 'part-two' }), 'SURVEY_STATUS_INVALID', /has no status 'part-two'/],
  ])('refuses %s with 400', (_case, input, code, message) => {
    const refused = refusal(() => planSurveySave(ready, input, NOW));
    expect(refused).toMatchObject({ status: 400, code });
    expect(refused.message).toMatch(message);
  });

  it('is closed once completed: an edit is refused, the same state sent again changes nothing', () => {
    const surveys = { ...ready, selfAssessment: saved(planSurveySave(ready, completed(), NOW)).next };
    expect(planSurveySave(surveys, completed(), NOW)).toEqual({ kind: 'unchanged', surveyId: 'selfAssessment' });
    expect(refusal(() => planSurveySave(surveys, completed({ answers: [{ id: 'personalityType', value: 'ENFP' }, ...SA_ANSWERS.slice(1)] }), NOW))).toMatchObject({
      status: 409,
      code: 'SURVEY_CLOSED',
      message: 'The self-assessment is completed and can no longer be changed.',
    });
    expect(refusal(() => planSurveyUpdate(surveys, { selfAssessment: { status: 'rejected' } }, NOW))).toMatchObject({ status: 409, code: 'SURVEY_CLOSED' });
  });
});

describe('set-style updates', () => {
  const ready: StoredSurveys = { typeFinder: TF_DONE, nardi: { ...initialSurveyState('nardi'), status: 'completed', typeCode: 'INTJ' } };

  it('declines the self-assessment', () => {
    const [change] = planSurveyUpdate(ready, { selfAssessment: { status: 'rejected' } }, NOW);
    expect(saved(change!)).toMatchObject({ event: 'rejected', next: { id: 'selfAssessment', status: 'rejected', index: 0, answers: [], completedAt: NOW } });
  });

  it('moves the MBTI assessment one step at a time', () => {
    expect(saved(planSurveyUpdate({}, { mbti: { status: 'started' } }, NOW)[0]!).event).toBeNull();
    expect(refusal(() => planSurveyUpdate({}, { mbti: { status: 'completed' } }, NOW))).toMatchObject({ status: 409, code: 'SURVEY_STEP_INVALID' });
    const started: StoredSurveys = { mbti: { id: 'mbti', status: 'started', index: 0, answers: [] } };
    expect(saved(planSurveyUpdate(started, { mbti: { status: 'completed' } }, NOW)[0]!)).toMatchObject({ event: 'completed', next: { status: 'completed', completedAt: NOW } });
    expect(refusal(() => planSurveyUpdate(started, { mbti: { status: 'pending' } }, NOW))).toMatchObject({ status: 409, code: 'SURVEY_STEP_INVALID' });
  });

  it('applies the Nardi choices through the same rules as a whole save', () => {
    const surveys: StoredSurveys = { typeFinder: TF_DONE, nardi: saved(planSurveySave({ typeFinder: TF_DONE }, nardi('part-one'), NOW)).next };
    expect(saved(planSurveyUpdate(surveys, { nardi: { status: 'part-two', selectedTemperament: 'NF' } }, NOW)[0]!).next).toMatchObject({ status: 'part-two', selectedTemperament: 'NF' });
    expect(refusal(() => planSurveyUpdate(surveys, { nardi: { status: 'completed' } }, NOW))).toMatchObject({ status: 409, code: 'SURVEY_STEP_INVALID' });
  });

  it('is all or nothing: one refused survey refuses the update', () => {
    expect(refusal(() => planSurveyUpdate(ready, { selfAssessment: { status: 'rejected' }, mbti: { status: 'completed' } }, NOW))).toMatchObject({ code: 'SURVEY_STEP_INVALID' });
  });

  it('never completes the TypeFinder test (its result comes from the provider)', () => {
    const refused = refusal(() => planSurveyUpdate({}, { typeFinder: { status: 'completed' } }, NOW));
    expect(refused).toMatchObject({ status: 400, code: 'SURVEY_STATUS_INVALID' });
    expect(refused.message).toMatch(/POST \/api\/user\/tfresult/);
  });
});
