import { connect as amqpConnect } from 'amqplib';
import { parse as parseCsv } from 'csv-parse/sync';
import { MongoClient } from 'mongodb';
import request from 'supertest';
import {
  ANALYSIS_DICTIONARY_FILE_NAME,
  ANALYSIS_EXPORT_FILE_NAME,
  analysisDictionarySchema,
  downloadLinkResponseSchema,
  errorBodySchema,
  routes,
  userViewSchema,
  type AnalysisDictionary,
  type SurveyInput,
} from '@study/contracts';
import { consumerTopology } from '@study/event-bus';
import { SAMPLE_ANSWERS, SAMPLE_DICHOT_PREF, SAMPLE_FUNCTIONAL_PAIRS, SAMPLE_INTERACTION_STYLES, SAMPLE_TEMPERAMENTS, SAMPLE_TYPE_TABLE } from '@study/personality/testing';
import { memoryLogger, serviceTestEnv, waitFor } from '@study/service-kit/testing';
import { createOpenHumansStandin, loadConfig as loadOpenHumansConfig, type OpenHumansStandin } from '@study/standin-open-humans';
import { SIGNATURE_HEADER, signBody } from '@study/standin-typefinder';
import { freePort } from '@study/test-infra';
import { start, type RunningParticipants } from './app';
import type { ParticipantsConfig } from './config';
import { participantsTestConfig } from './test-support/participants-test-config';
import { startSiblingService, type SiblingService } from './test-support/sibling-services';
import { parseEncryptionKey } from './data-access/token-cipher';
import { studyPseudonyms } from './domain/admin/study-pseudonym';
import { consentThroughStudy } from './test-support/consent-agreement';

/**
 * The analysis export and its data dictionary, against the real FerretDB, RabbitMQ and Redis:
 * participants made through the real flows (consent on the Open Humans stand-in, a signed
 * TypeFinder result, Nardi, the self-assessment and the MBTI upload over the API), their results
 * coming back from svc-scoring (its own process) by event (the Nardi scores in
 * scoring.nardi.completed.v2, the final score), downloaded through the signed links.
 */

const OH_CLIENT_ID = 'study-client';
const OH_CLIENT_SECRET = 'study-secret-123';
const OH_WEBHOOK_SECRET = 'oh-webhook-secret-for-tests';
const TF_SECRET = 'typefinder-secret-for-tests';
const ADMIN_KEY = '2d30700c68626e314ec76369153977c783d70f359cb8cc705095fb2fa6d721f3';
const HOST = 'study.example.org';
const ANSWERS = SAMPLE_ANSWERS.map(({ id, value }) => ({ id, value }));
const FORMULA = '=HYPERLINK("http://example.org/x","click")';
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

type Row = Record<string, string>;

function nardi(status: string, fields: Record<string, unknown> = {}): SurveyInput {
  return { id: 'nardi', status, index: 24, answers: ANSWERS, ...fields } as SurveyInput;
}

jest.setTimeout(180_000);

