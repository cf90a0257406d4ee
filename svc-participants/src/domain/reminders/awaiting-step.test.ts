import { afterUpdate, awaitingStateOf, type AwaitingSource } from '../../data-access/awaiting-steps';
import { awaitingStepChange, awaitingStepOf, sameAwaiting, type AwaitingState } from './awaiting-step';

const at = (day: number) => new Date(Date.UTC(2025, 0, day));
const consented: AwaitingState = { consent: true, consentedAt: at(1), createdAt: at(1), openHumans: { authorized: true }, surveys: {} };
/** The same participant as their document holds them: the Open Humans tokens, not whether they are held. */
const consentedDocument: AwaitingSource = { consent: true, consentedAt: at(1), createdAt: at(1), openHumans: { memberId: '12345678', tokens: { expiresAt: at(2) } }, surveys: {} };

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
    expect(awaitingStepOf({ ...consented, openHumans: { authorized: false } })).toEqual(none);
    expect(awaitingStepOf({ ...consented, openHumans: null })).toEqual(none);
    expect(awaitingStepOf({ ...consented, erased: true })).toEqual(none);
    expect(awaitingStepOf({})).toEqual(none);
  });

  it('is worked out from a document as an update leaves it (what the backfill and the bench read): held tokens are the authorization', () => {
    expect(awaitingStepOf(awaitingStateOf(consentedDocument))).toEqual({ awaitingStep: 'typeFinder', awaitingSince: at(1) });
    const after = afterUpdate<AwaitingSource>(consentedDocument, { $set: { 'surveys.typeFinder': { status: 'completed', completedAt: at(6) }, updatedAt: at(6) } } as never);
    expect(awaitingStepOf(awaitingStateOf(after))).toEqual({ awaitingStep: 'nardi', awaitingSince: at(6) });
    expect(consentedDocument.surveys).toEqual({});
    const withdrawn = afterUpdate<AwaitingSource>(after, { $set: { consent: false }, $unset: { 'openHumans.tokens': '' } } as never);
    expect(withdrawn.openHumans).toEqual({ memberId: '12345678' });
    expect(awaitingStateOf(withdrawn).openHumans).toEqual({ authorized: false });
    expect(awaitingStepOf(awaitingStateOf(withdrawn)).awaitingStep).toBeNull();
    const reset = afterUpdate<AwaitingSource>(after, { $set: { surveys: { typeFinder: { status: 'pending' } }, surveysResetAt: at(8) } } as never);
    expect(awaitingStepOf(awaitingStateOf(reset))).toEqual({ awaitingStep: 'typeFinder', awaitingSince: at(8) });
  });

  it('is stored by a write only when it moves: a new document always has it, a document holding it already gets nothing', () => {
    const step = { awaitingStep: 'typeFinder', awaitingSince: at(1) } as const;
    expect(awaitingStepChange(null, consented)).toEqual(step);
    expect(awaitingStepChange(step, consented)).toBeUndefined();
    expect(awaitingStepChange(step, { ...consented, surveys: { typeFinder: { status: 'completed', completedAt: at(4) } } })).toEqual({ awaitingStep: 'nardi', awaitingSince: at(4) });
    // Written before the fields existed: a step of none is what it holds already, a real one is stored.
    expect(awaitingStepChange({}, { ...consented, consent: false })).toBeUndefined();
    expect(awaitingStepChange({}, consented)).toEqual(step);
  });

  it('compares stored fields with new ones, a missing field as null', () => {
    expect(sameAwaiting({}, { awaitingStep: null, awaitingSince: null })).toBe(true);
    expect(sameAwaiting({ awaitingStep: 'nardi', awaitingSince: at(1) }, { awaitingStep: 'nardi', awaitingSince: new Date(at(1).getTime()) })).toBe(true);
    expect(sameAwaiting({ awaitingStep: 'nardi', awaitingSince: at(1) }, { awaitingStep: 'nardi', awaitingSince: at(2) })).toBe(false);
  });
});
