import { isAuthorized, isKnownLoadStatus, nextDueSurvey, type ClientState } from '@study/client-state';
import type { RequiredSurveyId } from '@study/personality';

/** First path segments that open a survey, and the survey each one is (product.md section 2). */
export const GUARDED_SEGMENTS: Readonly<Record<string, RequiredSurveyId>> = {
  typefinder: 'typeFinder',
  nardi: 'nardi',
  'self-assessment': 'selfAssessment',
};

/** Pages that read the participant's load status. */
const LOAD_STATUS_SEGMENTS = new Set(['survey', ...Object.keys(GUARDED_SEGMENTS)]);

export type GuardDecision =
  | { action: 'allow' }
  /** resetLoad: forget the load status on the way, so the next visit starts afresh. */
  | { action: 'redirect'; to: string; resetLoad: boolean };

export type GuardState = Pick<ClientState, 'pgId' | 'user' | 'load' | 'surveys'>;

function firstSegment(pathname: string): string {
  return (pathname.split('/').find((segment) => segment !== '') ?? '').toLowerCase();
}

/**
 * Whether the shell may show a path (product.md sections 2 and 4):
 * - a survey route (first segment typefinder, nardi or self-assessment) opens only for an
 *   authorized participant (v4 UUID study ID, consent true) whose next due survey it is;
 *   otherwise the participant goes to the dashboard (/survey);
 * - a load status this version does not know sends the participant home (/) from the pages
 *   that depend on it.
 */
export function guardDecision(pathname: string, state: GuardState): GuardDecision {
  const segment = firstSegment(pathname);
  if (LOAD_STATUS_SEGMENTS.has(segment) && state.load !== null && !isKnownLoadStatus(state.load.status)) {
    return { action: 'redirect', to: '/', resetLoad: true };
  }
  const survey = GUARDED_SEGMENTS[segment];
  if (survey === undefined) return { action: 'allow' };
  if (!isAuthorized(state) || nextDueSurvey(state) !== survey) return { action: 'redirect', to: '/survey', resetLoad: false };
  return { action: 'allow' };
}
