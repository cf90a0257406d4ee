import { isAuthorized, isKnownLoadStatus, nextDueSurvey, type ClientState } from '@study/client-state';
import { DASHBOARD_REMOTE, firstSegment, GUARDED_SEGMENTS } from '@study/navigation';

const DASHBOARD_PATH = DASHBOARD_REMOTE.pages.survey;

/** Pages that read the participant's load status: the dashboard and the surveys. */
const LOAD_STATUS_SEGMENTS = new Set([firstSegment(DASHBOARD_PATH), ...Object.keys(GUARDED_SEGMENTS)]);

export type GuardDecision =
  | { action: 'allow' }
  /** resetLoad: forget the load status on the way, so the next visit starts afresh. */
  | { action: 'redirect'; to: string; resetLoad: boolean };

export type GuardState = Pick<ClientState, 'pgId' | 'user' | 'load' | 'surveys'>;

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
  if (!isAuthorized(state) || nextDueSurvey(state) !== survey) return { action: 'redirect', to: DASHBOARD_PATH, resetLoad: false };
  return { action: 'allow' };
}
