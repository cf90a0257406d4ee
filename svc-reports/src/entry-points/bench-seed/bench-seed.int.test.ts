import { benchSeedPlanSchema, benchSeedReportSchema, type BenchSeedParticipant } from '@study/bench-seed';
import { nardiCompletedV2DataSchema, nardiScoredDataSchema } from '@study/contracts';
import { benchSeedPlanFixture } from '@study/bench-seed/testing';
import { benchSeedCommand } from '@study/service-kit';
import { memoryLogger, serviceTestEnv } from '@study/service-kit/testing';
import { reportsDeps, start, type RunningReports } from '../../app';
import { loadReportsConfig } from '../../config';
import { REPORTS_COLLECTION } from '../../data-access/reports-collection';
import type { ReportsDeps } from '../../domain/deps';
import { getNardiReport } from '../../domain/nardi-report/get-nardi-report';
import { recordConsent, recordNardiResult } from '../../domain/nardi-report/record-nardi-events';
import { reportsBenchSeed, seedBenchReports } from './seed-reports';

const ONE = { pgId: '6c2f1d5b-9e3a-4b7c-8d4e-000000000001', index: 0, memberId: '30000000' };
const TWO = { pgId: '6c2f1d5b-9e3a-4b7c-8d4e-000000000002', index: 1, memberId: '30000001', typeFinderType: 'ENFP' };
const SEEDED = '6c2f1d5b-9e3a-4b7c-8d4e-000000000003';
const BY_EVENTS = '6c2f1d5b-9e3a-4b7c-8d4e-000000000004';

describe("svc-reports' bench-seed command", () => {
  const testEnv = serviceTestEnv('reports-bench-seed');
  const { logger } = memoryLogger('warn', 'svc-reports');
  const input = benchSeedPlanFixture([ONE, TWO]);
  const plan = benchSeedPlanSchema.parse(input);
  let svc: RunningReports;
  let deps: ReportsDeps;

  beforeAll(async () => {
    svc = await start(loadReportsConfig(testEnv.env), { logger });
    deps = reportsDeps(svc.ctx);
  });

  afterAll(async () => {
    await svc?.stop();
    await testEnv.cleanup();
  });

  const raw = (pgId: string) => svc.ctx.db.collection(REPORTS_COLLECTION).findOne({ _id: pgId as never });

  it('stores the plan with the service configuration, printing what it stored', async () => {
    const lines: string[] = [];
    const errors: string[] = [];
    const io = { args: [], env: { ...testEnv.env, BENCH_SEED: 'allow' }, readStdin: async () => JSON.stringify(input), readFile: () => '', out: (l: string) => lines.push(l), err: (l: string) => errors.push(l) };
    expect(await benchSeedCommand(reportsBenchSeed(io.env), io)).toBe(0);
    expect(errors).toEqual([]);
    expect(lines.map((line) => benchSeedReportSchema.parse(JSON.parse(line)))).toEqual([{ service: 'svc-reports', stored: { reports: 2 } }]);
  });

  it("builds each participant's Nardi report from the stored result", async () => {
    for (const p of plan.participants) {
      const report = await getNardiReport(deps, p.pgId);
      expect(report).toMatchObject({ pgId: p.pgId, status: 'completed', consistency: { score: p.nardi.completion.consistency, outOf: 10 } });
      expect(report.favourite.typeCode).toBe(p.nardi.completion.typeCode);
      expect(report.topTypes.map((t) => t.code)).toEqual(p.nardi.scores.typeCodes.slice(0, 3).map((t) => t.code));
      expect((await deps.reports.find(p.pgId))?.nardiReport?.completedAt).toEqual(p.at.nardiCompleted);
    }
  });

  it("stores the very document the journey's events make through the service's own handling", async () => {
    const planned = plan.participants[0]!;
    const seeded: BenchSeedParticipant = { ...planned, pgId: SEEDED };
    const made: BenchSeedParticipant = { ...planned, pgId: BY_EVENTS };
    await seedBenchReports(svc.ctx.db, { participants: [seeded] });
    // The consent, then svc-scoring's completion event (the scores as it publishes them), at the times the plan has for the writes.
    const at = (now: Date): ReportsDeps => ({ ...deps, now: () => now });
    await recordConsent(at(made.at.consented), made.pgId, made.at.consented);
    const { completion } = made.nardi;
    const completed = nardiCompletedV2DataSchema.parse({
      typeCode: completion.typeCode,
      consistency: completion.consistency,
      selectedTemperament: completion.selectedTemperament,
      selectedFP: completion.selectedFP,
      completedAt: made.at.nardiCompleted.toISOString(),
      scores: nardiScoredDataSchema.parse(made.nardi.scores),
    });
    await recordNardiResult(at(made.at.updated), made.pgId, completed, 'scoring.nardi.completed.v2');

    const bySeed = await raw(SEEDED);
    expect(bySeed?.outbox).toBeUndefined();
    expect({ ...bySeed, _id: BY_EVENTS }).toEqual(await raw(BY_EVENTS));
  });
});
