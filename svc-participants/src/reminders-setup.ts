import { randomUUID } from 'node:crypto';
import type { Express, Request } from 'express';
import type { ServiceContext } from '@study/service-kit';
import { adminGuards } from './admin-setup';
import { configuredSecrets, type ParticipantsConfig } from './config';
import { AuditLogRepository } from './data-access/audit-log-repository';
import { AwaitingSteps } from './data-access/awaiting-steps';
import { IntervalGate } from './data-access/interval-gate';
import { RemindersRepository } from './data-access/reminders-repository';
import type { ReminderDeps, ReminderParticipantPorts } from './domain/reminders/deps';
import { backfillAwaitingSteps } from './domain/reminders/backfill';
import { mountReminderRoutes } from './entry-points/http/reminder-routes';
import { openHumansClient } from './open-humans-setup';

type Ctx = ServiceContext<ParticipantsConfig>;

export function reminderDeps(ctx: Ctx, ports: ReminderParticipantPorts): ReminderDeps {
  const { config } = ctx;
  return {
    ...ports,
    awaiting: AwaitingSteps.fromDb(ctx.db),
    reminders: new RemindersRepository(ctx.db),
    // Scoped to the deployment (its exchange and database), like the admin rate limits.
    gate: new IntervalGate(ctx.redis, `admin:${config.EVENTS_EXCHANGE}:${config.MONGO_DB}:reminder-send`, config.REMINDER_SEND_INTERVAL_SECONDS * 1000),
    openHumans: openHumansClient(config),
    lock: ctx.lock,
    auditLog: new AuditLogRepository(ctx.db),
    auditSecrets: configuredSecrets(config),
    maxPerSend: config.REMINDER_MAX_MEMBERS,
    sendIntervalSeconds: config.REMINDER_SEND_INTERVAL_SECONDS,
    logger: ctx.logger,
    now: () => new Date(),
    newId: () => randomUUID(),
  };
}

/** Before traffic: the step index, and the step fields of documents written before they existed (once per database). */
export async function prepareReminders(ctx: Ctx): Promise<void> {
  const awaiting = AwaitingSteps.fromDb(ctx.db);
  await awaiting.ensureIndex();
  await backfillAwaitingSteps({ awaiting, reminders: new RemindersRepository(ctx.db), lock: ctx.lock, logger: ctx.logger, now: () => new Date() });
}

/** Mounts the reminder calls ahead of the JSON body parser, behind the admin guard. */
export function mountReminders(app: Express, ctx: Ctx, ports: ReminderParticipantPorts): void {
  const base = reminderDeps(ctx, ports);
  mountReminderRoutes(app, (req: Request) => ({ ...base, logger: req.log }), adminGuards(ctx));
}
