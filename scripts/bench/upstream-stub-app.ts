// The express app of the upstream stub (upstream-stub.ts): svc-participants' POST /api/user as
// far as the gateway can tell, with the middleware a service runs and no database behind it.
import { randomUUID } from 'node:crypto';
import express, { type Express } from 'express';
import helmet from 'helmet';
import { routes, type SurveyId } from '@study/contracts';

/** A request id the stub takes over from the caller; anything else gets a new one, as a service does. */
const REQUEST_ID = /^[A-Za-z0-9_-]{8,64}$/;

/** A survey in progress, the size of a real one early on (the answers are placeholders, not the contract's shape). */
interface StubSurvey {
  id: SurveyId;
  status: 'in-progress';
  index: number;
  answers: number[];
}

/** The stub's answer to POST /api/user: the participant view's fields, of about the same size. */
export interface StubUserView {
  access: { pgId: string; consent: boolean; dataReady: boolean; snpFileUploaded: boolean };
  selfAssessment: StubSurvey;
  nardi: StubSurvey;
  mbti: StubSurvey;
  typeFinder: StubSurvey;
  finalScore: null;
  finalReport: null;
}

const survey = (id: SurveyId): StubSurvey => ({ id, status: 'in-progress', index: 3, answers: [1, 2, 3] });

/** What the stub answers for a request body: the study ID it names, or 'unknown'. */
export function stubUserView(body: unknown): StubUserView {
  const pgId = typeof body === 'object' && body !== null && 'pgId' in body && typeof body.pgId === 'string' ? body.pgId : 'unknown';
  return {
    access: { pgId, consent: true, dataReady: false, snpFileUploaded: true },
    selfAssessment: survey('selfAssessment'),
    nardi: survey('nardi'),
    mbti: survey('mbti'),
    typeFinder: survey('typeFinder'),
    finalScore: null,
    finalReport: null,
  };
}

export function createUpstreamStub(): Express {
  const app = express();
  app.disable('x-powered-by');
  app.use((req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const requestId = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('x-request-id', requestId);
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      // What a service writes per request; discarded here so the terminal stays readable.
      JSON.stringify({ level: 'info', service: 'stub', requestId, method: req.method, status: res.statusCode, durationMs: Number(process.hrtime.bigint() - started) / 1e6 });
    });
    next();
  });
  app.use(helmet());
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', service: 'stub' });
  });
  app.use(express.json({ limit: '100kb' }));
  app.post(routes.user.path, (req, res) => {
    res.json(stubUserView(req.body));
  });
  return app;
}
