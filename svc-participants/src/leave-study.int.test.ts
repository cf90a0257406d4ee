import { createHash } from 'node:crypto';
import { connect as amqpConnect } from 'amqplib';
import { MongoClient } from 'mongodb';
import request from 'supertest';
import {
  EventTypes,
  FINAL_REPORT_UPLOAD,
  userViewSchema,
  withdrawResponseSchema,
  type SurveyInput,
  type UserView,
} from '@study/contracts';
import { ATTEMPT_HEADER, CLOUDEVENTS_CONTENT_TYPE, consumerTopology, createEvent, type CloudEvent } from '@study/event-bus';
import { SAMPLE_ANSWERS } from '@study/personality/testing';
import { loggedParticipant, memoryLogger, serviceTestEnv, waitFor } from '@study/service-kit/testing';
import { createOpenHumansStandin, loadConfig as loadOpenHumansConfig, type OpenHumansStandin } from '@study/standin-open-humans';
import { SIGNATURE_HEADER, signBody } from '@study/standin-typefinder';
import { participantsDeps, start, type RunningParticipants } from './app';
import { OpenHumansClient } from './data-access/open-humans';
import { reconcileMembers } from './domain/reconcile-members';
import type { ParticipantsConfig } from './config';
import { participantsTestConfig } from './test-support/participants-test-config';
import { AUDIT_LOG_COLLECTION } from './data-access/audit-log-repository';
import { PARTICIPANTS_COLLECTION, type ParticipantDocument } from './data-access/participants-repository';
import { freePort } from '@study/test-infra';
import { startSiblingService, type SiblingService } from './test-support/sibling-services';
import { consentThroughStudy } from './test-support/consent-agreement';

/**
 * The final report on the member's Open Humans account, and leaving the study from the app:
 * svc-participants (here), svc-scoring and svc-reports (their own processes) on one exchange,
 * with the Open Humans stand-in as the platform.
 */

const OH_CLIENT_ID = 'study-client';
const OH_CLIENT_SECRET = 'study-secret-123';
const OH_WEBHOOK_SECRET = 'hook-secret-for-tests';
const OH_MASTER = 'oh-master-token-for-the-leave-tests';
const TF_SECRET = 'typefinder-secret-for-tests';
const HOST = 'study.example.org';
const ANSWERS = SAMPLE_ANSWERS.map(({ id, value }) => ({ id, value }));

