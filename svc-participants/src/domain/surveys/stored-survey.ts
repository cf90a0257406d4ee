import type { NardiScoresView, SurveyState } from '@study/contracts';

/**
 * A survey's state as this service stores it: the dashboard's state plus, once completed or
 * declined, when that happened (the time of the event it published; scoring echoes it back so
 * a late result is matched to the survey as it stands).
 */
export interface StoredSurvey extends SurveyState {
  completedAt?: Date;
  /**
   * Nardi only, once completed: the part-one scores scoring checked the choices against
   * (scoring.nardi.completed.v2, or v1 from an older release), kept for the analysis export.
   */
  scores?: NardiScoresView;
}

/** Statuses after which a survey changes only by a reset. */
export const CLOSED_STATUSES: ReadonlySet<string> = new Set(['completed', 'rejected']);

export function isClosed(survey: Pick<SurveyState, 'status'>): boolean {
  return CLOSED_STATUSES.has(survey.status);
}
