import { createHash } from 'node:crypto';
import { MongoClient } from 'mongodb';
import request from 'supertest';
import {
  consentResponseSchema,
  errorBodySchema,
  EventTypes,
  initialSurveyState,
  settingsSchema,
  userViewSchema,
  type CloudEventEnvelope,
} from '@study/contracts';
import { consumerTopology } from '@study/event-bus';
import { isV4Uuid } from '@study/personality';
import { memoryLogger, probeQueue, serviceDocumentsOf, serviceTestEnv, waitFor, writeAsService, type ProbeQueue } from '@study/service-kit/testing';
import { createOpenHumansStandin, loadConfig as loadStandinConfig, SIGNATURE_HEADER, signBody, type OpenHumansStandin } from '@study/standin-open-humans';
import { connect as amqpConnect } from 'amqplib';
import { participantsDeps, start, type RunningParticipants } from './app';
import { loadParticipantsConfig, type ParticipantsConfig } from './config';
import { participantsTestEnv } from './test-support/participants-test-config';
import { MEMBER_LINKS_COLLECTION } from './data-access/member-links-repository';
import { PARTICIPANTS_COLLECTION, type ParticipantDocument } from './data-access/participants-repository';
import { openHumansAccessToken, refreshGenotypeStatus } from './domain/open-humans-access';
import { participantLockKey } from './data-access/participant-documents';
import { authorizeThroughStudy, newState, startAuthorization, type AuthorizeOptions, type StudyAuthorization } from './test-support/open-humans-browser';
import { freePort } from '@study/test-infra';
import { startSiblingService, type SiblingService } from './test-support/sibling-services';
import { consentAgreement, postConsent } from './test-support/consent-agreement';
import { readAuthorizationRequest, readSession } from '@study/participant-session';

const CLIENT_ID = 'study-client';
const CLIENT_SECRET = 'study-secret-123';
const REDIRECT_URI = 'http://127.0.0.1:8080/return';
const WEBHOOK_SECRET = 'hook-secret-for-tests';
const STUDY_EMAIL_HOST = 'study.example.org';
const FITBIT = 'direct-sharing-138';
const TWENTY_THREE_AND_ME = 'direct-sharing-128';

type Svc = RunningParticipants;

/** Reads events from a probe queue until one of this type and subject arrives (others are skipped). */
async function nextEvent(probe: ProbeQueue, type: string, subject: string): Promise<CloudEventEnvelope> {
  return waitFor(async () => {
    const event = (await probe.next(10_000)) as CloudEventEnvelope;
    return event.type === type && event.subject === subject ? event : undefined;
  }, `a ${type} event for ${subject}`, 20_000);
}

async function settingsOf(svc: Svc) {
  return settingsSchema.parse((await request(svc.url).get('/api/settings').expect(200)).body);
}

async function authorize(svc: Svc, options: AuthorizeOptions = {}) {
  return authorizeThroughStudy(svc.url, options);
}

/** POST /api/session as /return sends it when the participant came back to confirm who they are. */
function postSession(svc: Svc, authorization: Pick<StudyAuthorization, 'code' | 'state' | 'cookie'>) {
  return request(svc.url).post('/api/session').set('cookie', authorization.cookie).send({ code: authorization.code, state: authorization.state });
}

/** The whole visitor flow: authorize through the study on Open Humans, then POST the code to /api/consent. */
async function consent(svc: Svc, options: AuthorizeOptions = {}) {
  const authorization = await authorize(svc, options);
  const res = await postConsent(svc.url, authorization, await consentAgreement(svc.url));
  if (res.status !== 200) throw new Error(`POST /api/consent answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { memberId: authorization.memberId, code: authorization.code, pgId: consentResponseSchema.parse(res.body).pgId };
}

async function userView(svc: Svc, pgId: string) {
  return userViewSchema.parse((await request(svc.url).post('/api/user').send({ pgId }).expect(200)).body);
}

function participantsOf(svc: Svc) {
  return svc.ctx.db.collection<ParticipantDocument>(PARTICIPANTS_COLLECTION);
}

/** Everything stored in the participants' and links' collections, to show a refused request changed nothing (bar the outbox and the admin rows' mark, which run on their own). */
async function snapshot(svc: Svc) {
  const participants = await participantsOf(svc).find({}, { projection: { outbox: 0, outboxPending: 0, adminRowStale: 0 } }).sort({ _id: 1 }).toArray();
  const links = await svc.ctx.db.collection(MEMBER_LINKS_COLLECTION).find({}).sort({ _id: 1 }).toArray();
  return JSON.stringify({ participants, links });
}

/** Sets the files in a member's Open Humans account (the stand-in's test control). */
async function setMemberFiles(ohUrl: string, memberId: string, files: { source: string; basename?: string }[], sourcesShared: string[]) {
  const res = await fetch(`${ohUrl}/_standin/members/${memberId}/files`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ files, sources_shared: sourcesShared }),
  });
  if (!res.ok) throw new Error(`setting files answered ${res.status}: ${await res.text()}`);
}

/** The member leaves the project on Open Humans, which calls the study's webhook. */
async function leaveOnOpenHumans(ohUrl: string, memberId: string, erasureRequested: boolean) {
  const res = await fetch(`${ohUrl}/_standin/members/${memberId}/deauthorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ erasure_requested: erasureRequested }),
  });
  const body = (await res.json()) as { webhook: { status: number; body: string } | null; error?: string };
  if (!res.ok || !body.webhook) throw new Error(`leaving answered ${res.status}: ${JSON.stringify(body)}`);
  return { status: body.webhook.status, body: JSON.parse(body.webhook.body) as unknown };
}

