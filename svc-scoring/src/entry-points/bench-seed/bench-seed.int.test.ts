import { benchSeedPlanSchema, benchSeedReportSchema, type BenchSeedParticipant } from '@study/bench-seed';
import { benchSeedPlanFixture } from '@study/bench-seed/testing';
import { benchSeedCommand } from '@study/service-kit';
import { memoryLogger, serviceTestEnv } from '@study/service-kit/testing';
import { scoringDeps, start, type RunningScoring } from '../../app';
import { loadScoringConfig } from '../../config';
import { SCORES_COLLECTION } from '../../data-access/scores-collection';
import type { ScoringDeps } from '../../domain/deps';
import { recordConsent, recordSelfAssessment, recordTypeFinder } from '../../domain/final-score/record-inputs';
import { completeNardiSurvey, scorePartOne } from '../../domain/nardi/apply-survey-events';
import { getNardiFinal } from '../../domain/nardi/get-nardi-results';
import { scoresBenchSeed, seedBenchScores } from './seed-scores';

const ONE = { pgId: '5b1e0c4a-8d2f-4a6b-9c3d-000000000001', index: 0, memberId: '30000000' };
const TWO = { pgId: '5b1e0c4a-8d2f-4a6b-9c3d-000000000002', index: 1, memberId: '30000001', typeFinderType: 'ESFP' };
const SEEDED = '5b1e0c4a-8d2f-4a6b-9c3d-000000000003';
const BY_EVENTS = '5b1e0c4a-8d2f-4a6b-9c3d-000000000004';

describe("svc-scoring's bench-seed command", () => {
  const testEnv = serviceTestEnv('scoring-bench-seed');
  const { logger } = memoryLogger('warn', 'svc-scoring');
  const input = benchSeedPlanFixture([ONE, TWO]);
  const plan = benchSeedPlanSchema.parse(input);
  let svc: RunningScoring;
  let deps: ScoringDeps;

  beforeAll(async () => {
    svc = await start(loadScoringConfig(testEnv.env), { logger });
    deps = scoringDeps(svc.ctx);
  });

  afterAll(async () => {
    await svc?.stop();
    await testEnv.cleanup();
  });

  /** The score document as stored (its Nardi record coded). */
  async function raw(pgId: string) {
    const doc = await svc.ctx.db.collection(SCORES_COLLECTION).findOne({ _id: pgId as never });
    if (!doc) throw new Error(`no score document for ${pgId}`);
    return doc;
  }

  it('stores the plan with the service configuration, printing what it stored', async () => {
    const lines: string[] = [];
    const errors: string[] = [];
    const io = { args: [], env: { ...testEnv.env, BENCH_SEED: 'allow' }, readStdin: async () => JSON.stringify(input), readFile: () => '', out: (l: string) => lines.push(l), err: (l: string) => errors.push(l) };
    expect(await benchSeedCommand(scoresBenchSeed(io.env), io)).toBe(0);
    expect(errors).toEqual([]);
    expect(lines.map((line) => benchSeedReportSchema.parse(JSON.parse(line)))).toEqual([{ service: 'svc-scoring', stored: { scores: 2 } }]);
  });

  it("reads the participants back as scored and completed: the Nardi result, and the final score's inputs once the self-assessment comes", async () => {
    for (const p of plan.participants) {
      expect(await getNardiFinal(deps, p.pgId)).toEqual({ typeCode: p.nardi.completion.typeCode, consistency: p.nardi.completion.consistency });
      const stored = await deps.scores.find(p.pgId);
      expect(stored?.nardi?.answers).toEqual(p.nardi.answers);
      expect(stored?.nardi?.scores).toEqual(p.nardi.scores);
      expect(stored?.finalScore).toBeUndefined();

      // The pipeline's last save: the self-assessment's event completes the inputs.
      await recordSelfAssessment(deps, { pgId: p.pgId, time: new Date() }, { surveyId: 'selfAssessment', status: 'completed', typeCode: p.typeFinder.typeCode, personalityType: p.typeFinder.typeCode, confidence: '85%' });
      const finalScore = await deps.scores.findFinalScore(p.pgId);
      expect(finalScore?.inputs).toEqual({
        typeFinder: { typeCode: p.typeFinder.typeCode },
        nardi: { typeCode: p.nardi.completion.typeCode, consistency: p.nardi.completion.consistency, dichotPref: p.nardi.scores.dichotPref, temperaments: p.nardi.scores.temperaments },
        selfAssessment: { status: 'completed', personalityType: p.typeFinder.typeCode, confidence: '85%' },
      });
    }
  });

  it("stores the very document the journey's events make through the service's own handling", async () => {
    const planned = plan.participants[0]!;
    const seeded: BenchSeedParticipant = { ...planned, pgId: SEEDED };
    const made: BenchSeedParticipant = { ...planned, pgId: BY_EVENTS };
    await seedBenchScores(svc.ctx.db, { participants: [seeded] });
    // Each event at the plan's time, and the service's clock at the times the plan has for its writes.
    const at = (now: Date): ScoringDeps => ({ ...deps, now: () => now });
    const source = (time: Date) => ({ pgId: made.pgId, time });
    await recordConsent(at(made.at.consented), source(made.at.consented));
    await recordTypeFinder(at(made.at.typeFinderCompleted), source(made.at.typeFinderCompleted), { surveyId: 'typeFinder', status: 'completed', typeCode: made.typeFinder.typeCode });
    await scorePartOne(at(made.at.nardiScored), source(made.at.nardiAnswered), made.nardi.answers);
    const { selections, completion } = made.nardi;
    await completeNardiSurvey(at(made.at.nardiFinalized), source(made.at.nardiCompleted), { surveyId: 'nardi', status: 'completed', typeCode: completion.typeCode, answers: made.nardi.answers, ...selections });

    // The events' outbox is published by the relay in its time; the seeded one is empty, as the relay leaves it.
    const { outbox: _pendingEvents, outboxPending: _pending, ...byEvents } = await raw(BY_EVENTS);
    const { outbox, ...bySeed } = await raw(SEEDED);
    expect(outbox).toEqual([]);
    expect({ ...bySeed, _id: BY_EVENTS }).toEqual(byEvents);
  });
});
