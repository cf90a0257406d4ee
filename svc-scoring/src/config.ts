import { z } from 'zod';
import { baseServiceConfig, loadConfig } from '@study/service-kit';

export const SERVICE_NAME = 'svc-scoring';

export const scoringConfigSchema = baseServiceConfig({ port: 4102, mongoDb: 'scoring', queue: 'svc-scoring' }).extend({
  NARDI_READ_WAIT_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(30_000)
    .default(5_000)
    .describe('how long (0-30000 ms) POST /api/user/nardi and /api/user/nardi/final wait for answers still on their way before answering 409'),
  FINAL_SCORE_READ_WAIT_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(30_000)
    .default(5_000)
    .describe('how long (0-30000 ms) POST /api/user/survey/final waits for the last survey still on its way before answering 409'),
});
export type ScoringConfig = ReturnType<typeof loadScoringConfig>;

/** Reads and checks the environment once; throws a ConfigError naming each bad variable. */
export function loadScoringConfig(env: Record<string, string | undefined> = process.env) {
  return loadConfig(scoringConfigSchema, env);
}
