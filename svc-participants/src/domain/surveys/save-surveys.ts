import { ErrorCodes, type SurveyInput, type SurveyPatch, type UserView } from '@study/contracts';
import { AppError } from '@study/service-kit';
import { participantDocuments } from '../../data-access/participant-documents';
import type { ParticipantsDeps } from '../deps';
import { hasConsent, participantView, type Participant } from '../participant';
import { refuseWhileConsentRenewalDue } from '../consent/consent-current';
import { consentVersionList } from '../consent/consent-versions';
import { awaitingStepChange } from '../reminders/awaiting-step';
import { surveyEvent } from './survey-events';
import { planSurveySave, planSurveyUpdate, type StoredSurveys, type SurveyChange } from './survey-rules';

const NOT_FOUND = 'No participant with this study ID.';

/**
 * Runs `plan` over the participant's stored surveys under their lock and stores what it
 * decides, with the events it causes, in one write; answers the participant's new view. A
 * refusal (thrown by the rules) stores nothing.
 */
async function changeSurveys(
  deps: ParticipantsDeps,
  pgId: string,
  plan: (surveys: StoredSurveys, now: Date) => SurveyChange[],
): Promise<UserView> {
  // The answer is the dashboard's view, which shows the official MBTI result.
  const participants = participantDocuments(deps, { withMbti: true });
  // From memory while no text was published since (one Redis read): checked under the lock below.
  const versions = await consentVersionList(deps);
  let next: Participant | undefined;
  let saved: Extract<SurveyChange, { kind: 'saved' }>[] = [];
  const outcome = await participants.change(pgId, (record) => {
    if (record.state !== 'active') throw new AppError(404, ErrorCodes.PARTICIPANT_NOT_FOUND, NOT_FOUND);
    const current = record.participant;
    if (!hasConsent(current)) {
      throw new AppError(403, ErrorCodes.CONSENT_REQUIRED, 'Please consent and authorize the study on Open Humans before taking the surveys.');
    }
    refuseWhileConsentRenewalDue(current, versions);
    const now = deps.now();
    saved = plan(current.surveys, now).flatMap((change) => (change.kind === 'saved' ? [change] : []));
    if (saved.length === 0) {
      next = current;
      return 'unchanged';
    }
    const events = saved.flatMap(({ next, event }) =>
      event ? [surveyEvent(event, next, { source: deps.service, pgId: current.pgId, time: next.completedAt ?? now })] : [],
    );
    // New part-one answers: the result stream reports them scored once scoring says so for this time.
    const nardiAnsweredAt = saved.some((change) => change.event === 'nardi-answered') ? now : undefined;
    const surveys = { ...current.surveys };
    for (const { surveyId, next } of saved) surveys[surveyId] = next;
    next = { ...current, surveys, updatedAt: now, ...(nardiAnsweredAt ? { nardiAnsweredAt } : {}) };
    const states = saved.map(({ next }) => next);
    // The reminders' step, when a survey done (or undone) moves it.
    const awaiting = awaitingStepChange(record.stored, next);
    return { events, write: (document) => deps.participants.saveSurveys(document, states, now, { nardiAnsweredAt, awaiting }) };
  });
  if (outcome === 'erased' || !next) throw new AppError(404, ErrorCodes.PARTICIPANT_NOT_FOUND, NOT_FOUND);
  if (outcome === 'unchanged') {
    // Nothing new: often the resend of a save whose answer was lost (the database went away
    // after storing it), whose events were then never nudged. One read by _id relays them now
    // instead of at the relay's next sweep (up to 30 s later).
    participants.nudge(pgId);
  } else {
    deps.resultsChanged(next.pgId);
    deps.logger.info({ pgId: next.pgId, surveys: saved.map(({ surveyId, next }) => ({ surveyId, status: next.status })) }, 'surveys saved');
  }
  return participantView(next);
}

/** POST /api/user/survey: saves one survey's whole state, following its rules. */
export function saveSurvey(deps: ParticipantsDeps, pgId: string, survey: SurveyInput): Promise<UserView> {
  return changeSurveys(deps, pgId, (surveys, now) => [planSurveySave(surveys, survey, now)]);
}

/** POST /api/user/survey/upd: applies a set-style patch to one or more surveys, all or nothing. */
export function updateSurveys(deps: ParticipantsDeps, pgId: string, patch: SurveyPatch): Promise<UserView> {
  return changeSurveys(deps, pgId, (surveys, now) => planSurveyUpdate(surveys, patch, now));
}
