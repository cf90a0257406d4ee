import type { Express, Request, RequestHandler } from 'express';
import { type ReminderPreview, type ReminderSendResponse, routes } from '@study/contracts';
import { jsonBody, mount } from '@study/service-kit';
import type { ReminderDeps } from '../../domain/reminders/deps';
import { previewReminder, sendReminder } from '../../domain/reminders/reminders';
import type { RouteName } from '@study/contracts';
import type { AdminProof } from './admin-access';

/**
 * The reminders (X-Master-Key): a preview of whom a reminder for a step reaches, and the send.
 * Mounted ahead of the service's JSON body parser: the guard refuses a caller without the key
 * before the body is read.
 */
export function mountReminderRoutes(app: Express, deps: (req: Request) => ReminderDeps, guard: (route: RouteName, proof: AdminProof) => RequestHandler): void {
  /** POST /api/admin/reminders/preview {step, days}: how many and whom. */
  mount(app, routes.previewReminders, guard('previewReminders', { kind: 'session' }), ...jsonBody({ limit: '1kb' }), async (req, res, body) => {
    const request = body;
    const answer: ReminderPreview = await previewReminder(deps(req), request);
    res.json(answer);
  });

  /** POST /api/admin/reminders/send {step, days, subject, message}: one Open Humans project message to them. */
  mount(app, routes.sendReminders, guard('sendReminders', { kind: 'session' }), ...jsonBody({ limit: '32kb' }), async (req, res, body) => {
    const request = body;
    const answer: ReminderSendResponse = await sendReminder(deps(req), request);
    res.json(answer);
  });
}