interface StandinFile {
  id: number;
  basename: string;
  sha256: string;
  uploaded_by_project: boolean;
  metadata: { tags: string[]; description: string };
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function nardi(status: string, fields: Record<string, unknown> = {}): SurveyInput {
  return { id: 'nardi', status, index: 24, answers: ANSWERS, ...fields } as SurveyInput;
}

jest.setTimeout(90_000);

describe('The final report goes to Open Humans; a participant leaves from the app', () => {
  const testEnv = serviceTestEnv('participants-leave');
  const scoringNames = serviceTestEnv('svc-scoring');
  const reportsNames = serviceTestEnv('svc-reports');
  const { logger, lines } = memoryLogger('info', 'svc-participants');
  let openHumans: OpenHumansStandin;
  let ohUrl: string;
  let scoring: SiblingService;
  let reports: SiblingService;
  let config: ParticipantsConfig;
  let svc: RunningParticipants;
  let mongo: MongoClient;

  beforeAll(async () => {
    const port = await freePort();
    const studyUrl = `http://127.0.0.1:${port}`;
    openHumans = createOpenHumansStandin(
      loadOpenHumansConfig({
        PORT: '0',
        CLIENT_ID: OH_CLIENT_ID,
        CLIENT_SECRET: OH_CLIENT_SECRET,
        DEAUTH_WEBHOOK_URL: `${studyUrl}/api/openhumans/deauthorize`,
        WEBHOOK_SECRET: OH_WEBHOOK_SECRET,
        MASTER_ACCESS_TOKEN: OH_MASTER,
      }),
    );
    ohUrl = (await openHumans.start()).url;
    const exchange = testEnv.env.EVENTS_EXCHANGE!;
    [scoring, reports] = await Promise.all([
      startSiblingService('svc-scoring', { ...scoringNames.env, EVENTS_EXCHANGE: exchange, LOG_LEVEL: 'info' }),
      startSiblingService('svc-reports', { ...reportsNames.env, EVENTS_EXCHANGE: exchange, LOG_LEVEL: 'info' }),
    ]);
    config = participantsTestConfig(testEnv.env, {
      PORT: String(port),
      OH_BASE_URL: ohUrl,
      OH_CLIENT_ID,
      OH_CLIENT_SECRET,
      OH_WEBHOOK_SECRET,
      OH_MASTER_ACCESS_TOKEN: OH_MASTER,
      STUDY_EMAIL_HOST: HOST,
      TYPEFINDER_WEBHOOK_SECRET: TF_SECRET,
      // Quick retries, and enough of them to outlast the failures a test switches on.
      EVENTS_RETRY_DELAYS_MS: '300,600,1000',
      EVENTS_MAX_ATTEMPTS: '40',
    });
    svc = await start(config, { logger });
    mongo = await MongoClient.connect(config.MONGO_URL);
  });

  afterAll(async () => {
    await reports?.stop();
    await scoring?.stop();
    await svc?.stop();
    await openHumans?.stop();
    for (const names of [scoringNames, reportsNames]) await mongo?.db(names.dbName).dropDatabase();
    await mongo?.close();
    const connection = await amqpConnect(testEnv.env.AMQP_URL!);
    try {
      const channel = await connection.createChannel();
      for (const names of [scoringNames, reportsNames]) {
        const topology = consumerTopology(testEnv.env.EVENTS_EXCHANGE!, names.queue);
        for (const queue of [topology.queue, topology.deadLetterQueue, ...topology.retryQueues.map((r) => r.name)]) await channel.deleteQueue(queue);
      }
      await channel.close();
    } finally {
      await connection.close();
    }
    await testEnv.cleanup();
  });

  // ---- helpers -------------------------------------------------------------------------------

  async function consent(): Promise<{ pgId: string; memberId: string }> {
    return consentThroughStudy(svc.url);
  }

  const view = async (pgId: string): Promise<UserView> => userViewSchema.parse((await request(svc.url).post('/api/user').send({ pgId }).expect(200)).body);
  const save = (pgId: string, survey: unknown) => request(svc.url).post('/api/user/survey').send({ pgId, survey }).expect(200);
  const withdraw = (pgId: string, erase: boolean) => request(svc.url).post('/api/user/withdraw').send({ pgId, erase });
  const participantDoc = (pgId: string) => svc.ctx.db.collection<ParticipantDocument>(PARTICIPANTS_COLLECTION).findOne({ _id: pgId });

  async function finalReportPdf(pgId: string): Promise<Buffer> {
    const res = await fetch(`${reports.url}/api/user/report/${pgId}`);
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  }

  /** TypeFinder, Nardi, self-assessment declined: the final score, then the report PDF. */
  async function typeFinderTest(pgId: string): Promise<void> {
    const raw = JSON.stringify({ email: `${pgId}@${HOST}`, typeCode: 'INTJ' });
    await request(svc.url).post('/api/typefinder/results').set('content-type', 'application/json').set(SIGNATURE_HEADER, signBody(raw, TF_SECRET)).send(raw).expect(200);
    await request(svc.url).post('/api/user/tfresult').send({ pgId }).expect(200);
  }

  async function toFinalReport(pgId: string): Promise<UserView> {
    await typeFinderTest(pgId);
    await save(pgId, nardi('part-one'));
    await save(pgId, nardi('part-two', { selectedTemperament: 'NT' }));
    await save(pgId, nardi('part-three', { selectedTemperament: 'NT', selectedFP: 'NTJ' }));
    await save(pgId, nardi('completed', { selectedTemperament: 'NT', selectedFP: 'NTJ', selectedTypeCode: 'INTJ' }));
    await request(svc.url).post('/api/user/survey/upd').send({ pgId, update: { selfAssessment: { status: 'rejected' } } }).expect(200);
    return waitFor(async () => {
      const user = await view(pgId);
      return user.finalReport ? user : undefined;
    }, 'the final report on the dashboard', 30_000);
  }

  async function standinFiles(memberId: string): Promise<{ in_project: boolean; files: StandinFile[] }> {
    const res = await fetch(`${ohUrl}/_standin/members/${memberId}/files`);
    expect(res.status).toBe(200);
    return (await res.json()) as { in_project: boolean; files: StandinFile[] };
  }
  const projectFiles = async (memberId: string) => (await standinFiles(memberId)).files.filter((f) => f.uploaded_by_project);

  async function failNext(target: 'files' | 'upload' | 'remove-members', count: number): Promise<void> {
    const res = await fetch(`${ohUrl}/_standin/failures`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ target, count }) });
    expect(res.status).toBe(200);
  }
  const failures = async () => (await (await fetch(`${ohUrl}/_standin/failures`)).json()) as Record<string, { remaining: number; failed: number }>;

  /** The project's master token as the coordinator page has it now (a test may expire and regenerate it). */
  let master = OH_MASTER;
  async function projectMemberIds(): Promise<string[]> {
    const res = await fetch(`${ohUrl}/api/direct-sharing/project/members/?access_token=${master}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { results: Array<{ project_member_id: string }> }).results.map((m) => m.project_member_id);
  }

  async function deadLetters(): Promise<number> {
    const connection = await amqpConnect(config.AMQP_URL);
    try {
      const channel = await connection.createChannel();
      const { messageCount } = await channel.checkQueue(consumerTopology(config.EVENTS_EXCHANGE, config.EVENTS_QUEUE).deadLetterQueue);
      await channel.close();
      return messageCount;
    } finally {
      await connection.close();
    }
  }

  const reportFile = (memberId: string, pdf: Buffer) =>
    waitFor(async () => {
      const files = await projectFiles(memberId);
      return files.length === 1 && files[0]!.sha256 === sha256(pdf) ? files[0] : undefined;
    }, 'the final report on the member’s Open Humans account', 30_000);

  /** reports.report.generated.v2 for the report the participant holds, carrying the PDF svc-reports serves. */
  async function reportEventOf(pgId: string, change: Record<string, unknown> = {}): Promise<CloudEvent> {
    const user = await view(pgId);
    const pdf = await finalReportPdf(pgId);
    const data = {
      report: 'final',
      scoreVersion: 1,
      typeCode: user.finalScore!.typeCode,
      contentType: 'application/pdf',
      byteLength: pdf.length,
      generatedAt: user.finalReport!.generatedAt,
      pdf: pdf.toString('base64'),
      sha256: sha256(pdf),
      ...change,
    };
    return createEvent({ type: EventTypes.reportGeneratedV2, source: 'svc-reports', subject: pgId, data }) as CloudEvent;
  }
  const handled = (eventId: string) => waitFor(() => svc.ctx.db.collection('inbox').findOne({ _id: eventId as never }), 'the copy to be handled', 20_000);

  // ---- the final report on Open Humans ---------------------------------------------------------

  describe('a participant with a final report', () => {
    let pgId: string;
    let memberId: string;

    it('has it on their Open Humans account, once, with tags and a short description', async () => {
      ({ pgId, memberId } = await consent());
      await toFinalReport(pgId);
      const file = await reportFile(memberId, await finalReportPdf(pgId));
      expect(file).toMatchObject({ basename: FINAL_REPORT_UPLOAD.basename, metadata: { tags: [...FINAL_REPORT_UPLOAD.tags], description: FINAL_REPORT_UPLOAD.description } });
      expect(file.metadata.description.length).toBeLessThan(100);
      // The genotype file the member shares is untouched.
      expect((await standinFiles(memberId)).files.filter((f) => !f.uploaded_by_project)).toHaveLength(1);
    });

    /** The report's event once more, as a redelivery brings it; answers its id. */
    async function redeliverReportEvent(): Promise<string> {
      const copy = await reportEventOf(pgId);
      await svc.ctx.broker.publish(copy as CloudEvent);
      return copy.id;
    }

    it('a redelivered report event replaces the file: still one copy', async () => {
      const [before] = await projectFiles(memberId);
      await handled(await redeliverReportEvent());
      const after = await projectFiles(memberId);
      expect(after).toHaveLength(1);
      expect(after[0]!.id).not.toBe(before!.id);
      expect(after[0]!.sha256).toBe(sha256(await finalReportPdf(pgId)));
    });

    it('a replacement is uploaded before the copy there goes: while its upload fails, the copy there before stays', async () => {
      const [before] = await projectFiles(memberId);
      const failedBefore = (await failures()).upload?.failed ?? 0;
      await failNext('upload', 1000);
      const eventId = await redeliverReportEvent();
      await waitFor(async () => ((await failures()).upload!.failed >= failedBefore + 2 ? true : undefined), 'the upload to fail twice', 30_000);
      expect((await projectFiles(memberId)).map((file) => file.id)).toEqual([before!.id]);

      await failNext('upload', 0);
      await handled(eventId);
      const after = await projectFiles(memberId);
      expect(after).toHaveLength(1);
      expect(after[0]!.id).not.toBe(before!.id);
    });

    it('withdrawing with erasure removes the member from the project and erases the participant in every service', async () => {
      expect(await projectMemberIds()).toContain(memberId);
      const scoringDb = mongo.db(scoringNames.dbName);
      const reportsDb = mongo.db(reportsNames.dbName);
      // There before, so its absence after proves the erasure (which may reach scoring at once).
      expect(await scoringDb.collection('scores').countDocuments({ _id: pgId as never })).toBe(1);
      const res = await withdraw(pgId, true).expect(200);
      expect(withdrawResponseSchema.parse(res.body)).toEqual({ outcome: 'erased', removedFromOpenHumans: true });
      expect(await projectMemberIds()).not.toContain(memberId);
      expect((await standinFiles(memberId)).in_project).toBe(false);

      await waitFor(async () => (await scoringDb.collection('scores').countDocuments({ _id: pgId as never })) === 0, 'scoring to erase', 20_000);
      await waitFor(async () => (await reportsDb.collection('reports').countDocuments({ _id: pgId as never })) === 0, 'reports to erase', 20_000);
      await waitFor(async () => (await reportsDb.collection('final-report-files').countDocuments({ pgId })) === 0, 'the report files to go', 20_000);
      expect(await participantDoc(pgId)).toMatchObject({ erased: true });
      expect((await participantDoc(pgId))?.openHumans).toBeUndefined();
      expect(await svc.ctx.db.collection('member-links').countDocuments({ _id: memberId as never })).toBe(0);
      expect((await request(svc.url).post('/api/user').send({ pgId }).expect(404)).body.code).toBe('PARTICIPANT_NOT_FOUND');
      expect((await withdraw(pgId, true).expect(404)).body.code).toBe('PARTICIPANT_NOT_FOUND');
    });
  });

  it('a failed upload never holds the participant up, is retried from its event and lands once: nothing lost, nothing doubled', async () => {
    const { pgId, memberId } = await consent();
    const dlqBefore = await deadLetters();
    await failNext('files', 1000);
    const user = await toFinalReport(pgId);
    // The dashboard shows the report and it downloads while Open Humans keeps failing.
    expect(user.finalReport).not.toBeNull();
    const pdf = await finalReportPdf(pgId);
    await waitFor(async () => ((await failures()).files!.failed >= 3 ? true : undefined), 'the upload to be tried three times', 30_000);
    expect(await projectFiles(memberId)).toEqual([]);

    await failNext('files', 0);
    await reportFile(memberId, pdf);
    // Nothing more arrives after it landed.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await projectFiles(memberId)).toHaveLength(1);
    expect(await deadLetters()).toBe(dlqBefore);
  });

  describe('withdrawing without erasure', () => {
    let pgId: string;
    let memberId: string;

    it('keeps the data, sets consent false, and removes the member from the project', async () => {
      ({ pgId, memberId } = await consent());
      await typeFinderTest(pgId);
      const res = await withdraw(pgId, false).expect(200);
      expect(res.body).toEqual({ outcome: 'withdrawn', removedFromOpenHumans: true });
      expect(await projectMemberIds()).not.toContain(memberId);
      const user = await view(pgId);
      expect(user.access.consent).toBe(false);
      expect(user.typeFinder).toMatchObject({ status: 'completed', typeCode: 'INTJ' });
      const doc = await participantDoc(pgId);
      expect(doc?.withdrawnAt).toBeInstanceOf(Date);
      expect(doc?.openHumans).toEqual({ memberId });
    });

    it('asked again, changes nothing and does not call Open Humans; erasure can still follow', async () => {
      expect((await withdraw(pgId, false).expect(200)).body).toEqual({ outcome: 'already-withdrawn', removedFromOpenHumans: false });
      expect((await withdraw(pgId, true).expect(200)).body).toEqual({ outcome: 'erased', removedFromOpenHumans: false });
      expect(await participantDoc(pgId)).toMatchObject({ erased: true });
    });
  });

  /** Posts to one of the stand-in's test controls; answers its JSON. */
  async function control(path: string, body: unknown = {}): Promise<Record<string, unknown>> {
    const res = await fetch(`${ohUrl}/_standin/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(res.status).toBe(200);
    return (await res.json()) as Record<string, unknown>;
  }
  const auditEntries = (pgId: string, action: string) => svc.ctx.db.collection(AUDIT_LOG_COLLECTION).countDocuments({ pgId, action });

  it("withdraws with the member's own token: the project's master token has expired, and nothing fails", async () => {
    const { pgId, memberId } = await consent();
    await control('master-token/expire');
    try {
      expect((await withdraw(pgId, false).expect(200)).body).toEqual({ outcome: 'withdrawn', removedFromOpenHumans: true });
    } finally {
      master = (await control('master-token/regenerate')).master_access_token as string;
    }
    expect(await projectMemberIds()).not.toContain(memberId);
    expect((await view(pgId)).access.consent).toBe(false);
  });

  it('the notice Open Humans sends from inside the removal and the withdrawal itself leave one withdrawal on record', async () => {
    const { pgId } = await consent();
    expect((await withdraw(pgId, false).expect(200)).body).toEqual({ outcome: 'withdrawn', removedFromOpenHumans: true });
    const notices = (await (await fetch(`${ohUrl}/_standin/webhooks`)).json()) as { attempts: unknown[] };
    expect(notices.attempts.length).toBeGreaterThan(0);
    await waitFor(async () => ((await auditEntries(pgId, 'consent.withdrawn')) > 0 ? true : undefined), 'the withdrawal in the audit trail', 20_000);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await auditEntries(pgId, 'consent.withdrawn')).toBe(1);
  });

  describe('a member Open Humans has let go without the study hearing of it', () => {
    afterEach(async () => {
      await control('webhooks/timestamp-bug', { enabled: false });
    });

    it('left on Open Humans and the notice never came: withdrawing from the dashboard completes, data kept', async () => {
      const { pgId, memberId } = await consent();
      // The platform's current source sends no notice for a leave without erasure.
      await control('webhooks/timestamp-bug', { enabled: true });
      await fetch(`${ohUrl}/_standin/members/${memberId}/deauthorize`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ erasure_requested: false }) });
      expect(await projectMemberIds()).not.toContain(memberId);
      expect((await view(pgId)).access.consent).toBe(true);

      expect((await withdraw(pgId, false).expect(200)).body).toEqual({ outcome: 'withdrawn', removedFromOpenHumans: true });
      expect((await view(pgId)).access.consent).toBe(false);
      expect((await participantDoc(pgId))?.withdrawnAt).toBeInstanceOf(Date);
    });

    it('Open Humans removes the member and then answers 500: the study checks with their token, and the withdrawal completes', async () => {
      const { pgId, memberId } = await consent();
      await control('webhooks/timestamp-bug', { enabled: true });
      expect((await withdraw(pgId, true).expect(200)).body).toEqual({ outcome: 'erased', removedFromOpenHumans: true });
      expect(await projectMemberIds()).not.toContain(memberId);
      expect(await participantDoc(pgId)).toMatchObject({ erased: true });
    });
  });

  it("a member whose leave never reached the study is withdrawn, data kept, once Open Humans refuses their grant (here for the report's upload)", async () => {
    const { pgId, memberId } = await consent();
    await control('webhooks/timestamp-bug', { enabled: true });
    try {
      await fetch(`${ohUrl}/_standin/members/${memberId}/deauthorize`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ erasure_requested: false }) });
    } finally {
      await control('webhooks/timestamp-bug', { enabled: false });
    }
    expect((await view(pgId)).access.consent).toBe(true);
    await toFinalReport(pgId);
    await waitFor(async () => ((await view(pgId)).access.consent ? undefined : true), 'the participant withdrawn', 30_000);
    expect((await participantDoc(pgId))?.withdrawnAt).toBeInstanceOf(Date);
    expect((await view(pgId)).typeFinder).toMatchObject({ status: 'completed', typeCode: 'INTJ' });
    await waitFor(async () => ((await auditEntries(pgId, 'consent.withdrawn')) > 0 ? true : undefined), 'the withdrawal in the audit trail', 20_000);
    expect(await auditEntries(pgId, 'consent.withdrawn')).toBe(1);
  });

  describe('the member reconciliation', () => {
    /** The service's parts with the master token the coordinator page shows now (an earlier test renewed it). */
    const withLiveMaster = () => ({
      ...participantsDeps(svc.ctx),
      openHumans: new OpenHumansClient({ baseUrl: ohUrl, clientId: OH_CLIENT_ID, clientSecret: OH_CLIENT_SECRET, masterAccessToken: master }),
    });
    /** A member leaves on Open Humans, and no notice reaches the study (the platform's current source sends none). */
    async function leaveWithoutNotice(memberId: string): Promise<void> {
      await control('webhooks/timestamp-bug', { enabled: true });
      try {
        await fetch(`${ohUrl}/_standin/members/${memberId}/deauthorize`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ erasure_requested: false }) });
      } finally {
        await control('webhooks/timestamp-bug', { enabled: false });
      }
    }

    it('finds a leave whose notice never came in one run, from the paged member list, and withdraws that member, data kept; the others stay', async () => {
      const staying = await consent();
      const leaving = await consent();
      await typeFinderTest(leaving.pgId);
      await leaveWithoutNotice(leaving.memberId);
      expect((await view(leaving.pgId)).access.consent).toBe(true);

      const report = await reconcileMembers(withLiveMaster());
      expect(report).toMatchObject({ checkedBy: 'member-list', failed: 0 });
      expect(report.withdrawn).toBeGreaterThanOrEqual(1);
      expect(report.linked).toBeGreaterThanOrEqual(2);
      expect((await view(leaving.pgId)).access.consent).toBe(false);
      expect((await view(leaving.pgId)).typeFinder).toMatchObject({ status: 'completed', typeCode: 'INTJ' });
      expect((await participantDoc(leaving.pgId))?.withdrawnAt).toBeInstanceOf(Date);
      expect((await view(staying.pgId)).access.consent).toBe(true);
      await waitFor(async () => ((await auditEntries(leaving.pgId, 'consent.withdrawn')) > 0 ? true : undefined), 'the withdrawal in the audit trail', 20_000);

      // A second run finds nothing more to do.
      expect(await reconcileMembers(withLiveMaster())).toMatchObject({ checkedBy: 'member-list', asked: 0, withdrawn: 0 });
      expect(await auditEntries(leaving.pgId, 'consent.withdrawn')).toBe(1);
    });

    it('with the master token expired, asks each member with their own grant: the one who left is withdrawn, nobody else', async () => {
      const staying = await consent();
      const leaving = await consent();
      await leaveWithoutNotice(leaving.memberId);
      await control('master-token/expire');
      let report: Awaited<ReturnType<typeof reconcileMembers>>;
      try {
        report = await reconcileMembers(withLiveMaster());
      } finally {
        master = (await control('master-token/regenerate')).master_access_token as string;
      }
      expect(report).toMatchObject({ checkedBy: 'member-tokens', failed: 0 });
      expect(report.withdrawn).toBeGreaterThanOrEqual(1);
      expect(report.asked).toBe(report.linked);
      expect((await view(leaving.pgId)).access.consent).toBe(false);
      expect((await view(staying.pgId)).access.consent).toBe(true);
    });

    it("reads again the data of members still in without a genotype file: one added since is found, and a grant refused there means the member left", async () => {
      const FITBIT = 'direct-sharing-138';
      const TWENTY_THREE_AND_ME = 'direct-sharing-128';
      const adds = await consentThroughStudy(svc.url, { sources: [FITBIT] });
      const refused = await consentThroughStudy(svc.url, { sources: [FITBIT] });
      expect((await view(adds.pgId)).access.snpFileUploaded).toBe(false);
      // One shares a genotype source on Open Humans after consenting; the other's grant is refused.
      const files = await fetch(`${ohUrl}/_standin/members/${adds.memberId}/files`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ files: [{ source: TWENTY_THREE_AND_ME }], sources_shared: [TWENTY_THREE_AND_ME] }),
      });
      expect(files.status).toBe(200);
      const { accessToken } = (await participantsDeps(svc.ctx).participants.readTokens(refused.pgId))!.tokens;
      await control(`tokens/${accessToken}/revoke`, { refresh_token: true });

      const report = await reconcileMembers(withLiveMaster());
      expect(report.genotypeRechecked).toBeGreaterThanOrEqual(2);
      expect(report.genotypeFound).toBeGreaterThanOrEqual(1);
      expect((await view(adds.pgId)).access).toMatchObject({ consent: true, snpFileUploaded: true });
      expect((await view(refused.pgId)).access.consent).toBe(false);
      expect((await participantDoc(refused.pgId))?.withdrawnAt).toBeInstanceOf(Date);
    });
  });

  it('while Open Humans cannot remove the member: 503 with Retry-After, and nothing changed; then it works', async () => {
    const { pgId, memberId } = await consent();
    await failNext('remove-members', 1);
    const res = await withdraw(pgId, true).expect(503);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(res.body.code).toBe('OH_UNAVAILABLE');
    expect(res.body.error).toMatch(/Nothing has changed/);
    expect((await view(pgId)).access.consent).toBe(true);
    expect(await projectMemberIds()).toContain(memberId);
    expect((await participantDoc(pgId))?.openHumans?.tokens).toBeDefined();

    expect((await withdraw(pgId, true).expect(200)).body).toEqual({ outcome: 'erased', removedFromOpenHumans: true });
    expect(await projectMemberIds()).not.toContain(memberId);
  });

  it('refuses a body without a yes-or-no erase, naming the field, and an unknown study ID', async () => {
    const { pgId } = await consent();
    const missing = await withdraw(pgId, undefined as unknown as boolean).expect(400);
    expect(missing.body.error).toMatch(/erase/);
    const wrong = await request(svc.url).post('/api/user/withdraw').send({ pgId, erase: 'yes' }).expect(400);
    expect(wrong.body.error).toMatch(/erase/);
    expect((await withdraw('6f1c2a9e-3b4d-4c5e-9f60-718293a4b5c6', false).expect(404)).body.code).toBe('PARTICIPANT_NOT_FOUND');
    expect((await view(pgId)).access.consent).toBe(true);
  });

  // Last: the event parked here adds to the dead-letter queue, which a test above counts.
  describe('the report events an upgrade or a fault may bring', () => {
    let pgId: string;
    let memberId: string;
    let shared: StandinFile;

    it('reports.report.generated.v1 (from a svc-reports older than v2) records the report, makes no HTTP call, and logs that its PDF is not shared', async () => {
      ({ pgId, memberId } = await consent());
      await toFinalReport(pgId);
      shared = await reportFile(memberId, await finalReportPdf(pgId));
      const user = await view(pgId);
      // The same score version made again later, as the older release announced a report.
      const generatedAt = new Date(Date.parse(user.finalReport!.generatedAt) + 60_000).toISOString();
      const data = { report: 'final', scoreVersion: 1, typeCode: user.finalScore!.typeCode, contentType: 'application/pdf', byteLength: 1234, generatedAt };
      const old = createEvent({ type: EventTypes.reportGenerated, source: 'svc-reports', subject: pgId, data }) as CloudEvent;
      const calls = jest.spyOn(globalThis, 'fetch');
      try {
        await svc.ctx.broker.publish(old);
        await handled(old.id);
        expect(calls).not.toHaveBeenCalled();
      } finally {
        calls.mockRestore();
      }
      expect((await view(pgId)).finalReport).toEqual({ generatedAt });
      expect(lines().filter((l) => l.level === 'warn' && l.participant === loggedParticipant(pgId) && /reports\.report\.generated\.v1/.test(String(l.msg)))).toHaveLength(1);
      // The copy shared before stays, alone.
      expect((await projectFiles(memberId)).map((file) => file.id)).toEqual([shared.id]);
    });

    it('reports.report.generated.v2 whose PDF does not match its SHA-256 is retried, then parked on the dead-letter queue: nothing uploaded', async () => {
      const broken = await reportEventOf(pgId, { sha256: sha256(Buffer.from('another file')) });
      const dlqBefore = await deadLetters();
      // Delivered as its next-to-last attempt: one retry, then parked.
      const connection = await amqpConnect(config.AMQP_URL);
      try {
        const channel = await connection.createConfirmChannel();
        channel.publish(config.EVENTS_EXCHANGE, broken.type, Buffer.from(JSON.stringify(broken)), {
          persistent: true,
          messageId: broken.id,
          type: broken.type,
          contentType: CLOUDEVENTS_CONTENT_TYPE,
          headers: { [ATTEMPT_HEADER]: config.EVENTS_MAX_ATTEMPTS! - 1 },
        });
        await channel.waitForConfirms();
        await channel.close();
      } finally {
        await connection.close();
      }
      await waitFor(async () => ((await deadLetters()) === dlqBefore + 1 ? true : undefined), 'the event to be parked', 20_000);
      const failures = lines().filter((l) => l.eventId === broken.id && /SHA-256/.test(JSON.stringify(l.err)));
      expect(failures.map((l) => l.msg)).toEqual(['event handling failed; will retry', `event failed ${config.EVENTS_MAX_ATTEMPTS} times; sent to the dead-letter queue`]);
      expect(await svc.ctx.db.collection('inbox').findOne({ _id: broken.id as never })).toBeNull();
      expect((await projectFiles(memberId)).map((file) => file.id)).toEqual([shared.id]);
    });
  });
});
