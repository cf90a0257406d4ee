// One participant of the study as the fault tests play them, over the real HTTP API through the
// gateway, making the calls the screens make in the order they make them. Everything a fault
// test needs to know about the calls is here: which answers a participant's client retries, how,
// and what counts as a failure. When the HTTP answers change, this is the one file to adapt.
//
// The screens learn of results from the participant's result stream (GET /api/user/events/{pgId},
// Server-Sent Events) and ask a result's owner only once the stream shows it (mf-nardi nardi-api.ts,
// mf-dashboard finish-survey.ts): on a stream that delivers they wait up to a minute, on one that
// does not (no message, or dropped) RESULT_STREAM_WAIT_MS, then ask anyway.
// The client does the same, over a stream of its own that reconnects a dropped connection as a
// browser's EventSource does. Every call names its route (@study/contracts routes) and is sent to
// the route's address (@study/api-client apiPath) with the route's method; the client keeps its
// own sending (not callApi) because the policy below reads each answer's status, headers and body.
//
// The client's policy, per call:
// - 2xx: done.
// - 503 with Retry-After: wait that many seconds and send the same request again (the answer
//   says nothing was stored, or the resend is a no-op). Counted, not a failure. The same for the
//   stream's own request.
// - 409 "not ready yet" (NARDI_NOT_SCORED, NARDI_NOT_FINAL) on the Nardi reads: the screen asked
//   because the stream showed the result, or because it waited RESULT_STREAM_WAIT_MS in vain;
//   either way it shows the participant an error: one failure ('not-ready'), then wait for the
//   stream again and ask again (as a participant pressing retry would), so that what happens next
//   is still seen.
// - POST /api/user/survey/final 404/409: the dashboard ignores it (it keeps listening to the stream).
// - 409 SURVEY_CLOSED on a save resent after an unclear answer (a 503 or no answer): the first
//   attempt went through; done, as the Nardi screen treats it.
// - Anything else is a failure: any 500, 502, 504, a 503 without Retry-After, no answer at all,
//   an unexpected 4xx. A 5xx or no answer is sent again after a second (a participant trying
//   again); an unexpected 4xx ends the participant's flow.
// - A result the stream never shows (by the run's deadline) is lost (fault-lab.ts counts it).
// - GET /api/authorization: its 302 is the answer (the browser would follow it to Open Humans).
import { randomBytes } from 'node:crypto';
import { apiPath, type CallInput } from '@study/api-client';
import { ErrorCodes, RESULTS_EVENT, routes, type ApiRoute, type ParticipantResults, type PathParamsOf, type ResponseBodyOf } from '@study/contracts';
import { partFourOffers, partThreeOffers, partTwoOffers, TYPE_CODES } from '@study/personality';
import { approveAsMember } from '@study/standin-open-humans';
import { SessionJar } from './session-jar';

export interface StudyOrigins {
  /** The gateway: the study's one origin. */
  url: string;
  typeFinderWidgetUrl: string;
}

export interface Failure {
  pgId: string;
  route: string;
  kind: 'http' | 'no-answer' | 'not-ready' | 'flow';
  status?: number;
  code?: string;
  detail: string;
  /** ms since the run's clock started. */
  at: number;
}

export interface CallStats {
  requests: number;
  /** 503 answers with Retry-After, each followed by a resend. */
  retried503: number;
  /** "Not ready yet" answers per route (409 on the Nardi reads; 404/409 on survey/final). */
  notReady: Record<string, number>;
  /** Waits on the result stream that ended without the result (the screen then asks anyway). */
  streamWaitsTimedOut: number;
  /** Result stream connections opened again after a drop (as EventSource does). */
  streamReconnects: number;
  /** Resends answered SURVEY_CLOSED: an earlier attempt had been stored. */
  closedOnResend: number;
  failures: Failure[];
}

