import type { Db } from 'mongodb';
import type { BenchSeedParticipant, BenchSeedPlan, BenchSeedReport } from '@study/bench-seed';
import { connectMongo, type BenchSeedCommand } from '@study/service-kit';
import { loadScoringConfig, SERVICE_NAME } from '../../config';
import { codedNardi, SCORES_COLLECTION, type ScoreDocument, type StoredNardiRecord } from '../../data-access/scores-collection';

/** A score document as stored: its Nardi record coded (codedNardi). */
type StoredScoreDocument = Omit<ScoreDocument, 'nardi'> & { nardi?: StoredNardiRecord };

/**
 * A burst participant's score document as the journey's events leave it before the last save:
 * consented, the TypeFinder type recorded, Nardi part one scored and the survey completed with its
 * result, and those events published (an empty outbox, as the relay leaves one).
 */
export function benchScoreDocument({ pgId, typeFinder, nardi, at }: BenchSeedParticipant): StoredScoreDocument {
  const { completion } = nardi;
  return {
    _id: pgId,
    consentedAt: at.consented,
    inputs: { typeFinder: { typeCode: typeFinder.typeCode, at: at.typeFinderCompleted } },
    nardi: codedNardi({
      asOf: at.nardiCompleted,
      answers: nardi.answers,
      scores: nardi.scores,
      scoredAt: at.nardiScored,
      selections: { selectedTemperament: completion.selectedTemperament, selectedFP: completion.selectedFP, selectedTypeCode: completion.typeCode },
      final: { typeCode: completion.typeCode, consistency: completion.consistency, completedAt: at.nardiCompleted, finalizedAt: at.nardiFinalized },
    }),
    updatedAt: at.nardiFinalized,
    outbox: [],
  };
}

/** Stores the plan's score documents: one insert command. */
export async function seedBenchScores(db: Db, plan: BenchSeedPlan): Promise<BenchSeedReport> {
  const documents = plan.participants.map(benchScoreDocument);
  await db.collection<StoredScoreDocument>(SCORES_COLLECTION).insertMany(documents);
  return { service: SERVICE_NAME, stored: { [SCORES_COLLECTION]: documents.length } };
}

/** svc-scoring's bench-seed command, configured from `env` as the service is. */
export function scoresBenchSeed(env: Record<string, string | undefined>): BenchSeedCommand {
  return {
    service: SERVICE_NAME,
    seed: async (plan) => {
      const config = loadScoringConfig(env);
      const mongo = await connectMongo(config.MONGO_URL, config.MONGO_DB, { appName: `${SERVICE_NAME}-bench-seed` });
      try {
        return await seedBenchScores(mongo.db, plan);
      } finally {
        await mongo.close();
      }
    },
  };
}
