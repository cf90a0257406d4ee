import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import {
  fillConsentSettings,
  consentResponseSchema,
  consentTextViewSchema,
  consentVersionsOverviewSchema,
  errorBodySchema,
  EventTypes,
  publishConsentResponseSchema,
  userViewSchema,
  type CloudEventEnvelope,
} from '@study/contracts';
import { memoryLogger, probeQueue, serviceTestEnv, waitFor, type ProbeQueue } from '@study/service-kit/testing';
import { createOpenHumansStandin, loadConfig as loadStandinConfig, type OpenHumansStandin } from '@study/standin-open-humans';
import { start, type RunningParticipants } from './app';
import { loadParticipantsConfig } from './config';
import { participantsTestEnv } from './test-support/participants-test-config';
import { consentSettingsOf } from './consent-settings-config';
import { CONSENT_VERSIONS_COLLECTION } from './data-access/consent-versions-repository';
import { PARTICIPANTS_COLLECTION, type ParticipantDocument } from './data-access/participants-repository';
import { hashConsentText } from './domain/consent/consent-rules';
import { FIRST_CONSENT_TEXT } from './domain/consent/first-consent-text';
import { postConsent } from './test-support/consent-agreement';
import { authorizeThroughStudy } from './test-support/open-humans-browser';
import { CONSENT_SETTINGS_ENV } from './test-support/consent-settings-env';

const CLIENT_ID = 'study-client';
const CLIENT_SECRET = 'study-secret-123';
const REDIRECT_URI = 'http://127.0.0.1:8080/return';
const MASTER_KEY = 'd57502a2ce091bea0275a241d5e6e6c219f1acaf4978ba738c31776205b97034';
const NEW_TEXT = '# Study title\n\nPersonality type and genetics, second edition.\n\n# Consent\n\n- **Privacy.** Your study data stays pseudonymous.\n- You may withdraw at any time.';

jest.setTimeout(60_000);