export class FlowAborted extends Error {
  override name = 'FlowAborted';
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
/** How long a screen waits for the result stream before asking anyway (mf-nardi RESULT_STREAM_WAIT_MS, mf-dashboard FINAL_SCORE_STREAM_WAIT_MS). */
export const RESULT_STREAM_WAIT_MS = 10_000;
/** How long a screen keeps waiting on a stream that delivers (@study/client-state LIVE_STREAM_WAIT_MS). */
const LIVE_STREAM_WAIT_MS = 60_000;
/** EventSource's wait before reconnecting when the server named none (it names RECONNECT_MS in its `retry:` line). */
const DEFAULT_RECONNECT_MS = 2_000;
const NOT_READY_CODES = new Set<string>([ErrorCodes.NARDI_NOT_SCORED, ErrorCodes.NARDI_NOT_FINAL]);
const REQUEST_TIMEOUT_MS = 70_000;
/** The study's cookie holding an authorization request this browser started (state and PKCE verifier). */
const AUTHORIZATION_COOKIE = 'study_authorization';

/**
 * 'owner-read': a Nardi read asked for once the stream showed it (a 409 is answered to the caller, counted as a failure).
 * 'redirect': a 302 is the answer, not followed (GET /api/authorization).
 */
type Tolerance = 'none' | 'owner-read' | 'dashboard-final' | 'redirect';

interface Answer {
  status: number;
  headers: Headers;
  body: Buffer;
  json?: unknown;
}

/** The HTTP side of a set of participants: the retry policy above, with its counts. */
export class StudyClient {
  /** Each participant's session, as their browser would hold it. */
  readonly sessions = new SessionJar();
  readonly stats: CallStats = { requests: 0, retried503: 0, notReady: {}, streamWaitsTimedOut: 0, streamReconnects: 0, closedOnResend: 0, failures: [] };
  private settings: { studyEmailHost: string } | undefined;
  private agreement: { versionId: string; adult: true } | undefined;

  constructor(
    readonly origins: StudyOrigins,
    /** Nothing is sent after this time (ms since epoch); a call still retrying then throws. */
    readonly deadline: number,
    readonly clockStart = Date.now(),
  ) {}

  failure(f: Omit<Failure, 'at'>): void {
    this.stats.failures.push({ ...f, at: Date.now() - this.clockStart });
  }

