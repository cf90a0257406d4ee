import { scoreClearedDataSchema, scoreFinalizedDataSchema } from '@study/contracts';
import { withCorrelationId } from '@study/event-bus';
import { scoreNardi } from '@study/personality';
import { SAMPLE_ANSWERS, SAMPLE_DICHOT_PREF, SAMPLE_TEMPERAMENTS } from '@study/personality/testing';
import type { FinalScoreInputsRecord, ScoreDocument } from '../../data-access/scores-collection';
import { finalScoreReadiness, planFinalScore, type PlanContext } from './plan-final-score';

const PG_ID = '6f1c2a9e-3b4d-4c5e-9f60-718293a4b5c6';
const AT = new Date('2025-03-01T10:00:00.000Z');
const NOW = new Date('2025-03-01T10:05:00.000Z');
const ctx: PlanContext = { now: NOW, clearReason: 'reset', service: 'svc-scoring' };
const SCORES = scoreNardi(SAMPLE_ANSWERS);

function nardi(typeCode: 'INTJ' | 'ENTJ' = 'INTJ', consistency = 10): ScoreDocument['nardi'] {
  return { asOf: AT, scores: SCORES, final: { typeCode, consistency, completedAt: AT, finalizedAt: AT } };
}

function doc(inputs: FinalScoreInputsRecord, fields: Partial<ScoreDocument> = { nardi: nardi() }): ScoreDocument {
  return { _id: PG_ID, inputs, ...fields };
}

const TF = { typeFinder: { typeCode: 'INTJ' as const, at: AT } };
const SA = (personalityType: 'INTJ' | 'ENFP', confidence: '< 80%' | '85%') => ({ selfAssessment: { status: 'completed' as const, personalityType, confidence, at: AT } });
const REJECTED = { selfAssessment: { status: 'rejected' as const, at: AT } };
const MBTI = { mbti: { wholeType: 'ENTJ', pci1: 1, pci2: 2, pci3: 3, pci4: 4, dpref1: 1, dpref2: 2, dpref3: 1, dpref4: 1, at: AT } };

describe('finalScoreReadiness', () => {
  it.each([
    ['nothing yet', doc({}, {}), ['typeFinder', 'nardi', 'selfAssessment']],
    ['TF only', doc(TF, {}), ['nardi', 'selfAssessment']],
    ['Nardi scored but not completed', doc(TF, { nardi: { asOf: AT, scores: SCORES } }), ['nardi', 'selfAssessment']],
    ['TF and Nardi', doc(TF), ['selfAssessment']],
    ['Nardi and SA, no TF', doc(SA('INTJ', '85%')), ['typeFinder']],
  ])('%s -> missing %j', (_case, input, missing) => {
    expect(finalScoreReadiness(input)).toEqual({ ready: false, missing });
  });

  it('summarizes the inputs with what the final report shows', () => {
    const readiness = finalScoreReadiness(doc({ ...TF, ...SA('INTJ', '85%'), ...MBTI }));
    expect(readiness).toMatchObject({
      ready: true,
      missing: [],
      input: { typeFinder: 'INTJ', nardi: { typeCode: 'INTJ', dichotPref: SAMPLE_DICHOT_PREF }, mbti: 'ENTJ', selfAssessment: { status: 'completed', personalityType: 'INTJ', confidence: '85%' } },
      summary: {
        typeFinder: { typeCode: 'INTJ' },
        nardi: { typeCode: 'INTJ', consistency: 10, dichotPref: SAMPLE_DICHOT_PREF, temperaments: SAMPLE_TEMPERAMENTS },
        selfAssessment: { status: 'completed', personalityType: 'INTJ', confidence: '85%' },
        mbti: { wholeType: 'ENTJ' },
      },
    });
  });
});

