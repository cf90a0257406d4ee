import { baseServiceConfig, loadConfig } from '@study/service-kit';
import { serviceConfigDefaults } from '@study/topology';

export const SERVICE_NAME = 'svc-scoring';

export const scoringConfigSchema = baseServiceConfig(serviceConfigDefaults('scoring'));
export type ScoringConfig = ReturnType<typeof loadScoringConfig>;

/** Reads and checks the environment once; throws a ConfigError naming each bad variable. */
export function loadScoringConfig(env: Record<string, string | undefined> = process.env) {
  return loadConfig(scoringConfigSchema, env);
}