  private async send(method: ApiRoute['method'], address: string, body: unknown, pgId: string, redirect: RequestRedirect, cookie: string | undefined): Promise<Answer | Error> {
    this.stats.requests += 1;
    try {
      const cookies = [this.sessions.headersFor(pgId).cookie, cookie].filter(Boolean).join('; ');
      const session: Record<string, string> = cookies ? { cookie: cookies } : {};
      const res = await fetch(`${this.origins.url}${address}`, {
        method,
        headers: body === undefined ? { accept: '*/*', ...session } : { 'content-type': 'application/json', accept: 'application/json', ...session },
        body: body === undefined ? undefined : JSON.stringify(body),
        redirect,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const bytes = Buffer.from(await res.arrayBuffer());
      let json: unknown;
      if ((res.headers.get('content-type') ?? '').includes('json')) {
        try {
          json = JSON.parse(bytes.toString('utf8'));
        } catch {
          json = undefined;
        }
      }
      this.sessions.keep(res, (json as { pgId?: unknown } | undefined)?.pgId);
      return { status: res.status, headers: res.headers, body: bytes, json };
    } catch (err) {
      return err as Error;
    }
  }

  /**
   * One call under the policy above; answers the 2xx body (JSON or bytes), or null when tolerated as "not ready".
   * `cookie` is sent too, besides the participant's session (the authorization cookie, for POST /api/consent).
   */
  async call<R extends ApiRoute>(pgId: string, route: R, input: CallInput<R>, tolerance: Tolerance = 'none', cookie?: string): Promise<Answer | null> {
    const { method, path: label } = route;
    const address = apiPath(route, (input as { params?: PathParamsOf<R> }).params, input.query);
    let unclear = false;
    for (;;) {
      if (Date.now() > this.deadline) throw new FlowAborted(`${label} for ${pgId}: still not answered when the run's deadline passed`);
      const answer = await this.send(method, address, input.body, pgId, tolerance === 'redirect' ? 'manual' : 'follow', cookie);
      if (answer instanceof Error) {
        this.failure({ pgId, route: label, kind: 'no-answer', detail: answer.message });
        unclear = true;
        await sleep(1_000);
        continue;
      }
      const { status, headers, json } = answer;
      const code = (json as { code?: string } | undefined)?.code;
      const message = (json as { error?: string } | undefined)?.error ?? answer.body.toString('utf8').slice(0, 200);
      if ((status >= 200 && status < 300) || (tolerance === 'redirect' && status === 302)) return answer;
      const retryAfter = headers.get('retry-after');
      if (status === 503 && retryAfter !== null && /^\d+$/.test(retryAfter)) {
        this.stats.retried503 += 1;
        unclear = true;
        await sleep(Number(retryAfter) * 1_000);
        continue;
      }
      if (tolerance === 'owner-read' && status === 409 && code !== undefined && NOT_READY_CODES.has(code)) {
        this.stats.notReady[label] = (this.stats.notReady[label] ?? 0) + 1;
        this.failure({ pgId, route: label, kind: 'not-ready', status, code, detail: `the screen was shown ${code}: ${message}` });
        return null;
      }
      if (tolerance === 'dashboard-final' && (status === 404 || status === 409)) {
        this.stats.notReady[label] = (this.stats.notReady[label] ?? 0) + 1;
        return null;
      }
      if (unclear && status === 409 && code === ErrorCodes.SURVEY_CLOSED) {
        this.stats.closedOnResend += 1;
        return answer;
      }
      this.failure({ pgId, route: label, kind: 'http', status, code, detail: `${method} answered ${status}${retryAfter === null ? '' : ` (Retry-After ${retryAfter})`}: ${message}` });
      if (status >= 500) {
        unclear = true;
        await sleep(1_000);
        continue;
      }
      throw new FlowAborted(`${label} for ${pgId} answered ${status} ${code ?? ''}: ${message}`);
    }
  }

  /** A JSON call under the policy above: its answer as the route says it is (not checked here), or null when tolerated as "not ready". */
  async postJson<R extends ApiRoute>(pgId: string, route: R, input: CallInput<R>, tolerance: Tolerance = 'none', cookie?: string): Promise<ResponseBodyOf<R> | null> {
    const answer = await this.call(pgId, route, input, tolerance, cookie);
    return answer === null ? null : (answer.json as ResponseBodyOf<R>);
  }

  /**
   * The participant's result stream, as the screens' EventSource: each results message goes to
   * `onResults` until the answered function is called. A dropped connection is opened again
   * after the server's `retry:` wait; the stream's request follows the policy above (a 503 with
   * Retry-After is waited out, another error answer is a failure and is tried again a second later).
   */
  subscribeResults(pgId: string, onResults: (results: ParticipantResults) => void, onDropped: () => void = () => undefined): () => void {
    const abort = new AbortController();
    const route = routes.resultsStream.path;
    void (async () => {
      let reconnectMs = DEFAULT_RECONNECT_MS;
      let first = true;
      while (!abort.signal.aborted && Date.now() < this.deadline) {
        if (!first) this.stats.streamReconnects += 1;
        first = false;
        this.stats.requests += 1;
        let wait = reconnectMs;
        try {
          const res = await fetch(`${this.origins.url}${apiPath(routes.resultsStream, { pgId })}`, { headers: { accept: 'text/event-stream', ...this.sessions.headersFor(pgId) }, signal: abort.signal });
          const retryAfter = res.headers.get('retry-after');
          if (res.status === 503 && retryAfter !== null && /^\d+$/.test(retryAfter)) {
            this.stats.retried503 += 1;
            wait = Number(retryAfter) * 1_000;
            await res.body?.cancel();
          } else if (res.status !== 200 || !res.body) {
            const text = (await res.text()).slice(0, 200);
            this.failure({ pgId, route, kind: 'http', status: res.status, detail: `GET answered ${res.status}${retryAfter === null ? '' : ` (Retry-After ${retryAfter})`}: ${text}` });
            wait = 1_000;
          } else {
            const decoder = new TextDecoder();
            let buffer = '';
            for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
              buffer += decoder.decode(chunk, { stream: true }).replace(/\r\n?/g, '\n');
              let end: number;
              while ((end = buffer.indexOf('\n\n')) >= 0) {
                const block = buffer.slice(0, end);
                buffer = buffer.slice(end + 2);
                let event = 'message';
                const data: string[] = [];
                for (const line of block.split('\n')) {
                  const colon = line.indexOf(':');
                  if (colon === 0) continue;
                  const field = colon < 0 ? line : line.slice(0, colon);
                  const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
                  if (field === 'event') event = value;
                  else if (field === 'data') data.push(value);
                  else if (field === 'retry' && /^\d+$/.test(value)) reconnectMs = Number(value);
                }
                if (event === RESULTS_EVENT && data.length > 0 && !abort.signal.aborted) onResults(JSON.parse(data.join('\n')) as ParticipantResults);
              }
            }
            wait = reconnectMs;
          }
        } catch {
          if (abort.signal.aborted) return;
          // A dropped connection: EventSource opens it again by itself (no failure the screen shows).
        }
        if (abort.signal.aborted) return;
        onDropped();
        await sleep(wait);
      }
    })();
    return () => abort.abort();
  }

  /**
   * The first results for which `ready` holds, or null when the stream cannot deliver, as
   * @study/client-state waitForResults: after `timeoutMs` without a message (or since it dropped),
   * or after LIVE_STREAM_WAIT_MS in all.
   */
  waitForResults(pgId: string, ready: (results: ParticipantResults) => boolean, timeoutMs: number, liveTimeoutMs = Math.max(timeoutMs, LIVE_STREAM_WAIT_MS)): Promise<ParticipantResults | null> {
    return new Promise((resolve) => {
      let stop: () => void = () => undefined;
      let timer: NodeJS.Timeout | undefined;
      const endsAt = Math.min(Date.now() + liveTimeoutMs, this.deadline);
      let done = false;
      const finish = (results: ParticipantResults | null) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        stop();
        if (results === null) this.stats.streamWaitsTimedOut += 1;
        resolve(results);
      };
      const waitAtMost = (ms: number) => {
        clearTimeout(timer);
        timer = setTimeout(() => finish(null), Math.max(0, Math.min(ms, endsAt - Date.now())));
      };
      let live = false;
      waitAtMost(timeoutMs);
      stop = this.subscribeResults(
        pgId,
        (results) => {
          if (ready(results)) return finish(results);
          if (!live) waitAtMost(liveTimeoutMs);
          live = true;
        },
        () => {
          if (!live) return;
          live = false;
          waitAtMost(timeoutMs);
        },
      );
    });
  }

