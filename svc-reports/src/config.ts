import { baseServiceConfig, loadConfig, studyNameSetting } from '@study/service-kit';
import { serviceConfigDefaults } from '@study/topology';

export const SERVICE_NAME = 'svc-reports';

export const reportsConfigSchema = baseServiceConfig(serviceConfigDefaults('reports')).extend({
  STUDY_NAME: studyNameSetting(),
});
export type ReportsConfig = ReturnType<typeof loadReportsConfig>;

/** Reads and checks the environment once; throws a ConfigError naming each bad variable. */
export function loadReportsConfig(env: Record<string, string | undefined> = process.env) {
  return loadConfig(reportsConfigSchema, env);
}