describe('The analysis export and its data dictionary (svc-participants with svc-scoring, real FerretDB, RabbitMQ and Redis)', () => {
  const testEnv = serviceTestEnv('participants-analysis-export');
  const scoringNames = serviceTestEnv('svc-scoring');
  const { logger } = memoryLogger('info', 'svc-participants');
  let openHumans: OpenHumansStandin;
  let config: ParticipantsConfig;
  /** The pseudonym the service gives a study ID, from the same key. */
  const pseudonymOf = (pgId: string) => studyPseudonyms(parseEncryptionKey(config.TOKEN_ENCRYPTION_KEY) as Buffer)(pgId);
  let svc: RunningParticipants;
  let scoring: SiblingService;
  let mongo: MongoClient;

  beforeAll(async () => {
    const port = await freePort();
    openHumans = createOpenHumansStandin(
      loadOpenHumansConfig({ PORT: '0', CLIENT_ID: OH_CLIENT_ID, CLIENT_SECRET: OH_CLIENT_SECRET, DEAUTH_WEBHOOK_URL: `http://127.0.0.1:${port}/api/openhumans/deauthorize`, WEBHOOK_SECRET: OH_WEBHOOK_SECRET }),
    );
    const ohUrl = (await openHumans.start()).url;
    config = participantsTestConfig(testEnv.env, {
      PORT: String(port),
      OH_BASE_URL: ohUrl,
      OH_CLIENT_ID,
      OH_CLIENT_SECRET,
      OH_WEBHOOK_SECRET,
      STUDY_EMAIL_HOST: HOST,
      ADMIN_MASTER_KEY: ADMIN_KEY,
      TYPEFINDER_WEBHOOK_SECRET: TF_SECRET,
      ADMIN_CALLS_LIMIT: '1000',
    });
    svc = await start(config, { logger });
    scoring = await startSiblingService('svc-scoring', { ...scoringNames.env, EVENTS_EXCHANGE: config.EVENTS_EXCHANGE });
    mongo = await MongoClient.connect(config.MONGO_URL);
  });

  afterAll(async () => {
    await scoring?.stop();
    await svc?.stop();
    await openHumans?.stop();
    await mongo?.db(scoringNames.dbName).dropDatabase();
    await mongo?.close();
    const connection = await amqpConnect(testEnv.env.AMQP_URL!);
    try {
      const channel = await connection.createChannel();
      const topology = consumerTopology(config.EVENTS_EXCHANGE, scoringNames.queue);
      for (const queue of [topology.queue, topology.deadLetterQueue, ...topology.retryQueues.map((r) => r.name)]) await channel.deleteQueue(queue);
      await channel.close();
    } finally {
      await connection.close();
    }
    await testEnv.cleanup();
  });

  // ---- the flows -----------------------------------------------------------------------------

  async function consent(sources: string[]): Promise<{ pgId: string; memberId: string }> {
    return consentThroughStudy(svc.url, { sources });
  }

  const save = (pgId: string, survey: unknown) => request(svc.url).post('/api/user/survey').send({ pgId, survey }).expect(200);

  async function typeFinder(pgId: string, typeCode: string): Promise<void> {
    const raw = JSON.stringify({ email: `${pgId}@${HOST}`, typeCode });
    await request(svc.url).post('/api/typefinder/results').set('content-type', 'application/json').set(SIGNATURE_HEADER, signBody(raw, TF_SECRET)).send(raw).expect(200);
    await request(svc.url).post('/api/user/tfresult').send({ pgId }).expect(200);
  }

  /** Nardi part one (the sample answers), then NT, NTJ, INTJ (consistency 10). */
  async function nardiSurvey(pgId: string): Promise<void> {
    await save(pgId, nardi('part-one'));
    await save(pgId, nardi('part-two', { selectedTemperament: 'NT' }));
    await save(pgId, nardi('part-three', { selectedTemperament: 'NT', selectedFP: 'NTJ' }));
    await save(pgId, nardi('completed', { selectedTemperament: 'NT', selectedFP: 'NTJ', selectedTypeCode: 'INTJ' }));
  }

  const finalTypeShown = (pgId: string) =>
    waitFor(async () => userViewSchema.parse((await request(svc.url).post('/api/user').send({ pgId }).expect(200)).body).finalScore?.typeCode, `the final type of ${pgId}`, 60_000);

  // ---- the downloads -------------------------------------------------------------------------

  async function link(resource: 'export' | 'dictionary'): Promise<string> {
    const answer = downloadLinkResponseSchema.parse((await request(svc.url).post('/api/admin/download-links').set('X-Master-Key', ADMIN_KEY).send({ resource }).expect(200)).body);
    return answer.url;
  }

  const records = (text: string): Row[] => parseCsv(text, { columns: true, bom: false, relax_column_count: false }) as Row[];
  const header = (text: string): string[] => (parseCsv(text, { to_line: 1 }) as string[][])[0]!;

  let full: { pgId: string; memberId: string };
  let bare: { pgId: string; memberId: string };
  let mixed: { pgId: string; memberId: string };

  it('makes three participants through the real flows: every instrument; consent only; TypeFinder and Nardi disagreeing with the self-assessment declined', async () => {
    full = await consent(['direct-sharing-131', 'direct-sharing-128', 'direct-sharing-138']);
    await typeFinder(full.pgId, 'INTJ');
    await nardiSurvey(full.pgId);
    await save(full.pgId, {
      id: 'selfAssessment',
      status: 'completed',
      index: 3,
      answers: [
        { id: 'personalityType', value: 'intj' },
        { id: 'typeSource', value: ['Read', { value: 'Other', extValue: FORMULA }] },
        { id: 'confidence', value: '90%' },
        { id: 'experience', value: 'MBTI Cert' },
      ],
    });
    await save(full.pgId, { id: 'mbti', status: 'started', index: 0, answers: [] });
    await save(full.pgId, { id: 'mbti', status: 'completed', index: 0, answers: [] });
    expect(await finalTypeShown(full.pgId)).toBe('INTJ');
    const mbti = { wholeType: 'INTJ', pci1: 21, pci2: 13, pci3: -7, pci4: 27, dpref1: 1, dpref2: 2, dpref3: 1, dpref4: 1.5 };
    await request(svc.url).post('/api/user/mbti').set('X-Master-Key', ADMIN_KEY).send({ [full.pgId]: mbti }).expect(200);

    bare = await consent([]);

    mixed = await consent(['direct-sharing-55']);
    await typeFinder(mixed.pgId, 'ENTJ');
    await nardiSurvey(mixed.pgId);
    await request(svc.url).post('/api/user/survey/upd').send({ pgId: mixed.pgId, update: { selfAssessment: { status: 'rejected' } } }).expect(200);
    expect(await finalTypeShown(mixed.pgId)).toBe('INTJ');
  });

  it('answers the export and the dictionary only with the master key or a link: 401 without, 403 with a wrong key, before anything is read', async () => {
    for (const path of [routes.analysisExport.path, routes.analysisDictionary.path]) {
      const missing = await request(svc.url).get(path).expect(401);
      expect(errorBodySchema.parse(missing.body).code).toBe('STAFF_SIGN_IN_REQUIRED');
      expect(missing.headers['content-disposition']).toBeUndefined();
      const wrong = await request(svc.url).get(path).set('X-Master-Key', `${ADMIN_KEY}x`).expect(403);
      expect(errorBodySchema.parse(wrong.body).code).toBe('ADMIN_KEY_INVALID');
      expect(wrong.headers['content-disposition']).toBeUndefined();
    }
    const refused = await request(svc.url).post('/api/admin/download-links').set('X-Master-Key', `${ADMIN_KEY}x`).send({ resource: 'export' }).expect(403);
    expect(errorBodySchema.parse(refused.body).code).toBe('ADMIN_KEY_INVALID');
  });

  it('downloads the export through a one-time link: one row per participant, every result in its column, the 16 Nardi scores from the v2 event, formulas neutralised', async () => {
    // The results reach svc-participants by event: wait until the MBTI upload's new final score and every Nardi result are in.
    await waitFor(
      async () => {
        const rows = records((await request(svc.url).get(routes.analysisExport.path).set('X-Master-Key', ADMIN_KEY).expect(200)).text);
        const byId = new Map(rows.map((row) => [row.pseudonym, row]));
        const a = byId.get(pseudonymOf(full.pgId));
        const c = byId.get(pseudonymOf(mixed.pgId));
        return a?.nardiScoreINTJ === '19' && a.finalType === 'INTJ' && a.mbtiType === 'INTJ' && c?.nardiScoreINTJ === '19' && c.finalDecidedBy === 'letterMajority' ? true : undefined;
      },
      'every result in the export',
      60_000,
    );

    const url = await link('export');
    expect(url.startsWith(`${routes.analysisExport.path}?token=`)).toBe(true);
    const res = await request(svc.url).get(url).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${ANALYSIS_EXPORT_FILE_NAME}"`);
    expect(res.headers['cache-control']).toBe('no-store');
    // Once only.
    expect(errorBodySchema.parse((await request(svc.url).get(url).expect(403)).body).code).toBe('DOWNLOAD_LINK_INVALID');

    const text = res.text;
    const rows = records(text);
    expect(rows.map((row) => row.pseudonym).sort()).toEqual([full.pgId, bare.pgId, mixed.pgId].map(pseudonymOf).sort());
    // Pseudonymous: no study ID, no Open Humans member id, no study e-mail, no token.
    for (const p of [full, bare, mixed]) expect([text.includes(p.pgId), text.includes(p.memberId)]).toEqual([false, false]);
    expect(text).not.toContain(`@${HOST}`);
    expect(text).not.toMatch(/access|refresh|Bearer/i);

    const a = rows.find((row) => row.pseudonym === pseudonymOf(full.pgId))!;
    expect(a).toMatchObject({
      consent: 'true',
      genotypeFilePresent: 'true',
      genotypeSources: 'direct-sharing-128;direct-sharing-131',
      typeFinderStatus: 'completed',
      typeFinderType: 'INTJ',
      nardiStatus: 'completed',
      nardiType: 'INTJ',
      nardiTemperamentChosen: 'NT',
      nardiPairChosen: 'NTJ',
      nardiConsistency: '10',
      selfAssessmentStatus: 'completed',
      selfAssessmentType: 'INTJ',
      selfAssessmentTypeSources: 'Read;Other',
      // Neutralised: a spreadsheet shows the participant's text instead of running it.
      selfAssessmentTypeSourceOther: `'${FORMULA}`,
      selfAssessmentConfidence: '90%',
      selfAssessmentExperience: 'MBTI Cert',
      mbtiStatus: 'completed',
      mbtiType: 'INTJ',
      mbtiPci1: '21',
      mbtiPci2: '13',
      mbtiPci3: "'-7",
      mbtiPci4: '27',
      mbtiDpref4: '1.5',
      finalType: 'INTJ',
      finalDecidedBy: 'allAgree',
      finalDecidedByEI: '',
      withdrawnAt: '',
    });
    // The 16 type scores, the dichotomy, temperament, pair and style scores: scoring's, by event.
    for (const [code, , , , , , , score] of SAMPLE_TYPE_TABLE) expect([code, a[`nardiScore${code}`]]).toEqual([code, String(score)]);
    for (const [letter, score] of Object.entries(SAMPLE_DICHOT_PREF)) expect(a[`nardiDichotomy${letter}`]).toBe(String(score));
    for (const { code, score } of SAMPLE_TEMPERAMENTS) expect(a[`nardiTemperament${code}`]).toBe(String(score));
    for (const { code, score } of SAMPLE_FUNCTIONAL_PAIRS) expect(a[`nardiPair${code}`]).toBe(String(score));
    for (const [code, score] of Object.entries(SAMPLE_INTERACTION_STYLES)) expect(a[`nardiStyle${code.charAt(0).toUpperCase()}${code.slice(1)}`]).toBe(String(score));
    for (const column of ['enrolledAt', 'consentedAt', 'typeFinderCompletedAt', 'nardiCompletedAt', 'selfAssessmentCompletedAt', 'mbtiCompletedAt', 'mbtiUploadedAt', 'finalScoredAt', 'updatedAt']) {
      expect([column, a[column]]).toEqual([column, expect.stringMatching(ISO)]);
    }
    expect(Date.parse(a.enrolledAt!)).toBeLessThanOrEqual(Date.parse(a.typeFinderCompletedAt!));
    expect(Date.parse(a.typeFinderCompletedAt!)).toBeLessThanOrEqual(Date.parse(a.nardiCompletedAt!));
    expect(Date.parse(a.nardiCompletedAt!)).toBeLessThanOrEqual(Date.parse(a.selfAssessmentCompletedAt!));

    const b = rows.find((row) => row.pseudonym === pseudonymOf(bare.pgId))!;
    const filled = Object.fromEntries(Object.entries(b).filter(([, value]) => value !== ''));
    expect(filled).toEqual({
      pseudonym: pseudonymOf(bare.pgId),
      consent: 'true',
      genotypeFilePresent: 'false',
      typeFinderStatus: 'pending',
      nardiStatus: 'pending',
      selfAssessmentStatus: 'pending',
      mbtiStatus: 'pending',
      enrolledAt: expect.stringMatching(ISO),
      consentedAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
    });

    // TypeFinder ENTJ, Nardi INTJ, self-assessment declined, no MBTI: letter by letter, the E/I tie to the higher Nardi score (I 108 > E 92).
    expect(rows.find((row) => row.pseudonym === pseudonymOf(mixed.pgId))).toMatchObject({
      genotypeSources: 'direct-sharing-55',
      typeFinderType: 'ENTJ',
      nardiType: 'INTJ',
      nardiDichotomyI: '108',
      selfAssessmentStatus: 'rejected',
      selfAssessmentType: '',
      selfAssessmentCompletedAt: expect.stringMatching(ISO),
      mbtiType: '',
      finalType: 'INTJ',
      finalDecidedBy: 'letterMajority',
      finalDecidedByEI: 'nardiScore',
      finalDecidedBySN: 'majority',
      finalDecidedByTF: 'majority',
      finalDecidedByJP: 'majority',
    });
  });

  it('downloads the data dictionary through its own link, naming every column of the export and nothing else', async () => {
    const exportLink = await link('export');
    // A link is for its own file only.
    expect(errorBodySchema.parse((await request(svc.url).get(`${routes.analysisDictionary.path}?${exportLink.split('?')[1]}`).expect(403)).body).code).toBe('DOWNLOAD_LINK_INVALID');

    const res = await request(svc.url).get(await link('dictionary')).expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${ANALYSIS_DICTIONARY_FILE_NAME}"`);
    const dictionary: AnalysisDictionary = analysisDictionarySchema.parse(res.body);
    expect(dictionary.file).toBe(ANALYSIS_EXPORT_FILE_NAME);

    const columns = header((await request(svc.url).get(exportLink).expect(200)).text);
    const named = dictionary.columns.map((column) => column.name);
    expect(columns.filter((name) => !named.includes(name))).toEqual([]);
    expect(named.filter((name) => !columns.includes(name))).toEqual([]);
    expect(named).toEqual(columns);
    for (const column of dictionary.columns) expect(column.meaning.length).toBeGreaterThan(10);
    expect(dictionary.columns.find((column) => column.name === 'finalType')?.values).toContain('Inconclusive');
    expect(dictionary.columns.find((column) => column.name === 'nardiScoreINTJ')).toMatchObject({ type: 'integer', minimum: 0, maximum: 25 });
  });
});
