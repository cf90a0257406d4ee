import type { Express, Request } from 'express';
import { saveSurveyRequestSchema, updateSurveysRequestSchema } from '@study/contracts';
import { parseBody } from '@study/service-kit';
import type { ParticipantsDeps } from '../../domain/deps';
import { saveSurvey, updateSurveys } from '../../domain/surveys/save-surveys';

export function mountSurveyRoutes(app: Express, deps: (req: Request) => ParticipantsDeps): void {
  /** POST /api/user/survey {pgId, survey}: saves one survey's whole state by its rules; answers the participant's view. */
  app.post('/api/user/survey', async (req, res) => {
    const { pgId, survey } = parseBody(saveSurveyRequestSchema, req);
    res.json(await saveSurvey(deps(req), pgId, survey, req.requestId));
  });

  /** POST /api/user/survey/upd {pgId, update: {<surveyId>: {status?, index?, ...}}}: a set-style patch; answers the participant's view. */
  app.post('/api/user/survey/upd', async (req, res) => {
    const { pgId, update } = parseBody(updateSurveysRequestSchema, req);
    res.json(await updateSurveys(deps(req), pgId, update, req.requestId));
  });
}
