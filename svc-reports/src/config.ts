import { z } from 'zod';
import { baseServiceConfig, loadConfig, studyNameSetting } from '@study/service-kit';

export const SERVICE_NAME = 'svc-reports';

export const reportsConfigSchema = baseServiceConfig({ port: 4103, mongoDb: 'reports', queue: 'svc-reports' }).extend({
  REPORT_READ_WAIT_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(30_000)
    .default(5_000)
    .describe('how long (0-30000 ms) POST /api/user/nardi/report and GET /api/user/report/{pgId} wait for a result still on its way before answering 409'),
  STUDY_NAME: studyNameSetting(),
});
export type ReportsConfig = ReturnType<typeof loadReportsConfig>;

/** Reads and checks the environment once; throws a ConfigError naming each bad variable. */
export function loadReportsConfig(env: Record<string, string | undefined> = process.env) {
  return loadConfig(reportsConfigSchema, env);
}