/** The text of a PDF as a reader extracts it (poppler's pdftotext), whitespace collapsed. */
function pdfText(pdf: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'consent-pdf-'));
  try {
    fs.writeFileSync(path.join(dir, 'consent.pdf'), pdf);
    return execFileSync('pdftotext', [path.join(dir, 'consent.pdf'), '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function binaryParser(res: request.Response, callback: (err: Error | null, body: Buffer) => void): void {
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => callback(null, Buffer.concat(chunks)));
}

describe('Consent on record (svc-participants with FerretDB, Redis, RabbitMQ and the Open Humans stand-in)', () => {
  const testEnv = serviceTestEnv('participants-consent-versions');
  const { logger, lines } = memoryLogger('info', 'svc-participants');
  let standin: OpenHumansStandin;
  let svc: RunningParticipants;
  let second: RunningParticipants;
  let probe: ProbeQueue;

  beforeAll(async () => {
    standin = createOpenHumansStandin(loadStandinConfig({ PORT: '0', CLIENT_ID, CLIENT_SECRET, REDIRECT_URI }));
    const ohUrl = (await standin.start()).url;
    const env = participantsTestEnv(testEnv.env, { OH_BASE_URL: ohUrl, OH_CLIENT_ID: CLIENT_ID, OH_CLIENT_SECRET: CLIENT_SECRET, OH_REDIRECT_URI: REDIRECT_URI, ADMIN_MASTER_KEY: MASTER_KEY });
    // Two instances on one database.
    [svc, second] = await Promise.all([start(loadParticipantsConfig({ ...env, PORT: '0' }), { logger }), start(loadParticipantsConfig({ ...env, PORT: '0' }), { logger })]);
    probe = await probeQueue(svc.ctx.config.AMQP_URL, svc.ctx.config.EVENTS_EXCHANGE, 'participants.#');
  });

  afterAll(async () => {
    await probe?.close();
    await second?.stop();
    await svc?.stop();
    await standin?.stop();
    await testEnv.cleanup();
  });

  const consent = async (body: Record<string, unknown>) => {
    const authorization = await authorizeThroughStudy(svc.url);
    return { memberId: authorization.memberId, res: await postConsent(svc.url, authorization, body) };
  };
  const userView = async (pgId: string) => userViewSchema.parse((await request(svc.url).post('/api/user').send({ pgId }).expect(200)).body);
  const consentEvent = (pgId: string) =>
    waitFor(
      async () => {
        const event = (await probe.next(10_000)) as CloudEventEnvelope;
        return event.type === EventTypes.participantConsented && event.subject === pgId ? event : undefined;
      },
      `a consented event for ${pgId}`,
      20_000,
    );
  const pdfOf = async (pgId: string) => {
    const res = await request(svc.url).get(`/api/consent/pdf/${pgId}`).buffer(true).parse(binaryParser).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Consent.pdf"');
    return pdfText(res.body as Buffer);
  };

  it('stores the first text once as v1, at its first use by two instances at once, with its SHA-256, and serves it as the current text', async () => {
    // Nothing is stored at start: a fresh stack's database stays empty (a backup restores into it).
    expect(await svc.ctx.db.collection(CONSENT_VERSIONS_COLLECTION).countDocuments({})).toBe(0);
    const answers = await Promise.all([svc, second, svc, second].map(async (instance) => consentTextViewSchema.parse((await request(instance.url).get('/api/consent/text').expect(200)).body)));
    const versions = await svc.ctx.db.collection(CONSENT_VERSIONS_COLLECTION).find({}).toArray();
    expect(versions).toHaveLength(1);
    // Stored with its placeholders (the hash is the text's, the same in every deployment), served with this deployment's contacts.
    expect(versions[0]?.text).toContain('{{review-board-contact}}');
    const shown = fillConsentSettings(FIRST_CONSENT_TEXT.trim(), consentSettingsOf(CONSENT_SETTINGS_ENV));
    expect(shown).toContain(`without going through the research team: ${CONSENT_SETTINGS_ENV.REVIEW_BOARD_CONTACT}.`);
    for (const text of answers) expect(text).toMatchObject({ versionId: 'v1', hash: hashConsentText(FIRST_CONSENT_TEXT), text: shown });
  });

  it('a text change makes an earlier participant agree again; their renewal is on record and their PDF names the new version', async () => {
    const { memberId, res } = await consent({ versionId: 'v1', adult: true });
    expect(res.status).toBe(200);
    const { pgId } = consentResponseSchema.parse(res.body);
    expect((await consentEvent(pgId)).data).toMatchObject({ consentVersionId: 'v1', consentHash: hashConsentText(FIRST_CONSENT_TEXT), adultCertified: true, renewal: false });
    expect((await userView(pgId)).consentRenewal).toBeNull();
    expect(await pdfOf(pgId)).toContain('Consent version v1');

    // Publishing needs the key, refused before the body is read.
    const refused = await request(svc.url).post('/api/admin/consent-versions').send({ text: NEW_TEXT });
    expect(refused.status).toBe(401);
    const empty = await request(svc.url).post('/api/admin/consent-versions').set('x-master-key', MASTER_KEY).send({ text: '  \n ' });
    expect(empty.status).toBe(400);
    expect(errorBodySchema.parse(empty.body).error).toContain('text');

    const published = publishConsentResponseSchema.parse((await request(svc.url).post('/api/admin/consent-versions').set('x-master-key', MASTER_KEY).send({ text: NEW_TEXT }).expect(200)).body);
    expect(published).toMatchObject({ outcome: 'published', version: { versionId: 'v2', hash: hashConsentText(NEW_TEXT) } });
    // The same text again (with other line ends) changes nothing.
    const again = publishConsentResponseSchema.parse(
      (await request(second.url).post('/api/admin/consent-versions').set('x-master-key', MASTER_KEY).send({ text: `${NEW_TEXT.replace(/\n/g, '\r\n')}\n\n` }).expect(200)).body,
    );
    expect(again).toMatchObject({ outcome: 'unchanged', version: { versionId: 'v2' } });

    expect((await userView(pgId)).consentRenewal).toMatchObject({ versionId: 'v2', agreedVersionId: 'v1' });
    const overview = consentVersionsOverviewSchema.parse((await request(svc.url).get('/api/admin/consent-versions').set('x-master-key', MASTER_KEY).expect(200)).body);
    expect(overview.currentVersionId).toBe('v2');
    expect(overview.versions.map((v) => v.versionId)).toEqual(['v1', 'v2']);
    expect(overview.versions[0]?.latestConsents).toBeGreaterThanOrEqual(1);
    expect(overview.mustAgreeAgain).toBeGreaterThanOrEqual(1);

    // Until they agree, their answers are not stored: 409 saying what to do, and nothing changes.
    const before = await svc.ctx.db.collection<ParticipantDocument>(PARTICIPANTS_COLLECTION).findOne({ _id: pgId });
    for (const [path, body] of [
      ['/api/user/survey/upd', { pgId, update: { selfAssessment: { status: 'rejected' } } }],
      ['/api/user/tfresult', { pgId }],
    ] as const) {
      const held = await request(svc.url).post(path).send(body);
      expect({ path, status: held.status, code: held.body.code }).toEqual({ path, status: 409, code: 'CONSENT_RENEWAL_REQUIRED' });
      expect(errorBodySchema.parse(held.body).error).toContain('agree to it');
    }
    const after409 = await svc.ctx.db.collection<ParticipantDocument>(PARTICIPANTS_COLLECTION).findOne({ _id: pgId });
    expect(after409?.surveys).toEqual(before?.surveys);

    // Agreeing to an older version, or without the certification, is refused naming the field.
    const stale = await request(svc.url).post('/api/consent/renew').send({ pgId, versionId: 'v1', adult: true });
    expect(stale.status).toBe(409);
    expect(errorBodySchema.parse(stale.body).error).toContain('versionId');
    const uncertified = await request(svc.url).post('/api/consent/renew').send({ pgId, versionId: 'v2', adult: false });
    expect(uncertified.status).toBe(400);
    expect(errorBodySchema.parse(uncertified.body).error).toContain('adult');

    await request(svc.url).post('/api/consent/renew').send({ pgId, versionId: 'v2', adult: true }).expect(200);
    // Agreed: saves are judged by the survey rules again (no TypeFinder result for this study e-mail yet).
    const claimed = await request(svc.url).post('/api/user/tfresult').send({ pgId });
    expect(claimed.body.code).toBe('TYPEFINDER_NO_MATCH');
    expect((await consentEvent(pgId)).data).toMatchObject({ consentVersionId: 'v2', adultCertified: true, renewal: true, reauthorized: true });
    expect((await userView(pgId)).consentRenewal).toBeNull();
    const doc = await svc.ctx.db.collection<ParticipantDocument>(PARTICIPANTS_COLLECTION).findOne({ _id: pgId });
    expect(doc?.consents?.map((c) => [c.versionId, c.adult, c.memberId, c.renewal])).toEqual([
      ['v1', true, memberId, false],
      ['v2', true, memberId, true],
    ]);

    const text = await pdfOf(pgId);
    expect(text).toContain('Consent version v2');
    expect(text).toContain(hashConsentText(NEW_TEXT));
    expect(text).toContain(`Open Humans project member id ${memberId}`);
    expect(text).toContain('Certified 18 years of age or older Yes');
    expect(text).toContain('Personality type and genetics, second edition.');

    const after = consentVersionsOverviewSchema.parse((await request(svc.url).get('/api/admin/consent-versions').set('x-master-key', MASTER_KEY).expect(200)).body);
    expect(after.versions[1]?.latestConsents).toBe((overview.versions[1]?.latestConsents ?? 0) + 1);
    expect(after.mustAgreeAgain).toBe(overview.mustAgreeAgain - 1);
    expect(JSON.stringify(lines())).not.toContain(MASTER_KEY);
  });

  it('refuses a consent without the version shown or the 18+ certification, or with an unknown version, with 400 naming the field before the code is spent, storing nothing', async () => {
    const authorization = await authorizeThroughStudy(svc.url);
    const { code, state } = authorization;
    const participants = svc.ctx.db.collection<ParticipantDocument>(PARTICIPANTS_COLLECTION);
    const stored = await participants.countDocuments();
    const refusals: [Record<string, unknown>, RegExp][] = [
      [{ code, state }, /^Invalid request: versionId is required; adult must be true: the participant certifies being 18 years of age or older/],
      [{ code, state, adult: true }, /^Invalid request: versionId is required/],
      [{ code, state, versionId: 'v2' }, /^Invalid request: adult must be true: the participant certifies being 18 years of age or older/],
      [{ code, state, versionId: 'v2', adult: false }, /^Invalid request: adult must be true: the participant certifies being 18 years of age or older/],
      [{ code, state, versionId: 'v99', adult: true }, /^versionId: no consent text v99 was published/],
    ];
    for (const [body, error] of refusals) {
      const res = await request(svc.url).post('/api/consent').set('cookie', authorization.cookie).send(body).expect(400);
      expect(errorBodySchema.parse(res.body).error).toMatch(error);
    }
    expect(await participants.countDocuments()).toBe(stored);

    // Neither the code nor the request was spent: with both, it consents.
    const res = await postConsent(svc.url, authorization, { versionId: 'v2', adult: true }).expect(200);
    const { pgId } = consentResponseSchema.parse(res.body);
    expect((await participants.findOne({ _id: pgId }))?.consents).toEqual([expect.objectContaining({ versionId: 'v2', adult: true, renewal: false })]);
  });
});
