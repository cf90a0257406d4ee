import { afterUpdate, type AwaitingSource } from '../../data-access/awaiting-steps';
import { awaitingStepOf, sameAwaiting } from './awaiting-step';

const at = (day: number) => new Date(Date.UTC(2025, 0, day));
const consented: AwaitingSource = { consent: true, consentedAt: at(1), createdAt: at(1), openHumans: { memberId: '12345678', tokens: { expiresAt: at(2) } }, surveys: {} };

describe('the step a participant waits at', () => {
  it('is TypeFinder from consent, Nardi from the TypeFinder, the self-assessment from Nardi, then none', () => {
    expect(awaitingStepOf(consented)).toEqual({ awaitingStep: 'typeFinder', awaitingSince: at(1) });
    const afterTypeFinder = { ...consented, surveys: { typeFinder: { status: 'completed', completedAt: at(5) } } };
    expect(awaitingStepOf(afterTypeFinder)).toEqual({ awaitingStep: 'nardi', awaitingSince: at(5) });
    const nardiStarted = { ...consented, surveys: { ...afterTypeFinder.surveys, nardi: { status: 'part-two' } } };
    expect(awaitingStepOf(nardiStarted)).toEqual({ awaitingStep: 'nardi', awaitingSince: at(5) });
    const afterNardi = { ...consented, surveys: { ...afterTypeFinder.surveys, nardi: { status: 'completed', completedAt: at(9) } } };
    expect(awaitingStepOf(afterNardi)).toEqual({ awaitingStep: 'selfAssessment', awaitingSince: at(9) });
    const done = { ...consented, surveys: { ...afterNardi.surveys, selfAssessment: { status: 'completed', completedAt: at(10) } } };
    expect(awaitingStepOf(done)).toEqual({ awaitingStep: null, awaitingSince: null });
  });

  it('counts a declined Nardi or self-assessment as done, a declined TypeFinder not', () => {
    expect(awaitingStepOf({ ...consented, surveys: { typeFinder: { status: 'rejected' } } }).awaitingStep).toBe('typeFinder');
    const declinedNardi = { ...consented, surveys: { typeFinder: { status: 'completed', completedAt: at(3) }, nardi: { status: 'rejected', completedAt: at(4) } } };
    expect(awaitingStepOf(declinedNardi)).toEqual({ awaitingStep: 'selfAssessment', awaitingSince: at(4) });
  });

  it('starts the wait again at a later consent or a reset', () => {
    const again = { ...consented, consentedAt: at(20), surveys: { typeFinder: { status: 'completed', completedAt: at(5) } } };
    expect(awaitingStepOf(again)).toEqual({ awaitingStep: 'nardi', awaitingSince: at(20) });
    expect(awaitingStepOf({ ...consented, surveysResetAt: at(12) })).toEqual({ awaitingStep: 'typeFinder', awaitingSince: at(12) });
  });

  it('is none without consent, without the Open Humans authorization, or after erasure', () => {
    const none = { awaitingStep: null, awaitingSince: null };
    expect(awaitingStepOf({ ...consented, consent: false })).toEqual(none);
    expect(awaitingStepOf({ ...consented, openHumans: { memberId: '12345678' } })).toEqual(none);
    expect(awaitingStepOf({ ...consented, erased: true })).toEqual(none);
    expect(awaitingStepOf({})).toEqual(none);
  });

  it('is worked out from the document as an update leaves it', () => {
    const after = afterUpdate<AwaitingSource>(consented, { $set: { 'surveys.typeFinder': { status: 'completed', completedAt: at(6) }, updatedAt: at(6) } } as never);
    expect(awaitingStepOf(after)).toEqual({ awaitingStep: 'nardi', awaitingSince: at(6) });
    expect(consented.surveys).toEqual({});
    const withdrawn = afterUpdate<AwaitingSource>(after, { $set: { consent: false }, $unset: { 'openHumans.tokens': '' } } as never);
    expect(withdrawn.openHumans).toEqual({ memberId: '12345678' });
    expect(awaitingStepOf(withdrawn).awaitingStep).toBeNull();
    const reset = afterUpdate<AwaitingSource>(after, { $set: { surveys: { typeFinder: { status: 'pending' } }, surveysResetAt: at(8) } } as never);
    expect(awaitingStepOf(reset)).toEqual({ awaitingStep: 'typeFinder', awaitingSince: at(8) });
  });

  it('compares stored fields with new ones, a missing field as null', () => {
    expect(sameAwaiting({}, { awaitingStep: null, awaitingSince: null })).toBe(true);
    expect(sameAwaiting({ awaitingStep: 'nardi', awaitingSince: at(1) }, { awaitingStep: 'nardi', awaitingSince: new Date(at(1).getTime()) })).toBe(true);
    expect(sameAwaiting({ awaitingStep: 'nardi', awaitingSince: at(1) }, { awaitingStep: 'nardi', awaitingSince: at(2) })).toBe(false);
  });
});
