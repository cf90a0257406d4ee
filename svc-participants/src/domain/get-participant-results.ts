import { ErrorCodes, type ParticipantResults } from '@study/contracts';
import { AppError } from '@study/service-kit';
import type { ParticipantsRepository } from '../data-access/participants-repository';
import { participantResults } from './participant';

/** The participant's results as stored here (what the result stream sends); 404 for an unknown or erased study ID. */
export async function getParticipantResults(participants: ParticipantsRepository, pgId: string): Promise<ParticipantResults> {
  // The results hold no MBTI result: one read, not two (the stream reads on every change).
  const participant = await participants.findById(pgId, { withMbti: false });
  if (!participant) throw new AppError(404, ErrorCodes.PARTICIPANT_NOT_FOUND, 'No participant with this study ID.');
  return participantResults(participant);
}