describe('planFinalScore', () => {
  it('changes nothing while the surveys are not done and no score is stored', () => {
    expect(planFinalScore(doc(TF), ctx)).toEqual({ kind: 'unchanged', set: {} });
  });

  it.each([
    ['all agree', { ...TF, ...SA('INTJ', '< 80%') }, 'INTJ', 'allAgree'],
    ['results differ, under 80% sure: Inconclusive', { ...TF, ...SA('ENFP', '< 80%') }, 'Inconclusive', 'inconclusive'],
    ['results differ, 85% sure: the self-assessed type', { ...TF, ...SA('ENFP', '85%') }, 'ENFP', 'selfAssessmentConfident'],
    ['declined, TF and NA agree', { ...TF, ...REJECTED }, 'INTJ', 'rejectedAllAgree'],
  ])('finalizes version 1 once all three are done: %s', (_case, inputs, typeCode, basis) => {
    // The event carries the correlation id of the work it is planned in (the event being handled).
    const plan = withCorrelationId('req-12345678', () => planFinalScore(doc(inputs), ctx));
    expect(plan).toMatchObject({ kind: 'finalize', version: 1, typeCode, set: { finalScoreVersion: 1, finalScore: { typeCode, version: 1, computedAt: NOW, decidedBy: { basis } } } });
    expect(plan.event).toMatchObject({ type: 'scoring.score.finalized.v1', source: 'svc-scoring', subject: PG_ID, correlationid: 'req-12345678', time: NOW.toISOString() });
    const data = scoreFinalizedDataSchema.parse(plan.event?.data);
    expect(data).toMatchObject({ typeCode, version: 1, decidedBy: { basis }, computedAt: NOW.toISOString() });
  });

  it('decides a declined self-assessment with differing results letter by letter, the MBTI result breaking ties', () => {
    const plan = planFinalScore(doc({ typeFinder: { typeCode: 'ENTP', at: AT }, ...REJECTED, ...MBTI }), ctx);
    // E/I: ENTP E, INTJ I, ENTJ E -> E; J/P: P, J, J -> J.
    expect(plan.typeCode).toBe('ENTJ');
    expect(scoreFinalizedDataSchema.parse(plan.event?.data).decidedBy).toEqual({
      basis: 'letterMajority',
      letters: [
        { letter: 'E', decidedBy: 'majority' },
        { letter: 'N', decidedBy: 'majority' },
        { letter: 'T', decidedBy: 'majority' },
        { letter: 'J', decidedBy: 'majority' },
      ],
    });
  });

  it('publishes nothing for the same inputs again, and a new version when one changes (an MBTI upload)', () => {
    const first = doc({ ...TF, ...SA('INTJ', '< 80%') });
    const plan = planFinalScore(first, ctx);
    const stored = { ...first, ...plan.set };
    expect(planFinalScore(stored, ctx).kind).toBe('unchanged');
    // Read back from the database the keys may come in another order; the comparison does not care.
    const inputs = stored.finalScore!.inputs;
    const reversed = Object.fromEntries(Object.entries(inputs).reverse()) as typeof inputs;
    expect(Object.keys(reversed)).not.toEqual(Object.keys(inputs));
    expect(planFinalScore({ ...stored, finalScore: { ...stored.finalScore!, inputs: reversed } }, ctx).kind).toBe('unchanged');

    const withMbti = planFinalScore({ ...stored, inputs: { ...stored.inputs, ...MBTI } }, ctx);
    expect(withMbti).toMatchObject({ kind: 'finalize', version: 2, typeCode: 'Inconclusive' });
    expect(scoreFinalizedDataSchema.parse(withMbti.event?.data).inputs.mbti).toEqual({ wholeType: 'ENTJ' });
  });

  it('clears a stored score once an input is gone (a reset), with the next version', () => {
    const finalized = doc({ ...TF, ...REJECTED });
    const stored = { ...finalized, ...planFinalScore(finalized, ctx).set };
    const plan = planFinalScore({ ...stored, inputs: { resetAt: NOW }, nardi: { asOf: NOW } }, ctx);
    expect(plan).toMatchObject({ kind: 'clear', version: 2, set: { finalScoreVersion: 2 } });
    expect(plan.event?.type).toBe('scoring.score.cleared.v1');
    expect(scoreClearedDataSchema.parse(plan.event?.data)).toEqual({ version: 2, reason: 'reset', clearedAt: NOW.toISOString() });
    // After the clear, finalizing again continues the sequence.
    const again = planFinalScore({ ...stored, finalScore: undefined, finalScoreVersion: 2 }, ctx);
    expect(again).toMatchObject({ kind: 'finalize', version: 3 });
  });
});
