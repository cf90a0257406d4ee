import { events, ErrorCodes, surveyIds, type SurveysResetData, type UserView } from '@study/contracts';
import { eventOf } from '@study/event-bus';
import { AppError } from '@study/service-kit';
import { participantDocuments } from '../data-access/participant-documents';
import type { ParticipantsDeps } from './deps';
import { participantView, resetSurveyStates } from './participant';
import { awaitingStepChange } from './reminders/awaiting-step';

const NOT_FOUND = 'No participant with this study ID.';

/**
 * POST /api/user/reset: every survey back to pending at the first question with no answers,
 * and no final score; only when the study turned resets on (RESET_SURVEYS=1). Answers the
 * participant's new state.
 */
export async function resetSurveys(deps: ParticipantsDeps, options: { enabled: boolean }, pgId: string): Promise<UserView> {
  if (!options.enabled) throw new AppError(403, ErrorCodes.RESET_DISABLED, 'Resetting surveys is turned off for this study.');
  // The answer is the dashboard's view, which shows the official MBTI result.
  const outcome = await participantDocuments(deps, { withMbti: true }).change(pgId, (record) => {
    if (record.state !== 'active') throw new AppError(404, ErrorCodes.PARTICIPANT_NOT_FOUND, NOT_FOUND);
    const data: SurveysResetData = { surveys: [...surveyIds] };
    const event = eventOf(events.surveysReset, { source: deps.service, subject: record.participant.pgId, data });
    const now = deps.now();
    const surveys = resetSurveyStates();
    // The reminders' step goes back to the TypeFinder test, from now.
    const awaiting = awaitingStepChange(record.stored, { ...record.participant, surveys, surveysResetAt: now });
    return { events: [event], write: (document) => deps.participants.resetSurveys(document, surveys, now, awaiting) };
  });
  if (outcome === 'erased') throw new AppError(404, ErrorCodes.PARTICIPANT_NOT_FOUND, NOT_FOUND);
  deps.resultsChanged(pgId);
  const participant = await deps.participants.findById(pgId, { withMbti: false });
  if (!participant) throw new AppError(404, ErrorCodes.PARTICIPANT_NOT_FOUND, NOT_FOUND);
  return participantView(participant);
}
