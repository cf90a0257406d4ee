import { EventTypes, ErrorCodes, surveyIds, type SurveysResetData, type UserView } from '@study/contracts';
import { createEvent } from '@study/event-bus';
import { AppError } from '@study/service-kit';
import { participantLockKey, participantOutbox } from '../data-access/participants-repository';
import type { ParticipantsDeps } from './deps';
import { participantView, resetSurveyStates } from './participant';

/**
 * POST /api/user/reset: every survey back to pending at the first question with no answers,
 * and no final score; only when the study turned resets on (RESET_SURVEYS=1). Answers the
 * participant's new state.
 */
export async function resetSurveys(deps: ParticipantsDeps, options: { enabled: boolean }, pgId: string, correlationId: string): Promise<UserView> {
  if (!options.enabled) throw new AppError(403, ErrorCodes.RESET_DISABLED, 'Resetting surveys is turned off for this study.');
  await deps.lock.run(participantLockKey(pgId), async () => {
    const record = await deps.participants.find(pgId);
    if (record.state !== 'active') throw new AppError(404, ErrorCodes.PARTICIPANT_NOT_FOUND, 'No participant with this study ID.');
    const data: SurveysResetData = { surveys: [...surveyIds] };
    const event = createEvent({ type: EventTypes.surveysReset, source: deps.service, subject: record.participant.pgId, data, correlationId });
    await deps.participants.resetSurveys(pgId, resetSurveyStates(), deps.now(), event);
  });
  deps.nudgeOutbox(...participantOutbox(pgId));
  deps.resultsChanged(pgId);
  const participant = await deps.participants.findById(pgId);
  if (!participant) throw new AppError(404, ErrorCodes.PARTICIPANT_NOT_FOUND, 'No participant with this study ID.');
  return participantView(participant);
}
