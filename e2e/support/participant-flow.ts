// One participant of the study as the fault tests play them, over the real HTTP API through the
// gateway, with @study/participant-client under the screens' policy (its client.ts says which
// answers a participant's client retries, how, and what counts as a failure): the journey's steps
// split where the fault runs split them. Preparing comes before the burst (consent, TypeFinder,
// Nardi parts one to three); the finish is what the burst measures; the outcome is what the
// dashboard shows afterwards.
import { answerNardi, answerNardiPartFour, completeSelfAssessment, FlowAborted, finalReport, finalType, join, nardiType, ParticipantClient, participantView, takeTypeFinder, type CallStats, type Failure } from '@study/participant-client';
import { TYPE_CODES, type TypeCode } from '@study/personality';

export { FlowAborted, type CallStats, type Failure };

export interface StudyOrigins {
  /** The gateway: the study's one origin. */
  url: string;
  typeFinderWidgetUrl: string;
}

/** The participants' browsers under the screens' policy, counting what they meet (stats) until `deadline` (ms since epoch). */
export class StudyClient extends ParticipantClient {
  constructor(origins: StudyOrigins, deadline: number, clockStart = Date.now()) {
    super({ baseUrl: origins.url, typeFinderWidgetUrl: origins.typeFinderWidgetUrl, retry: { kind: 'screens', deadline }, clockStart });
  }
}

/** A participant who has consented, done TypeFinder and Nardi parts one to three: finishing is what is left. */
export interface ReadyParticipant {
  pgId: string;
  /** Their self-assessment type (fully sure, so the final type: domain.md section 5). */
  selfAssessmentType: string;
  selectedTypeCode: TypeCode;
}

/** What a participant's finish made of them, as the test saw it. */
export interface Finished {
  pgId: string;
  expectedType: string;
  /** ms since the run's clock started: the first and the last call of the finish. */
  startedAt: number;
  endedAt: number;
  aborted?: string;
}

/**
 * Everything before the finish: consent, TypeFinder, Nardi part one (25 answers), the scores,
 * parts two and three. `i` varies the answers and the types from one participant to the next.
 */
export async function prepareParticipant(client: StudyClient, i: number): Promise<ReadyParticipant> {
  const { pgId } = await join(client);
  await takeTypeFinder(client, pgId, TYPE_CODES[(i * 5) % TYPE_CODES.length]!);
  const { selectedTypeCode } = await answerNardi(client, pgId, { variant: i, through: 'part-three' });
  return { pgId, selectedTypeCode, selfAssessmentType: TYPE_CODES[(i * 7 + 3) % TYPE_CODES.length]! };
}

/**
 * The finish, as the screens call it: Nardi part four (the survey completed), the Nardi type
 * (POST /api/user/nardi/final) and the participant reloaded, then the self-assessment saved
 * completed, the final score asked for once the stream shows it (POST /api/user/survey/final)
 * and the dashboard loaded.
 */
export async function finishParticipant(client: StudyClient, p: ReadyParticipant): Promise<Finished> {
  const startedAt = Date.now() - client.clockStart;
  const finished: Finished = { pgId: p.pgId, expectedType: p.selfAssessmentType, startedAt, endedAt: startedAt };
  const { pgId } = p;
  try {
    await answerNardiPartFour(client, pgId, p.selectedTypeCode);
    await nardiType(client, pgId);
    await participantView(client, pgId);
    await completeSelfAssessment(client, pgId, p.selfAssessmentType);
    await finalType(client, pgId);
    await participantView(client, pgId);
  } catch (err) {
    finished.aborted = (err as Error).message;
    client.failure({ pgId, route: '(finish)', kind: 'flow', detail: finished.aborted });
  }
  finished.endedAt = Date.now() - client.clockStart;
  return finished;
}

export interface Outcome {
  pgId: string;
  finalType: string | null;
  reportListed: boolean;
  /** The bytes of GET /api/user/report/{pgId}, once the dashboard lists the report. */
  pdf: Buffer | null;
  /** ms since the run's clock started when the dashboard first showed both. */
  settledAt: number | null;
}

/**
 * The dashboard: loads the participant (POST /api/user) and listens to the result stream until
 * it shows a final type and the report, as the dashboard's card does (no polling), then
 * downloads the PDF. Gives up at the client's deadline.
 */
export async function awaitOutcome(client: StudyClient, pgId: string): Promise<Outcome> {
  const outcome: Outcome = { pgId, finalType: null, reportListed: false, pdf: null, settledAt: null };
  try {
    const view = await participantView(client, pgId);
    outcome.finalType = view?.finalScore?.typeCode ?? null;
    outcome.reportListed = Boolean(view?.finalReport);
    if (!outcome.finalType || !outcome.reportListed) {
      const results = await client.waitForResults(pgId, (r) => r.finalScore !== null && r.finalReport !== null, client.deadline - Date.now());
      if (!results) return outcome;
      outcome.finalType = results.finalScore?.typeCode ?? null;
      outcome.reportListed = Boolean(results.finalReport);
    }
    outcome.settledAt = Date.now() - client.clockStart;
    outcome.pdf = await finalReport(client, pgId, { wait: false }).catch(() => null);
  } catch (err) {
    if (!(err instanceof FlowAborted)) throw err;
  }
  return outcome;
}
