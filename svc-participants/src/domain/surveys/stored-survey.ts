import type { SurveyState } from '@study/contracts';

// What is stored of a survey; which states are closed is decided here.
export type { StoredSurvey } from '../../data-access/stored-participant';

/** Statuses after which a survey changes only by a reset. */
export const CLOSED_STATUSES: ReadonlySet<string> = new Set(['completed', 'rejected']);

export function isClosed(survey: Pick<SurveyState, 'status'>): boolean {
  return CLOSED_STATUSES.has(survey.status);
}
