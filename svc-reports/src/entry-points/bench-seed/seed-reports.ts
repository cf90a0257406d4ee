import type { Db } from 'mongodb';
import type { BenchSeedParticipant, BenchSeedPlan, BenchSeedReport } from '@study/bench-seed';
import { nardiScoredDataSchema } from '@study/contracts';
import { connectMongo, type BenchSeedCommand } from '@study/service-kit';
import { loadReportsConfig, SERVICE_NAME } from '../../config';
import { codedScores, REPORTS_COLLECTION, reportsCollection, type ReportDocument } from '../../data-access/reports-collection';

/**
 * A burst participant's report document as the journey's events leave it before the last save:
 * consented, and the Nardi result with its scores as svc-scoring's completion event carries them
 * (nardiScoredDataSchema). No Nardi report (built when first asked for), and no outbox: nothing
 * is published from here on the way.
 */
export function benchReportDocument({ pgId, nardi, at }: BenchSeedParticipant): ReportDocument {
  const { completion } = nardi;
  return {
    _id: pgId,
    consentedAt: at.consented,
    nardi: {
      asOf: at.nardiCompleted,
      result: {
        typeCode: completion.typeCode,
        consistency: completion.consistency,
        selectedTemperament: completion.selectedTemperament,
        selectedFP: completion.selectedFP,
        completedAt: at.nardiCompleted,
        scores: codedScores(nardiScoredDataSchema.parse(nardi.scores)),
      },
    },
    updatedAt: at.updated,
  };
}

/** Stores the plan's report documents: one insert command. */
export async function seedBenchReports(db: Db, plan: BenchSeedPlan): Promise<BenchSeedReport> {
  const documents = plan.participants.map(benchReportDocument);
  await reportsCollection(db).insertMany(documents);
  return { service: SERVICE_NAME, stored: { [REPORTS_COLLECTION]: documents.length } };
}

/** svc-reports' bench-seed command, configured from `env` as the service is. */
export function reportsBenchSeed(env: Record<string, string | undefined>): BenchSeedCommand {
  return {
    service: SERVICE_NAME,
    seed: async (plan) => {
      const config = loadReportsConfig(env);
      const mongo = await connectMongo(config.MONGO_URL, config.MONGO_DB, { appName: `${SERVICE_NAME}-bench-seed` });
      try {
        return await seedBenchReports(mongo.db, plan);
      } finally {
        await mongo.close();
      }
    },
  };
}
