import type { Express, Request } from 'express';
import { routes } from '@study/contracts';
import { mount } from '@study/service-kit';
import type { ParticipantsDeps } from '../../domain/deps';
import { getParticipantView } from '../../domain/get-participant-view';
import { resetSurveys } from '../../domain/reset-surveys';

export function mountUserRoutes(app: Express, deps: (req: Request) => ParticipantsDeps, options: { resetSurveysEnabled: boolean }): void {
  /** POST /api/user {pgId}: the participant's access flags, surveys and final score. */
  mount(app, routes.user, async (req, res, body) => {
    const { pgId } = body;
    res.json(await getParticipantView(deps(req), pgId));
  });

  /** POST /api/user/reset {pgId}: all four surveys back to the start (only with RESET_SURVEYS=1); answers the new state. */
  mount(app, routes.resetSurveys, async (req, res, body) => {
    const { pgId } = body;
    res.json(await resetSurveys(deps(req), { enabled: options.resetSurveysEnabled }, pgId));
  });
}
