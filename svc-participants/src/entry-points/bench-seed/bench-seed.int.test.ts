import request from 'supertest';
import { benchSeedPlanSchema, benchSeedReportSchema } from '@study/bench-seed';
import { AuditActions, userViewSchema } from '@study/contracts';
import { benchSeedPlanFixture } from '@study/bench-seed/testing';
import { benchSeedCommand, type BenchSeedIo } from '@study/service-kit';
import { memoryLogger, serviceTestEnv } from '@study/service-kit/testing';
import { createOpenHumansStandin, loadConfig as loadOpenHumansConfig, type OpenHumansStandin } from '@study/standin-open-humans';
import { freePort } from '@study/test-infra';
import { participantsDeps, start, type RunningParticipants } from '../../app';
import { loadParticipantsConfig } from '../../config';
import { participantsTestEnv } from '../../test-support/participants-test-config';
import { AUDIT_LOG_COLLECTION } from '../../data-access/audit-log-repository';
import { AwaitingSteps } from '../../data-access/awaiting-steps';
import { TYPEFINDER_INBOX_COLLECTION } from '../../data-access/typefinder-inbox-repository';
import type { ParticipantsDeps } from '../../domain/deps';
import { participantsBenchSeed } from './seed-participants';

const OH_CLIENT_ID = 'study-client';
const OH_CLIENT_SECRET = 'study-secret-123';
const OH_WEBHOOK_SECRET = 'hook-secret-for-tests';
const HOST = 'study.example.org';

const ONE = { pgId: '4d0a9b3c-7e1f-4c2a-8b5d-000000000001', index: 0, memberId: '30000000' };
const TWO = { pgId: '4d0a9b3c-7e1f-4c2a-8b5d-000000000002', index: 1, memberId: '30000001', typeFinderType: 'ESFP' };

describe("svc-participants' bench-seed command", () => {
  const testEnv = serviceTestEnv('participants-bench-seed');
  const { logger } = memoryLogger('warn', 'svc-participants');
  const input = benchSeedPlanFixture([ONE, TWO]);
  const plan = benchSeedPlanSchema.parse(input);
  let openHumans: OpenHumansStandin;
  let env: Record<string, string>;
  let svc: RunningParticipants;
  let deps: ParticipantsDeps;

  beforeAll(async () => {
    const studyUrl = `http://127.0.0.1:${await freePort()}`;
    openHumans = createOpenHumansStandin(
      loadOpenHumansConfig({ PORT: '0', CLIENT_ID: OH_CLIENT_ID, CLIENT_SECRET: OH_CLIENT_SECRET, DEAUTH_WEBHOOK_URL: `${studyUrl}/api/openhumans/deauthorize`, WEBHOOK_SECRET: OH_WEBHOOK_SECRET }),
    );
    env = participantsTestEnv(testEnv.env, {
      OH_BASE_URL: (await openHumans.start()).url,
      OH_CLIENT_ID,
      OH_CLIENT_SECRET,
      OH_WEBHOOK_SECRET,
      STUDY_EMAIL_HOST: HOST,
    });
    svc = await start(loadParticipantsConfig(env), { logger });
    deps = participantsDeps(svc.ctx);
  });

  afterAll(async () => {
    await svc?.stop();
    await openHumans?.stop();
    await testEnv.cleanup();
  });

  function io(args: string[] = []): BenchSeedIo & { lines: string[]; errors: string[] } {
    const lines: string[] = [];
    const errors: string[] = [];
    return { args, env: { ...env, BENCH_SEED: 'allow' }, readStdin: async () => JSON.stringify(input), readFile: () => '', out: (l) => lines.push(l), err: (l) => errors.push(l), lines, errors };
  }

  it('refuses a concurrency that is not one, before it writes anything', async () => {
    const run = io(['--concurrency=0']);
    expect(await benchSeedCommand(participantsBenchSeed(run.env), run)).toBe(1);
    expect(run.errors).toEqual(['svc-participants bench-seed: --concurrency must be a whole number from 1 to 64, not 0']);
    expect(await deps.participants.findById(ONE.pgId)).toBeNull();
  });

  it('makes each participant an Open Humans member, stores them with the service configuration and prints who is whom', async () => {
    const run = io(['--concurrency=2']);
    expect(await benchSeedCommand(participantsBenchSeed(run.env), run)).toBe(0);
    expect(run.errors).toEqual([]);
    const [report, ...more] = run.lines.map((line) => benchSeedReportSchema.parse(JSON.parse(line)));
    expect(more).toEqual([]);
    expect(report).toEqual({
      service: 'svc-participants',
      stored: { 'member-links': 2, 'typefinder-inbox': 2, 'audit-log': 2, participants: 2 },
      members: [
        { pgId: ONE.pgId, memberId: ONE.memberId },
        { pgId: TWO.pgId, memberId: TWO.memberId },
      ],
      membersAuthorizedMs: expect.any(Number),
    });
  });

  it("shows each participant on the dashboard as at the self-assessment step, TypeFinder and Nardi done", async () => {
    for (const p of plan.participants) {
      const view = userViewSchema.parse((await request(svc.url).post('/api/user').send({ pgId: p.pgId }).expect(200)).body);
      expect(view.access).toEqual({ pgId: p.pgId, consent: true, dataReady: false, snpFileUploaded: true });
      expect(view.consentRenewal).toBeNull();
      expect(view.typeFinder).toEqual({ id: 'typeFinder', status: 'completed', index: 0, answers: [], typeCode: p.typeFinder.typeCode });
      expect(view.nardi).toMatchObject({ status: 'completed', typeCode: p.nardi.completion.typeCode, consistency: p.nardi.completion.consistency });
      expect((await deps.participants.findById(p.pgId))?.surveys.nardi).toMatchObject({ answers: p.nardi.answers, selectedTypeCode: p.nardi.selections.selectedTypeCode, completedAt: p.at.nardiCompleted });
      expect(view.selfAssessment.status).toBe('pending');
      // Claiming the TypeFinder result again answers the stored one.
      expect((await request(svc.url).post('/api/user/tfresult').send({ pgId: p.pgId }).expect(200)).body).toEqual({ typeCode: p.typeFinder.typeCode });
    }
    // The reminders find them waiting at the self-assessment since their Nardi completion.
    const waiting: string[] = [];
    for await (const w of AwaitingSteps.fromDb(svc.ctx.db).waitingSince('selfAssessment', new Date())) waiting.push(w.pgId);
    expect(waiting.sort()).toEqual([ONE.pgId, TWO.pgId]);
  });

  it('holds a live grant for each member, linked to their study ID, with their consent in the audit trail and their TypeFinder row', async () => {
    for (const p of plan.participants) {
      expect(await deps.memberLinks.findPgId(p.memberId)).toBe(p.pgId);
      const held = await deps.participants.readTokens(p.pgId);
      expect(held?.memberId).toBe(p.memberId);
      expect((await deps.openHumans.getMember(held!.tokens.accessToken)).projectMemberId).toBe(p.memberId);
      expect(await svc.ctx.db.collection(AUDIT_LOG_COLLECTION).findOne({ pgId: p.pgId })).toMatchObject({ action: AuditActions.consentGiven, actor: 'participant', at: p.at.consented });
      expect(await svc.ctx.db.collection(TYPEFINDER_INBOX_COLLECTION).findOne({ _id: `${p.pgId}@${HOST}` as never })).toMatchObject({ typeCode: p.typeFinder.typeCode, source: 'webhook' });
    }
  });
});
