import type { ReminderStep } from '@study/contracts';
import { isSurveyDone } from '@study/personality';
import type { AwaitingFields } from '../../data-access/awaiting-steps';

/** The assessments in the order a participant takes them: the step is the first not done. */
const ORDER: readonly ReminderStep[] = ['typeFinder', 'nardi', 'selfAssessment'];

/** What the step is worked out from: the participant (as a write leaves them) or what a document holds of them. */
export interface AwaitingState {
  consent?: boolean;
  /** `authorized`: the study holds the member's Open Humans grant (their tokens). */
  openHumans?: { authorized?: boolean } | null;
  consentedAt?: Date | null;
  surveysResetAt?: Date | null;
  createdAt?: Date;
  surveys?: Partial<Record<ReminderStep, { status?: string; completedAt?: Date } | undefined>>;
  erased?: boolean;
}

function latest(...dates: (Date | null | undefined)[]): Date | undefined {
  let best: Date | undefined;
  // Any Date (one from another realm too: a test's), never a string or a number.
  for (const date of dates) if (Object.prototype.toString.call(date) === '[object Date]' && !Number.isNaN(date!.getTime()) && (!best || date!.getTime() > best.getTime())) best = date!;
  return best;
}

/**
 * The step a participant waits at and since when, or null: a participant who consented (and
 * whose Open Humans authorization the study still holds) waits at the first assessment they have
 * not done (TypeFinder, then Nardi, then the self-assessment) since the latest of their consent,
 * a reset of their surveys and the completion of the assessment before. Nobody waits once all
 * three are done, nor before consent, after withdrawal or erasure.
 */
export function awaitingStepOf(source: AwaitingState): AwaitingFields {
  const none: AwaitingFields = { awaitingStep: null, awaitingSince: null };
  if (source.erased === true || source.consent !== true || source.openHumans?.authorized !== true) return none;
  const surveys = source.surveys ?? {};
  const step = ORDER.find((id) => !isSurveyDone(id, surveys[id]?.status));
  if (!step) return none;
  const index = ORDER.indexOf(step);
  const previous = index > 0 ? surveys[ORDER[index - 1]!]?.completedAt : undefined;
  const since = latest(source.consentedAt, source.surveysResetAt, previous) ?? source.createdAt;
  return since ? { awaitingStep: step, awaitingSince: since } : none;
}

export function sameAwaiting(a: Partial<AwaitingFields>, b: AwaitingFields): boolean {
  return (a.awaitingStep ?? null) === b.awaitingStep && (a.awaitingSince?.getTime() ?? null) === (b.awaitingSince?.getTime() ?? null);
}

/**
 * The reminders' step (awaitingStep, awaitingSince: what they look participants up by) a write
 * stores with the participant it leaves (`next`): undefined when the document as read (`stored`;
 * null for a new one) holds those already.
 */
export function awaitingStepChange(stored: Partial<AwaitingFields> | null, next: AwaitingState): AwaitingFields | undefined {
  const step = awaitingStepOf(next);
  return stored && sameAwaiting(stored, step) ? undefined : step;
}
