import { baseServiceConfig, loadConfig } from '@study/service-kit';

export const SERVICE_NAME = 'svc-participants';

export const participantsConfigSchema = baseServiceConfig({ port: 4101, mongoDb: 'participants', queue: 'svc-participants' });
export type ParticipantsConfig = ReturnType<typeof loadParticipantsConfig>;

/** Reads and checks the environment once; throws a ConfigError naming each bad variable. */
export function loadParticipantsConfig(env: Record<string, string | undefined> = process.env) {
  return loadConfig(participantsConfigSchema, env);
}
