import type { Express } from 'express';
import type { Settings } from '@study/contracts';

export function mountSettingsRoutes(app: Express, settings: () => Settings): void {
  /** GET /api/settings: the Open Humans authorize link, whether resets are on, the study email host. */
  app.get('/api/settings', (_req, res) => {
    res.json(settings());
  });
}
