import { AppError } from '@study/service-kit';
import type { UserView } from '@study/contracts';
import type { ParticipantsRepository } from '../data-access/participants-repository';
import { participantView } from './participant';

/** Loads what the dashboard shows for one participant (POST /api/user). */
export async function getParticipantView(participants: ParticipantsRepository, pgId: string): Promise<UserView> {
  const participant = await participants.findById(pgId);
  if (!participant) throw new AppError(404, 'PARTICIPANT_NOT_FOUND', 'No participant with this study ID.');
  return participantView(participant);
}
