import type { Express } from 'express';
import { userRequestSchema } from '@study/contracts';
import { parseBody } from '@study/service-kit';
import type { ParticipantsRepository } from '../../data-access/participants-repository';
import { getParticipantView } from '../../domain/get-participant-view';

export function mountUserRoutes(app: Express, deps: { participants: ParticipantsRepository }): void {
  /** POST /api/user {pgId}: the participant's access flags, surveys and final score. */
  app.post('/api/user', async (req, res) => {
    const { pgId } = parseBody(userRequestSchema, req);
    res.json(await getParticipantView(deps.participants, pgId));
  });
}
