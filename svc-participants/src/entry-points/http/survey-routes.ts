import type { Express, Request } from 'express';
import { routes } from '@study/contracts';
import { mount } from '@study/service-kit';
import type { ParticipantsDeps } from '../../domain/deps';
import { saveSurvey, updateSurveys } from '../../domain/surveys/save-surveys';

export function mountSurveyRoutes(app: Express, deps: (req: Request) => ParticipantsDeps): void {
  /** POST /api/user/survey {pgId, survey}: saves one survey's whole state by its rules; answers the participant's view. */
  mount(app, routes.saveSurvey, async (req, res, body) => {
    const { pgId, survey } = body;
    res.json(await saveSurvey(deps(req), pgId, survey));
  });

  /** POST /api/user/survey/upd {pgId, update: {<surveyId>: {status?, index?, ...}}}: a set-style patch; answers the participant's view. */
  mount(app, routes.updateSurveys, async (req, res, body) => {
    const { pgId, update } = body;
    res.json(await updateSurveys(deps(req), pgId, update));
  });
}
