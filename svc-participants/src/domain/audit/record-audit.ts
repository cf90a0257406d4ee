import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { auditDetailsSchema, type AuditAction, type AuditActor, type AuditBy, type AuditDetails } from '@study/contracts';
import { AppError } from '@study/service-kit';
import type { AuditLogRepository } from '../../data-access/audit-log-repository';

/** What recording an audit entry needs: the log, the secrets that must never reach it, a clock. */
export interface AuditDeps {
  auditLog: AuditLogRepository;
  /** Values never stored (the master key): a detail holding one is stored as REDACTED. */
  auditSecrets: readonly string[];
  logger: Logger;
  now(): Date;
  /** Who of the study team is calling (a request's staff session, or the master key): named on every 'admin' entry. */
  caller?: AuditBy;
}

/** One entry to record. */
export interface AuditRecord {
  action: AuditAction;
  actor: AuditActor;
  /** The participant it concerns, if one. */
  pgId?: string;
  /** Counts, names, flags: never a key, a token or personal data beyond the study ID. */
  details?: AuditDetails;
  /** The id of the event the entry records, so a redelivery adds nothing; default a new UUID. */
  id?: string;
  /** When it happened; default now. */
  at?: Date;
}

export const REDACTED = '[redacted]';
/** Shorter secrets are too likely to occur in ordinary text to be replaced wherever they appear. */
const MIN_SECRET_LENGTH = 8;

/** Seconds a caller is asked to wait when the audit log cannot be written. */
export const AUDIT_RETRY_AFTER_SECONDS = 5;

/** The audit log could not be written: the action it would record is not done (503, Retry-After). */
export class AuditUnavailableError extends AppError {
  constructor(cause: unknown) {
    super(503, 'AUDIT_UNAVAILABLE', 'The audit trail cannot be written right now, so nothing was done. Please try again in a few seconds.', { cause, retryAfterSeconds: AUDIT_RETRY_AFTER_SECONDS });
  }
}

function withoutSecrets(details: AuditDetails, secrets: readonly string[]): AuditDetails {
  const forms = secrets.filter((secret) => secret.length >= MIN_SECRET_LENGTH).flatMap((secret) => [secret, encodeURIComponent(secret)]);
  if (forms.length === 0) return details;
  return Object.fromEntries(
    Object.entries(details).map(([name, value]) => [name, typeof value === 'string' && forms.some((form) => value.includes(form)) ? REDACTED : value]),
  );
}

/**
 * Appends one entry to the audit log (the one way anything is recorded there). Call it before
 * the action it records takes effect, so an action is never done untraced: when the log cannot
 * be written it throws AuditUnavailableError (the caller answers 503 with Retry-After, or an
 * event handler has its event retried). An entry with an id already recorded (an event
 * delivered again) adds nothing and answers 'already-recorded'.
 *
 *   await recordAudit(deps, { action: AuditActions.reminderSent, actor: 'admin', details: { step, members: 12 } });
 */
export async function recordAudit(deps: AuditDeps, entry: AuditRecord): Promise<'recorded' | 'already-recorded'> {
  // A detail that breaks the contract is a caller bug: it fails here rather than being stored.
  const details = withoutSecrets(auditDetailsSchema.parse(entry.details ?? {}), deps.auditSecrets);
  // A study-team action is never recorded without the person (or the master key) behind it.
  if (entry.actor === 'admin' && !deps.caller) throw new Error(`The audit entry ${entry.action} is the study team's, but no caller is known`);
  const document = {
    _id: entry.id ?? randomUUID(),
    at: entry.at ?? deps.now(),
    action: entry.action,
    actor: entry.actor,
    ...(entry.actor === 'admin' && deps.caller ? { by: deps.caller } : {}),
    ...(entry.pgId !== undefined ? { pgId: entry.pgId } : {}),
    details,
  };
  let added: boolean;
  try {
    added = await deps.auditLog.append(document);
  } catch (err) {
    deps.logger.error({ err, action: entry.action }, 'audit entry could not be written');
    throw new AuditUnavailableError(err);
  }
  return added ? 'recorded' : 'already-recorded';
}