  /**
   * A Nardi read as the screen makes it: once the stream shows the result (or after the screen's
   * wait), asked of the owner. A 409 the screen would show is a failure; the participant tries
   * again (the stream waited for again) until the run's deadline.
   */
  async readOnceShown<R extends typeof routes.nardiScores | typeof routes.nardiFinal>(pgId: string, route: R, shown: (results: ParticipantResults) => boolean): Promise<ResponseBodyOf<R>> {
    for (;;) {
      if (Date.now() > this.deadline) throw new FlowAborted(`${route.path} for ${pgId}: the result never came before the run's deadline`);
      await this.waitForResults(pgId, shown, RESULT_STREAM_WAIT_MS);
      const answer = await this.postJson(pgId, route, { body: { pgId } } as CallInput<R>, 'owner-read');
      if (answer !== null) return answer;
    }
  }

  /** GET /api/settings: the study email's host. */
  async studySettings(): Promise<{ studyEmailHost: string }> {
    if (!this.settings) {
      const answer = await this.call('-', routes.settings, {});
      this.settings = answer?.json as { studyEmailHost: string };
    }
    return this.settings;
  }

  /**
   * GET /api/authorization?state=...: the consent page's start of the Open Humans authorization in
   * the participant's browser. Answers the authorize page it redirects to (with the PKCE challenge)
   * and the Cookie header of the request it keeps (state and verifier), which POST /api/consent needs.
   */
  async startAuthorization(label: string, state: string): Promise<{ authorizeUrl: string; cookie: string }> {
    const answer = await this.call(label, routes.startAuthorization, { query: { state } }, 'redirect');
    const authorizeUrl = answer?.headers.get('location');
    const cookie = answer?.headers.getSetCookie().find((line) => line.startsWith(`${AUTHORIZATION_COOKIE}=`));
    if (!authorizeUrl || !cookie) throw new FlowAborted(`GET /api/authorization for ${label} answered no authorize page or no ${AUTHORIZATION_COOKIE} cookie`);
    return { authorizeUrl, cookie: cookie.split(';')[0] as string };
  }

