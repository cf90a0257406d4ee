import type { ReminderStep } from '@study/contracts';
import { isSurveyDone } from '@study/personality';
import type { AwaitingFields, AwaitingSource } from '../../data-access/awaiting-steps';

/** The assessments in the order a participant takes them: the step is the first not done. */
const ORDER: readonly ReminderStep[] = ['typeFinder', 'nardi', 'selfAssessment'];

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
export function awaitingStepOf(source: AwaitingSource): AwaitingFields {
  const none: AwaitingFields = { awaitingStep: null, awaitingSince: null };
  if (source.erased === true || source.consent !== true || !source.openHumans?.tokens) return none;
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
