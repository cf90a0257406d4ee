import { routes } from '@study/contracts';
import { mount } from '@study/service-kit';
import type { Express } from 'express';
import type { Settings } from '@study/contracts';

export function mountSettingsRoutes(app: Express, settings: () => Settings): void {
  /** GET /api/settings: the Open Humans authorize link, whether resets are on, the study email host. */
  mount(app, routes.settings, (_req, res) => {
    res.json(settings());
  });
}
