import type { Express, Request } from 'express';
import { resetSurveysRequestSchema, userRequestSchema } from '@study/contracts';
import { parseBody } from '@study/service-kit';
import type { ParticipantsDeps } from '../../domain/deps';
import { getParticipantView } from '../../domain/get-participant-view';
import { resetSurveys } from '../../domain/reset-surveys';

export function mountUserRoutes(app: Express, deps: (req: Request) => ParticipantsDeps, options: { resetSurveysEnabled: boolean }): void {
  /** POST /api/user {pgId}: the participant's access flags, surveys and final score. */
  app.post('/api/user', async (req, res) => {
    const { pgId } = parseBody(userRequestSchema, req);
    res.json(await getParticipantView(deps(req), pgId));
  });

  /** POST /api/user/reset {pgId}: all four surveys back to the start (only with RESET_SURVEYS=1); answers the new state. */
  app.post('/api/user/reset', async (req, res) => {
    const { pgId } = parseBody(resetSurveysRequestSchema, req);
    res.json(await resetSurveys(deps(req), { enabled: options.resetSurveysEnabled }, pgId, req.requestId));
  });
}