  /** What the consent page sends with the code: the consent version it showed (GET /api/consent/text) and the 18+ certification. */
  async consentAgreement(): Promise<{ versionId: string; adult: true }> {
    if (!this.agreement) {
      const answer = await this.call('-', routes.consentText, {});
      this.agreement = { versionId: (answer?.json as { versionId: string }).versionId, adult: true };
    }
    return this.agreement;
  }
}

/** A participant who has consented, done TypeFinder and Nardi parts one to three: finishing is what is left. */
export interface ReadyParticipant {
  pgId: string;
  /** Their self-assessment type (fully sure, so the final type: domain.md section 5). */
  selfAssessmentType: string;
  selectedTypeCode: string;
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
 * Consent through the Open Humans stand-in: the authorization started at the study (GET
 * /api/authorization with a fresh state), its authorization form posted as a browser posts it
 * (the request's parameters, PKCE challenge included, as hidden fields), then POST /api/consent
 * with the code and state, from the browser holding the authorization cookie.
 */
async function consent(client: StudyClient, member: string): Promise<string> {
  const label = `member ${member}`;
  const state = randomBytes(16).toString('hex');
  const { authorizeUrl, cookie } = await client.startAuthorization(label, state);
  const code = await approveAsMember(authorizeUrl, member).then(
    (approved) => approved.code,
    (error: unknown) => {
      throw new FlowAborted(error instanceof Error ? error.message : String(error));
    },
  );
  const answer = await client.postJson(label, routes.consent, { body: { code, state, ...(await client.consentAgreement()) } }, 'none', cookie);
  if (!answer) throw new FlowAborted('no pgId from /api/consent');
  return answer.pgId;
}

/** The TypeFinder stand-in's widget signs and posts the result to the study; then the dashboard claims it. */
async function typeFinder(client: StudyClient, pgId: string, typeCode: string): Promise<void> {
  const [energy, information, decisions, lifestyle] = typeCode.split('');
  const { studyEmailHost } = await client.studySettings();
  // The widget posts the signed result to the study's webhook and says whether it was taken. A
  // refusal ('Results not sent') is a failure the participant sees; they take the quiz again.
  for (;;) {
    if (Date.now() > client.deadline) throw new FlowAborted(`the TypeFinder result for ${pgId} was never taken`);
    const res = await fetch(client.origins.typeFinderWidgetUrl, {
      method: 'POST',
      body: new URLSearchParams({ email: `${pgId}@${studyEmailHost}`, energy: energy!, information: information!, decisions: decisions!, lifestyle: lifestyle! }),
    });
    if (res.ok) break;
    const text = (await res.text()).replace(/\s+/g, ' ');
    client.failure({ pgId, route: `TypeFinder widget -> ${routes.typeFinderWebhook.path}`, kind: 'http', status: res.status, detail: `the widget answered ${res.status}: ${text.slice(0, 150)}` });
    await sleep(1_000);
  }
  await client.postJson(pgId, routes.claimTypeFinderResult, { body: { pgId } });
}

/**
 * Everything before the finish: consent, TypeFinder, Nardi part one (25 answers), the scores,
 * parts two and three. `i` varies the answers and the types from one participant to the next.
 */
export async function prepareParticipant(client: StudyClient, i: number): Promise<ReadyParticipant> {
  const member = String(10_000_000 + Math.floor(Math.random() * 89_999_999));
  const pgId = await consent(client, member);
  await typeFinder(client, pgId, TYPE_CODES[(i * 5) % TYPE_CODES.length]!);
  const answers = Array.from({ length: 25 }, (_, q) => ({ id: q + 1, value: (q + i) % 3 === 0 ? 'B' : 'A' }));
  await client.postJson(pgId, routes.saveSurvey, { body: { pgId, survey: { id: 'nardi', status: 'part-one', index: 24, answers } } });
  const scores = await client.readOnceShown(pgId, routes.nardiScores, ({ nardi }) => nardi.scored);
  const selectedTemperament = partTwoOffers(scores.temperaments)[0]?.code;
  await client.postJson(pgId, routes.updateSurveys, { body: { pgId, update: { nardi: { status: 'part-two', selectedTemperament } } } });
  const selectedFP = partThreeOffers(scores.functionalPairs, selectedTemperament)[0]?.code;
  await client.postJson(pgId, routes.updateSurveys, { body: { pgId, update: { nardi: { status: 'part-three', selectedFP } } } });
  const selectedTypeCode = partFourOffers(scores.typeCodes, selectedFP)[0]?.code;
  if (!selectedTypeCode) throw new FlowAborted('Nardi part four offered no type');
  return { pgId, selectedTypeCode, selfAssessmentType: TYPE_CODES[(i * 7 + 3) % TYPE_CODES.length]! };
}

/**
 * The finish, as the screens call it: Nardi part four (the survey completed), the Nardi type
 * (POST /api/user/nardi/final) and the participant reloaded, then the self-assessment saved
 * completed, the final score asked for (POST /api/user/survey/final) and the dashboard loaded.
 */
export async function finishParticipant(client: StudyClient, p: ReadyParticipant): Promise<Finished> {
  const startedAt = Date.now() - client.clockStart;
  const finished: Finished = { pgId: p.pgId, expectedType: p.selfAssessmentType, startedAt, endedAt: startedAt };
  const { pgId } = p;
  try {
    await client.postJson(pgId, routes.updateSurveys, { body: { pgId, update: { nardi: { status: 'completed', selectedTypeCode: p.selectedTypeCode } } } });
    await client.readOnceShown(pgId, routes.nardiFinal, ({ nardi }) => nardi.result !== null);
    await client.postJson(pgId, routes.user, { body: { pgId } });
    const answers = [
      { id: 'personalityType', value: p.selfAssessmentType.toLowerCase() },
      { id: 'typeSource', value: ['Read'] },
      { id: 'confidence', value: '100%' },
      { id: 'experience', value: 'Beginner' },
    ];
    await client.postJson(pgId, routes.saveSurvey, {
      body: { pgId, survey: { id: 'selfAssessment', status: 'completed', index: 4, answers, typeCode: p.selfAssessmentType } },
    });
    // The self-assessment screen waits for the stream to show the final type, then asks for it (mf-dashboard finish-survey.ts).
    await client.waitForResults(pgId, (results) => results.finalScore !== null, RESULT_STREAM_WAIT_MS);
    await client.postJson(pgId, routes.finalScore, { body: { pgId } }, 'dashboard-final');
    await client.postJson(pgId, routes.user, { body: { pgId } });
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
    const view = await client.postJson(pgId, routes.user, { body: { pgId } });
    outcome.finalType = view?.finalScore?.typeCode ?? null;
    outcome.reportListed = Boolean(view?.finalReport);
    if (!outcome.finalType || !outcome.reportListed) {
      const results = await client.waitForResults(pgId, (r) => r.finalScore !== null && r.finalReport !== null, client.deadline - Date.now());
      if (!results) return outcome;
      outcome.finalType = results.finalScore?.typeCode ?? null;
      outcome.reportListed = Boolean(results.finalReport);
    }
    outcome.settledAt = Date.now() - client.clockStart;
    const report = await client.call(pgId, routes.finalReportPdf, { params: { pgId } });
    outcome.pdf = report?.body ?? null;
  } catch (err) {
    if (!(err instanceof FlowAborted)) throw err;
  }
  return outcome;
}