/** Posts a deauthorization notice signed as Open Humans would; `null` sends no signature. */
function signedWebhook(svc: Svc, rawBody: string, signature: string | null = signBody(rawBody, WEBHOOK_SECRET)) {
  const req = request(svc.url).post('/api/openhumans/deauthorize').set('content-type', 'application/json');
  if (signature !== null) req.set(SIGNATURE_HEADER, signature);
  return req.send(rawBody);
}

function participantsEnv(base: Record<string, string>, ohUrl: string, overrides: Record<string, string> = {}): Record<string, string> {
  return participantsTestEnv(base, {
    OH_BASE_URL: ohUrl,
    OH_CLIENT_ID: CLIENT_ID,
    OH_CLIENT_SECRET: CLIENT_SECRET,
    OH_REDIRECT_URI: REDIRECT_URI,
    OH_WEBHOOK_SECRET: WEBHOOK_SECRET,
    // The session tests read cookies back with this secret.
    PARTICIPANT_SESSION_SECRET: 'participant-session-secret-for-tests-0123',
    STUDY_EMAIL_HOST,
    ...overrides,
  });
}

describe('A visitor becomes a participant (svc-participants with the Open Humans stand-in)', () => {
  const testEnv = serviceTestEnv('participants-consent');
  const { logger, lines } = memoryLogger('debug', 'svc-participants');
  let standin: OpenHumansStandin;
  let ohUrl: string;
  let config: ParticipantsConfig;
  let svc: Svc;
  let probe: ProbeQueue;

  beforeAll(async () => {
    // The stand-in calls the study's webhook, so the study's address is chosen first.
    const port = await freePort();
    standin = createOpenHumansStandin(
      loadStandinConfig({
        PORT: '0',
        CLIENT_ID,
        CLIENT_SECRET,
        REDIRECT_URI,
        DEAUTH_WEBHOOK_URL: `http://127.0.0.1:${port}/api/openhumans/deauthorize`,
        WEBHOOK_SECRET,
        PAGE_SIZE: '2',
      }),
    );
    ohUrl = (await standin.start()).url;
    config = loadParticipantsConfig(participantsEnv(testEnv.env, ohUrl, { PORT: String(port) }));
    svc = await start(config, { logger });
    probe = await probeQueue(config.AMQP_URL, config.EVENTS_EXCHANGE, 'participants.#');
  });

  afterAll(async () => {
    await probe?.close();
    await svc?.stop();
    await standin?.stop();
    await testEnv.cleanup();
  });

  describe('GET /api/settings', () => {
    it('answers the reset flag, the study email host and the TypeFinder widget', async () => {
      const settings = await settingsOf(svc);
      expect(settings).toEqual({
        resetSurveysEnabled: false,
        studyEmailHost: STUDY_EMAIL_HOST,
        typeFinderWidgetUrl: 'http://127.0.0.1:4202/widget',
      });
    });
  });

  describe("the participant's session", () => {
    const SECRET = 'participant-session-secret-for-tests-0123';
    const sessionOf = (res: request.Response) => {
      const lines = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
      const line = lines.find((l) => l.startsWith('study_session='));
      return { line, session: line ? readSession(SECRET, line.split(';')[0], new Date()) : undefined };
    };

    it('begins when the participant consents: an HttpOnly, SameSite=Strict cookie for their study ID, Secure behind https', async () => {
      const res = await postConsent(svc.url, await authorize(svc), await consentAgreement(svc.url)).expect(200);
      const { line, session } = sessionOf(res);
      expect(line).toMatch(/; HttpOnly; SameSite=Strict$/);
      expect(session?.pgId).toBe(res.body.pgId);
      const behindHttps = await postConsent(svc.url, await authorize(svc), await consentAgreement(svc.url))
        .set('x-forwarded-proto', 'https')
        .expect(200);
      expect(sessionOf(behindHttps).line).toMatch(/; Secure$/);
    });

    it('begins again on another browser by the same round trip: POST /api/session gives the same study ID back and records no consent', async () => {
      const { memberId, pgId } = await consent(svc);
      const before = await participantsOf(svc).findOne({ _id: pgId });
      const res = await postSession(svc, await authorize(svc, { member: memberId })).expect(200);
      expect(res.body).toEqual({ pgId });
      expect(sessionOf(res).session?.pgId).toBe(pgId);
      expect((await participantsOf(svc).findOne({ _id: pgId }))?.consents).toEqual(before?.consents);
      expect(before?.consents).toHaveLength(1);
    });

    it('is refused to an Open Humans account that never joined the study (404), with no cookie', async () => {
      const res = await postSession(svc, await authorize(svc)).expect(404);
      expect(res.body).toMatchObject({ code: 'NOT_A_PARTICIPANT', error: expect.stringContaining('has not joined the study') });
      expect(sessionOf(res).line).toBeUndefined();
    });

    it('asks for the code and the state (400 naming them) before calling Open Humans', async () => {
      const res = await request(svc.url).post('/api/session').send({}).expect(400);
      expect(res.body.error).toMatch(/code/);
      expect(res.body.error).toMatch(/state/);
    });

    it('ends on signing out: the cookie is removed', async () => {
      const res = await request(svc.url).post('/api/session/end').expect(204);
      expect(sessionOf(res).line).toBe('study_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict');
    });
  });

  describe('the authorization request (GET /api/authorization, state and PKCE)', () => {
    const SECRET = 'participant-session-secret-for-tests-0123';
    /** Whether Open Humans still takes the code: redeemed directly with the request's own verifier. */
    const codeStillWorks = async (authorization: StudyAuthorization) => {
      const kept = readAuthorizationRequest(SECRET, authorization.cookie, new Date());
      const res = await fetch(`${ohUrl}/oauth2/token/`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'authorization_code', code: authorization.code, redirect_uri: REDIRECT_URI, code_verifier: kept?.codeVerifier ?? '' }).toString(),
      });
      return res.status === 200;
    };

    it("sends the browser to Open Humans with the state and an S256 challenge of the verifier it keeps in the browser's sealed cookie", async () => {
      const state = newState();
      const res = await request(svc.url).get(`/api/authorization?state=${state}`).expect(302);
      const target = new URL(res.headers.location as string);
      expect(`${target.origin}${target.pathname}`).toBe(`${ohUrl}/direct-sharing/projects/oauth2/authorize/`);
      expect(Object.fromEntries(target.searchParams)).toEqual({
        client_id: CLIENT_ID,
        response_type: 'code',
        redirect_uri: REDIRECT_URI,
        state,
        code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        code_challenge_method: 'S256',
      });
      const line = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((l) => l.startsWith('study_authorization='));
      expect(line).toMatch(/; Path=\/api\/; Max-Age=1800; HttpOnly; SameSite=Strict$/);
      const kept = readAuthorizationRequest(SECRET, line?.split(';')[0], new Date());
      expect(kept?.state).toBe(state);
      expect(createHash('sha256').update(kept?.codeVerifier ?? '').digest('base64url')).toBe(target.searchParams.get('code_challenge'));
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it.each([
      ['no state', ''],
      ['a short state', '?state=abc'],
      ['an upper-case state', `?state=${'A'.repeat(32)}`],
      ['two states', `?state=${newState()}&state=${newState()}`],
    ])('refuses %s with 400 and sets no cookie', async (_name, query) => {
      const res = await request(svc.url).get(`/api/authorization${query}`).expect(400);
      expect(errorBodySchema.parse(res.body).error).toMatch(/state/);
      expect(res.headers['set-cookie']).toBeUndefined();
    });

    it.each<[string, (a: StudyAuthorization) => Promise<StudyAuthorization>]>([
      ['without the cookie (another browser)', async (a) => ({ ...a, cookie: '' })],
      ['with another state than the cookie holds', async (a) => ({ ...a, state: newState() })],
      ['with the cookie of another request', async (a) => ({ ...a, cookie: (await startAuthorization(svc.url)).cookie })],
      ['with a forged cookie', async (a) => ({ ...a, cookie: `study_authorization=${'A'.repeat(16)}.${'B'.repeat(60)}.${'C'.repeat(22)}` })],
    ])('refuses an answer %s with 400, before the code is spent, storing nothing', async (_name, alter) => {
      const authorization = await authorize(svc);
      const before = await snapshot(svc);
      for (const post of [postConsent(svc.url, await alter(authorization), await consentAgreement(svc.url)), postSession(svc, await alter(authorization))]) {
        const res = await post.expect(400);
        expect(errorBodySchema.parse(res.body)).toMatchObject({ code: 'AUTHORIZATION_REQUEST_UNKNOWN', error: expect.stringContaining('start again from the consent page') });
      }
      expect(await snapshot(svc)).toBe(before);
      expect(await codeStillWorks(authorization)).toBe(true);
    });

    it('accepts an answer once: the same state and cookie again are refused (400) and Open Humans is not asked', async () => {
      const authorization = await authorize(svc);
      const first = await postSession(svc, authorization).expect(404);
      expect(first.body.code).toBe('NOT_A_PARTICIPANT');
      expect(([] as string[]).concat(first.headers['set-cookie'] ?? [])).toContain('study_authorization=; Path=/api/; Max-Age=0; HttpOnly; SameSite=Strict');
      const again = await authorize(svc, { member: authorization.memberId });
      const replayed = await postConsent(svc.url, { ...again, state: authorization.state, cookie: authorization.cookie }, await consentAgreement(svc.url)).expect(400);
      expect(replayed.body.code).toBe('AUTHORIZATION_REQUEST_UNKNOWN');
      expect(await codeStillWorks(again)).toBe(true);
    });

    it("refuses a code Open Humans issued for another browser's request (its challenge is not this verifier's): 400, nothing stored", async () => {
      const attackers = await authorize(svc);
      const victims = await startAuthorization(svc.url);
      const before = await snapshot(svc);
      const res = await postConsent(svc.url, { ...victims, code: attackers.code }, await consentAgreement(svc.url)).expect(400);
      expect(res.body).toMatchObject({ code: 'OH_CODE_REJECTED', error: expect.stringContaining('invalid_grant') });
      expect(await snapshot(svc)).toBe(before);
    });
  });

  describe('POST /api/consent', () => {
    it('creates a participant with a v4 study ID and consent, and publishes the consented event', async () => {
      const { memberId, pgId } = await consent(svc);
      expect(isV4Uuid(pgId)).toBe(true);

      const view = await userView(svc, pgId);
      expect(view.access).toEqual({ pgId, consent: true, dataReady: false, snpFileUploaded: true });
      expect(view.nardi).toEqual(initialSurveyState('nardi'));
      expect(view.finalScore).toBeNull();

      const event = await nextEvent(probe, EventTypes.participantConsented, pgId);
      expect(event).toMatchObject({ source: 'svc-participants', data: { snpFileUploaded: true, reauthorized: false } });
      expect(event.correlationid).toBeTruthy();

      // Linked once, by member id; the tokens are stored encrypted and are the live ones.
      expect(await svc.ctx.db.collection(MEMBER_LINKS_COLLECTION).findOne({ _id: memberId as never })).toMatchObject({ pgId });
      const doc = await participantsOf(svc).findOne({ _id: pgId });
      expect(doc).toMatchObject({ consent: true, snpFileUploaded: true, openHumans: { memberId } });
      const { tokens } = (await participantsDeps(svc.ctx).participants.readTokens(pgId))!;
      expect(JSON.stringify(doc)).not.toContain(tokens.accessToken);
      expect(JSON.stringify(doc)).not.toContain(tokens.refreshToken);
      const member = await fetch(`${ohUrl}/api/direct-sharing/project/exchange-member/?access_token=${tokens.accessToken}`);
      expect(((await member.json()) as { project_member_id: string }).project_member_id).toBe(memberId);
      // No token ever reaches the log.
      expect(JSON.stringify(lines())).not.toContain(tokens.accessToken);
      expect(JSON.stringify(lines())).not.toContain(tokens.refreshToken);
    });

    it('gives the same member the same study ID when they authorize again', async () => {
      const first = await consent(svc);
      const again = await consent(svc, { member: first.memberId });
      expect(again.pgId).toBe(first.pgId);
      expect(await nextEvent(probe, EventTypes.participantConsented, first.pgId)).toMatchObject({ data: { reauthorized: false } });
      expect(await nextEvent(probe, EventTypes.participantConsented, first.pgId)).toMatchObject({ data: { reauthorized: true } });
      expect(await svc.ctx.db.collection(MEMBER_LINKS_COLLECTION).countDocuments({ _id: first.memberId as never })).toBe(1);
      expect(await participantsOf(svc).countDocuments({ 'openHumans.memberId': first.memberId })).toBe(1);
    });

    it('links two concurrent first consents of one member to one study ID', async () => {
      const first = await authorize(svc);
      const member = first.memberId;
      // A member's earlier code stays valid when they authorize a second time.
      const second = await authorize(svc, { member });
      const agreement = await consentAgreement(svc.url);
      const answers = await Promise.all([first, second].map((authorization) => postConsent(svc.url, authorization, agreement)));
      const ids = answers.map((res) => consentResponseSchema.parse(res.body).pgId);
      expect(ids[0]).toBe(ids[1]);
      expect(await participantsOf(svc).countDocuments({ 'openHumans.memberId': member })).toBe(1);
    });

    it('starts a member afresh when their link still names an erased participant', async () => {
      // An erasure that stored the tombstone but had not yet removed the link when the member came back.
      const { memberId, pgId } = await consent(svc);
      await svc.ctx.lock.run(participantLockKey(pgId), () =>
        participantsOf(svc).replaceOne({ _id: pgId }, { _id: pgId, erased: true, erasedAt: new Date(), outbox: [] } as unknown as ParticipantDocument),
      );
      const again = await consent(svc, { member: memberId });
      expect(again.pgId).not.toBe(pgId);
      expect(await svc.ctx.db.collection(MEMBER_LINKS_COLLECTION).findOne({ _id: memberId as never })).toMatchObject({ pgId: again.pgId });
      expect((await userView(svc, again.pgId)).access.consent).toBe(true);
    });

    it('refuses a code that was already used with the reason, and stores nothing', async () => {
      const { code } = await consent(svc);
      const before = await snapshot(svc);
      // Sent again with a new request of this browser: Open Humans refuses the spent code.
      const res = await postConsent(svc.url, { ...(await startAuthorization(svc.url)), code }, await consentAgreement(svc.url)).expect(400);
      expect(errorBodySchema.parse(res.body)).toMatchObject({ code: 'OH_CODE_REJECTED' });
      expect(res.body.error).toMatch(/^Open Humans did not accept the authorization code \(invalid_grant.*\)\. Please authorize again\.$/);
      expect(await snapshot(svc)).toBe(before);
    });

    it('refuses an unknown code and stores nothing', async () => {
      const before = await snapshot(svc);
      const res = await postConsent(svc.url, { ...(await startAuthorization(svc.url)), code: 'NoSuchCode0123456789' }, await consentAgreement(svc.url)).expect(400);
      expect(res.body).toMatchObject({ code: 'OH_CODE_REJECTED', error: expect.stringContaining('invalid_grant') });
      expect(await snapshot(svc)).toBe(before);
    });

    it('sets snpFileUploaded false when the member shares only a non-genotype source', async () => {
      const { pgId } = await consent(svc, { sources: [FITBIT] });
      expect((await userView(svc, pgId)).access).toMatchObject({ consent: true, snpFileUploaded: false });
    });

    it('does not count a genotype source that is shared without a file in it', async () => {
      const authorization = await authorize(svc, { sources: [TWENTY_THREE_AND_ME] });
      await setMemberFiles(ohUrl, authorization.memberId, [], [TWENTY_THREE_AND_ME]);
      const { pgId } = consentResponseSchema.parse((await postConsent(svc.url, authorization, await consentAgreement(svc.url)).expect(200)).body);
      expect((await userView(svc, pgId)).access.snpFileUploaded).toBe(false);
    });

    it('finds a genotype file beyond the first page of member data', async () => {
      const { memberId } = await authorize(svc, { sources: [FITBIT, TWENTY_THREE_AND_ME] });
      // Two files per page: the genotype file comes on the third page.
      const fitbit = Array.from({ length: 5 }, (_, i) => ({ source: FITBIT, basename: `fitbit-${i}.json` }));
      await setMemberFiles(ohUrl, memberId, [...fitbit, { source: TWENTY_THREE_AND_ME }], [FITBIT, TWENTY_THREE_AND_ME]);
      const { pgId } = await consent(svc, { member: memberId, sources: [FITBIT, TWENTY_THREE_AND_ME] });
      expect((await userView(svc, pgId)).access.snpFileUploaded).toBe(true);
    });

    const bad: [string, number, string, string][] = [
      ['malformed JSON', 400, 'application/json', '{"code": "'],
      ['an extra field', 400, 'application/json', JSON.stringify({ code: 'abc', pgId: '6f1c2a9e-3b4d-4c5e-9f60-718293a4b5c6' })],
      ['a number for the code', 400, 'application/json', JSON.stringify({ code: 12345 })],
      ['an empty code', 400, 'application/json', JSON.stringify({ code: '' })],
      ['no code', 400, 'application/json', '{}'],
      ['an array body', 400, 'application/json', JSON.stringify(['abc'])],
      ['an operator for the code', 400, 'application/json', JSON.stringify({ code: { $ne: '' } })],
      ['a form-encoded body', 415, 'application/x-www-form-urlencoded', 'code=abc'],
    ];

    it.each(bad)('refuses %s with a JSON %d and stores nothing', async (_name, status, type, body) => {
      const before = await snapshot(svc);
      const res = await request(svc.url).post('/api/consent').set('content-type', type).send(body);
      expect(res.status).toBe(status);
      errorBodySchema.parse(res.body);
      expect(await snapshot(svc)).toBe(before);
    });

    it('answers 503 with Retry-After and a clear message when Open Humans cannot be reached, storing nothing and keeping the request for another try', async () => {
      const closed = await freePort();
      const offline = await start(loadParticipantsConfig(participantsEnv(testEnv.env, `http://127.0.0.1:${closed}`, { LOG_LEVEL: 'silent' })));
      try {
        const before = await snapshot(svc);
        const authorization = { ...(await startAuthorization(offline.url)), code: 'AnyCode0123456789' };
        const res = await postConsent(offline.url, authorization, await consentAgreement(svc.url)).expect(503);
        expect(res.headers['retry-after']).toBe('30');
        expect(res.body).toMatchObject({ code: 'OH_UNAVAILABLE', error: 'Open Humans could not be reached (ECONNREFUSED). Please try again in a few minutes.' });
        expect(await snapshot(svc)).toBe(before);
        // The request was not used up: the same answer can be sent again (it would be 400 if it had been spent).
        expect(res.headers['set-cookie']).toBeUndefined();
        expect((await postConsent(offline.url, authorization, await consentAgreement(svc.url)).expect(503)).body.code).toBe('OH_UNAVAILABLE');
      } finally {
        await offline.stop();
      }
    });

    it("answers 502 when Open Humans refuses the study's client credentials", async () => {
      const misconfigured = await start(loadParticipantsConfig(participantsEnv(testEnv.env, ohUrl, { OH_CLIENT_SECRET: 'not-the-secret', LOG_LEVEL: 'silent' })));
      try {
        const res = await postConsent(misconfigured.url, await authorize(svc), await consentAgreement(svc.url)).expect(502);
        expect(res.body).toMatchObject({ code: 'OH_CLIENT_REJECTED' });
      } finally {
        await misconfigured.stop();
      }
    });
  });

  describe('POST /api/openhumans/deauthorize', () => {
    it('refuses a wrong or missing signature with 401 and changes nothing', async () => {
      const { memberId, pgId } = await consent(svc);
      const body = JSON.stringify({ project_member_id: memberId, erasure_requested: true, timestamp: new Date().toISOString() });
      const before = await snapshot(svc);
      for (const signature of [signBody(body, 'wrong-secret'), null, '', 'sha1=', signBody(`${body} `, WEBHOOK_SECRET)]) {
        const res = await signedWebhook(svc, body, signature).expect(401);
        expect(errorBodySchema.parse(res.body).code).toBe('WEBHOOK_SIGNATURE_INVALID');
      }
      // The platform's second try after a refused notice: the JSON text encoded again as a JSON string, unsigned.
      // Refused as a body (a JSON object is required) before its missing signature is even looked at.
      const resent = await signedWebhook(svc, JSON.stringify(body), null).expect(400);
      errorBodySchema.parse(resent.body);
      expect(await snapshot(svc)).toBe(before);
      expect((await userView(svc, pgId)).access.consent).toBe(true);
    });

    it('withdraws consent when the member leaves Open Humans: tokens deleted, one withdrawn event (the audit trail records it), consent again later', async () => {
      const { memberId, pgId } = await consent(svc);
      expect(await leaveOnOpenHumans(ohUrl, memberId, false)).toEqual({ status: 200, body: { received: true } });
      expect((await nextEvent(probe, EventTypes.consentWithdrawn, pgId)).data).toEqual({ withdrawnAt: expect.any(String), initiatedBy: 'open-humans' });
      await waitFor(async () => (await participantsOf(svc).findOne({ _id: pgId }))?.outbox?.length === 0, 'the outbox to be empty');

      expect((await userView(svc, pgId)).access.consent).toBe(false);
      const doc = await participantsOf(svc).findOne({ _id: pgId });
      expect(doc?.consent).toBe(false);
      expect(doc?.openHumans).toEqual({ memberId });
      expect(doc?.withdrawnAt).toBeInstanceOf(Date);
      expect(doc?.outbox ?? []).toEqual([]);

      // A second notice for the member (a later leave, not a replay): nothing more happens.
      const repeat = JSON.stringify({ project_member_id: memberId, erasure_requested: false, timestamp: new Date().toISOString() });
      expect((await signedWebhook(svc, repeat).expect(200)).body).toEqual({ received: true });
      await waitFor(async () => (await participantsOf(svc).findOne({ _id: pgId }))?.outbox?.length === 0, 'the outbox to be empty');

      // Consenting again gives consent back, under the same study ID.
      const again = await consent(svc, { member: memberId });
      expect(again.pgId).toBe(pgId);
      expect((await userView(svc, pgId)).access.consent).toBe(true);
    });

    it('answers 200 for a member the study does not know, exactly as for one it knows, and logs it', async () => {
      const body = JSON.stringify({ project_member_id: '00000001', erasure_requested: true, timestamp: new Date().toISOString() });
      const res = await signedWebhook(svc, body).set('x-request-id', 'test-unknown-member-1').expect(200);
      expect(res.body).toEqual({ received: true });
      expect(lines().find((l) => l.requestId === 'test-unknown-member-1' && l.msg === 'deauthorization for a member the study does not know')).toMatchObject({
        projectMemberId: '00000001',
      });
    });

    /** A notice as the platform writes it: Python's json.dumps separators, the time with microseconds and +00:00. */
    const pythonStyle = (memberId: string, erasure: boolean, at: Date) =>
      `{"project_member_id": "${memberId}", "erasure_requested": ${erasure}, "timestamp": "${at.toISOString().replace('Z', '000+00:00')}"}`;

    it('takes a notice written as the platform writes it', async () => {
      const { memberId, pgId } = await consent(svc);
      expect((await signedWebhook(svc, pythonStyle(memberId, false, new Date())).expect(200)).body).toEqual({ received: true });
      expect((await userView(svc, pgId)).access.consent).toBe(false);
    });

    it('refuses a notice older than 5 minutes, or ahead of the clock, with 401 before looking at the member, and changes nothing', async () => {
      const { memberId, pgId } = await consent(svc);
      const before = await snapshot(svc);
      for (const at of [new Date(Date.now() - 6 * 60_000), new Date(Date.now() + 2 * 60_000)]) {
        for (const member of [memberId, '00000002']) {
          const res = await signedWebhook(svc, pythonStyle(member, true, at)).expect(401);
          expect(errorBodySchema.parse(res.body)).toMatchObject({ code: 'WEBHOOK_NOTICE_STALE', error: expect.stringMatching(/more than 5 minutes old/) });
        }
      }
      expect(await snapshot(svc)).toBe(before);
      expect((await userView(svc, pgId)).access.consent).toBe(true);
    });

    it('refuses a timestamp without its UTC offset with 400 and changes nothing', async () => {
      const { memberId } = await consent(svc);
      const before = await snapshot(svc);
      const local = new Date().toISOString().replace('Z', '');
      const res = await signedWebhook(svc, JSON.stringify({ project_member_id: memberId, erasure_requested: true, timestamp: local })).expect(400);
      expect(errorBodySchema.parse(res.body).error).toMatch(/^timestamp: must be an ISO 8601 time with its UTC offset/);
      expect(await snapshot(svc)).toBe(before);
    });

    it('refuses a notice received before with 409: a captured notice cannot erase a member who came back', async () => {
      const { memberId, pgId } = await consent(svc);
      const captured = pythonStyle(memberId, true, new Date());
      expect((await signedWebhook(svc, captured).expect(200)).body).toEqual({ received: true });
      await waitFor(async () => (await participantsOf(svc).findOne({ _id: pgId }))?.outbox?.length === 0, 'the erasure published');

      const back = await consent(svc, { member: memberId });
      expect(back.pgId).not.toBe(pgId);
      const before = await snapshot(svc);
      const res = await signedWebhook(svc, captured).expect(409);
      expect(errorBodySchema.parse(res.body)).toMatchObject({ code: 'WEBHOOK_NOTICE_REPLAYED' });
      expect(await snapshot(svc)).toBe(before);
      expect((await userView(svc, back.pgId)).access.consent).toBe(true);
    });

    const validBody = { project_member_id: '12345678', erasure_requested: false, timestamp: '2025-01-01T00:00:00.000Z' };
    const bad: [string, string][] = [
      ['malformed JSON', '{"project_member_id": "1'],
      ['an extra field', JSON.stringify({ ...validBody, pgId: '6f1c2a9e-3b4d-4c5e-9f60-718293a4b5c6' })],
      ['a number for the member id', JSON.stringify({ ...validBody, project_member_id: 12345678 })],
      ['a string for erasure_requested', JSON.stringify({ ...validBody, erasure_requested: 'true' })],
      ['no timestamp', JSON.stringify({ project_member_id: '12345678', erasure_requested: false })],
      ['an operator for the member id', JSON.stringify({ ...validBody, project_member_id: { $gt: '' } })],
      ['an array body', JSON.stringify([validBody])],
    ];

    it.each(bad)('refuses %s (correctly signed) with a JSON 400 and changes nothing', async (_name, body) => {
      const before = await snapshot(svc);
      const res = await signedWebhook(svc, body).expect(400);
      errorBodySchema.parse(res.body);
      expect(await snapshot(svc)).toBe(before);
    });

    describe('with erasure requested', () => {
      let scoring: SiblingService;
      let reports: SiblingService;
      const siblings = ['svc-scoring', 'svc-reports'].map((folder) => ({ folder, names: serviceTestEnv(folder) }));
      const [scoringEnv, reportsEnv] = siblings.map((s) => s.names);

      beforeAll(async () => {
        // The other two services, each its own process with its own database and queue, on this test's exchange.
        const started = await Promise.all(
          siblings.map(({ folder, names }) => startSiblingService(folder, { ...names.env, EVENTS_EXCHANGE: config.EVENTS_EXCHANGE, LOG_LEVEL: 'info' })),
        );
        [scoring, reports] = started as [SiblingService, SiblingService];
      });

      afterAll(async () => {
        await Promise.all([scoring?.stop(), reports?.stop()]);
        const mongo = await MongoClient.connect(config.MONGO_URL);
        const connection = await amqpConnect(config.AMQP_URL);
        try {
          const channel = await connection.createChannel();
          for (const { names } of siblings) {
            await mongo.db(names.dbName).dropDatabase();
            const topology = consumerTopology(config.EVENTS_EXCHANGE, names.queue);
            for (const queue of [topology.queue, topology.deadLetterQueue, ...topology.retryQueues.map((r) => r.name)]) await channel.deleteQueue(queue);
          }
          await channel.close();
        } finally {
          await connection.close();
          await mongo.close();
        }
      });

      it('deletes the participant everywhere: 404 on /api/user, a tombstone only, the link gone, scoring and reports purged', async () => {
        const { memberId, pgId } = await consent(svc);
        const { pgId: otherPgId } = await consent(svc);
        const mongo = await MongoClient.connect(config.MONGO_URL);
        try {
          const held = [
            { db: mongo.db(scoringEnv!.dbName), collection: 'scores' },
            { db: mongo.db(reportsEnv!.dbName), collection: 'reports' },
          ];
          for (const { db, collection } of held) {
            // Both services keep a document per participant from the consent event on; add to it what they would hold later,
            // as the service itself writes (its events published, under its lock), so its own writes cannot undo it.
            const service = await serviceDocumentsOf(config.REDIS_URL, db);
            try {
              for (const [id, typeCode] of [[pgId, 'INTJ'], [otherPgId, 'ENFP']] as const) {
                await waitFor(() => db.collection(collection).findOne({ _id: id as never }), `${collection} to hear of the consent`, 20_000);
                await writeAsService(service, collection, id, (documents) => documents.updateOne({ _id: id as never }, { $set: { typeCode } }));
              }
            } finally {
              await service.close();
            }
          }

          expect(await leaveOnOpenHumans(ohUrl, memberId, true)).toEqual({ status: 200, body: { received: true } });

          const res = await request(svc.url).post('/api/user').send({ pgId }).expect(404);
          expect(res.body.code).toBe('PARTICIPANT_NOT_FOUND');
          expect(await nextEvent(probe, EventTypes.participantErased, pgId)).toMatchObject({ data: { erasedAt: expect.any(String) } });

          // Nothing personal is left in this service's database: a tombstone with no data and no link.
          const tombstone = await waitFor(async () => {
            const doc = await participantsOf(svc).findOne({ _id: pgId });
            return doc?.outbox?.length === 0 ? doc : undefined;
          }, 'the erased event to be published');
          // Besides the erasure, only the admin rows' bookkeeping (a mark, a random stamp, a version): nothing about the person.
          expect(Object.keys(tombstone).filter((key) => !key.startsWith('adminRow')).sort()).toEqual(['_id', 'erased', 'erasedAt', 'outbox']);
          expect(tombstone).toMatchObject({ adminRowStamp: expect.stringMatching(/^[0-9a-f-]{36}$/), adminRowVersion: Number.MAX_SAFE_INTEGER });
          expect(tombstone).toMatchObject({ _id: pgId, erased: true, erasedAt: expect.any(Date) });
          expect(await svc.ctx.db.collection(MEMBER_LINKS_COLLECTION).findOne({ _id: memberId as never })).toBeNull();
          for (const { name } of await svc.ctx.db.listCollections().toArray()) {
            if (name === 'inbox') continue;
            const docs = await svc.ctx.db.collection(name).find({}).toArray();
            expect(JSON.stringify(docs)).not.toContain(`"${memberId}"`);
          }

          // svc-scoring and svc-reports delete what they held for that participant, and only that.
          for (const { db, collection } of held) {
            await waitFor(async () => (await db.collection(collection).countDocuments({ _id: pgId as never })) === 0, `${collection} to be purged`, 20_000);
            expect(await db.collection(collection).countDocuments({ _id: otherPgId as never })).toBe(1);
          }
          expect(scoring.output()).toContain('participant data erased');
          expect(reports.output()).toContain('participant data erased');
        } finally {
          await mongo.close();
        }

        // The member may join again later: as a new participant.
        const rejoined = await consent(svc, { member: memberId });
        expect(rejoined.pgId).not.toBe(pgId);
        expect((await userView(svc, rejoined.pgId)).access.consent).toBe(true);
      });

      it('answers a repeated erasure notice with nothing left to do', async () => {
        const { memberId, pgId } = await consent(svc);
        const notice = (at: Date) => JSON.stringify({ project_member_id: memberId, erasure_requested: true, timestamp: at.toISOString() });
        const at = new Date();
        expect((await signedWebhook(svc, notice(at)).expect(200)).body).toEqual({ received: true });
        // A later notice (not the same one again, which is refused as a replay).
        expect((await signedWebhook(svc, notice(new Date(at.getTime() + 1000))).expect(200)).body).toEqual({ received: true });
        await request(svc.url).post('/api/user').send({ pgId }).expect(404);
      });
    });
  });

  describe('POST /api/user/reset while resets are off', () => {
    it('refuses with 403 RESET_DISABLED and changes nothing', async () => {
      const { pgId } = await consent(svc);
      const before = await snapshot(svc);
      const res = await request(svc.url).post('/api/user/reset').set('x-request-id', 'test-reset-off-01').send({ pgId }).expect(403);
      expect(res.body).toMatchObject({ error: 'Resetting surveys is turned off for this study.', code: 'RESET_DISABLED', requestId: 'test-reset-off-01' });
      expect(await snapshot(svc)).toBe(before);
    });
  });
});

describe('A study deployment with short-lived Open Humans tokens and resets turned on', () => {
  const testEnv = serviceTestEnv('participants-refresh');
  let standin: OpenHumansStandin;
  let ohUrl: string;
  let config: ParticipantsConfig;
  let svc: Svc;
  let probe: ProbeQueue;

  beforeAll(async () => {
    // 30 s tokens always have under a minute left: every call refreshes first.
    standin = createOpenHumansStandin(loadStandinConfig({ PORT: '0', CLIENT_ID, CLIENT_SECRET, REDIRECT_URI, TOKEN_TTL_SECONDS: '30' }));
    ohUrl = (await standin.start()).url;
    config = loadParticipantsConfig(participantsEnv(testEnv.env, ohUrl, { RESET_SURVEYS: '1' }));
    svc = await start(config);
    probe = await probeQueue(config.AMQP_URL, config.EVENTS_EXCHANGE, 'participants.#');
  });

  afterAll(async () => {
    await probe?.close();
    await svc?.stop();
    await standin?.stop();
    await testEnv.cleanup();
  });

  it('refreshes before each call and keeps working with the rotated refresh token', async () => {
    const { memberId, pgId } = await consent(svc);
    const deps = participantsDeps(svc.ctx);
    const storedRefreshToken = async () => (await deps.participants.readTokens(pgId))!.tokens.refreshToken;

    const seen = new Set<string>([await storedRefreshToken()]);
    for (let i = 0; i < 3; i++) {
      // The platform invalidates a refresh token once used: each round only works with the latest one.
      const accessToken = await openHumansAccessToken(deps, pgId);
      seen.add(await storedRefreshToken());
      const res = await fetch(`${ohUrl}/api/direct-sharing/project/exchange-member/?access_token=${accessToken}`);
      expect(res.status).toBe(200);
    }
    // Rotated every time, and the rotated one was kept.
    expect(seen.size).toBe(4);

    // A genotype file added after consenting is found with a refreshed token.
    await setMemberFiles(ohUrl, memberId, [{ source: TWENTY_THREE_AND_ME }], [TWENTY_THREE_AND_ME]);
    const { pgId: sharesNothing } = await consent(svc, { sources: [FITBIT] });
    expect((await userView(svc, sharesNothing)).access.snpFileUploaded).toBe(false);
    expect(await refreshGenotypeStatus(deps, pgId)).toEqual({ snpFileUploaded: true });
    expect((await userView(svc, pgId)).access.snpFileUploaded).toBe(true);
  });

  it('tells the participant to consent again once Open Humans no longer accepts the stored authorization', async () => {
    const { pgId } = await consent(svc);
    const deps = participantsDeps(svc.ctx);
    const { tokens } = (await deps.participants.readTokens(pgId))!;
    // Revoke the live refresh token on the platform's side.
    await fetch(`${ohUrl}/_standin/tokens/${tokens.accessToken}/revoke`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"refresh_token":true}' });
    await expect(openHumansAccessToken(deps, pgId)).rejects.toMatchObject({ status: 409, code: 'OH_AUTHORIZATION_REJECTED' });
  });

  describe('POST /api/user/reset', () => {
    it('announces resets in the settings', async () => {
      expect((await settingsOf(svc)).resetSurveysEnabled).toBe(true);
    });

    it('puts all four surveys back to the start, clears the final score and publishes the reset event', async () => {
      const { pgId } = await consent(svc);
      await svc.ctx.lock.run(participantLockKey(pgId), () =>
        participantsOf(svc).updateOne(
          { _id: pgId },
          {
            $set: {
              surveys: {
                typeFinder: { id: 'typeFinder', status: 'completed', index: 0, answers: [], typeCode: 'INTJ' },
                nardi: { id: 'nardi', status: 'part-two', index: 24, answers: [{ id: 1, value: 'A' }], consistency: 7 },
                selfAssessment: { id: 'selfAssessment', status: 'reviewing', index: 3, answers: [{ id: 'personalityType', value: 'INTJ' }] },
                mbti: { id: 'mbti', status: 'started', index: 0, answers: [] },
              },
              finalScore: { typeCode: 'INTJ' },
            },
          },
        ),
      );

      const res = await request(svc.url).post('/api/user/reset').send({ pgId: pgId.toUpperCase() }).expect(200);
      const view = userViewSchema.parse(res.body);
      expect(view).toMatchObject({
        selfAssessment: { id: 'selfAssessment', status: 'pending', index: 0, answers: [] },
        nardi: { id: 'nardi', status: 'pending', index: 0, answers: [] },
        typeFinder: { id: 'typeFinder', status: 'pending', index: 0, answers: [] },
        mbti: { id: 'mbti', status: 'pending', index: 0, answers: [] },
        finalScore: null,
      });
      expect(view.nardi.consistency).toBeUndefined();
      expect(await userView(svc, pgId)).toEqual({ ...view, consentRenewal: null });
      expect(await nextEvent(probe, EventTypes.surveysReset, pgId)).toMatchObject({ data: { surveys: ['selfAssessment', 'nardi', 'typeFinder', 'mbti'] } });
    });

    it('answers 404 for an unknown study ID', async () => {
      const res = await request(svc.url).post('/api/user/reset').send({ pgId: '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d' }).expect(404);
      expect(res.body.code).toBe('PARTICIPANT_NOT_FOUND');
    });

    const bad: [string, string][] = [
      ['malformed JSON', '{"pgId": '],
      ['an extra field', JSON.stringify({ pgId: '0a1b2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d', surveys: ['nardi'] })],
      ['a number for pgId', JSON.stringify({ pgId: 7 })],
      ['a pgId that is not a v4 UUID', JSON.stringify({ pgId: 'not-a-study-id' })],
      ['an operator for pgId', JSON.stringify({ pgId: { $exists: true } })],
    ];

    it.each(bad)('refuses %s with a JSON 400 and changes nothing', async (_name, body) => {
      const before = await snapshot(svc);
      const res = await request(svc.url).post('/api/user/reset').set('content-type', 'application/json').send(body).expect(400);
      errorBodySchema.parse(res.body);
      expect(await snapshot(svc)).toBe(before);
    });
  });
});
