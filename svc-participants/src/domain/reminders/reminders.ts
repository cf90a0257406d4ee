import { AuditActions, ErrorCodes, type ReminderPreview, type ReminderPreviewRequest, type ReminderRecipient, type ReminderSendRequest, type ReminderSendResponse, type ReminderStep } from '@study/contracts';
import { currentCorrelationId } from '@study/event-bus';
import { AppError } from '@study/service-kit';
import { recordAudit } from '../audit/record-audit';
import type { ReminderDeps } from './deps';
import { reminderSendLockKey } from './forget-reminders';
import { sendFailureOutcome } from './send-failure';
import { OpenHumansError } from '../../data-access/open-humans';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../open-humans-failures';

const DAY_MS = 86_400_000;
/** How many waiting participants are checked against the claims per query. */
const BATCH = 500;
/** Messages sent at once with members' own grants (each is a refresh, perhaps, and a call to Open Humans). */
const OWN_GRANT_SENDS_AT_ONCE = 4;

interface Eligible {
  count: number;
  alreadyReminded: number;
  recipients: ReminderRecipient[];
}

/**
 * Everyone waiting at the step for at least `days` days who holds no claim for it, the longest
 * waiting first; the first `maxPerSend` are listed. Read through the step index, a batch of
 * claims at a time (by _id).
 */
async function eligible(deps: ReminderDeps, step: ReminderStep, days: number): Promise<Eligible> {
  const cutoff = new Date(deps.now().getTime() - days * DAY_MS);
  const result: Eligible = { count: 0, alreadyReminded: 0, recipients: [] };
  let batch: { pgId: string; memberId: string; waitingSince: Date }[] = [];
  const flush = async () => {
    const claimed = await deps.reminders.claimedAmong(
      step,
      batch.map((p) => p.pgId),
    );
    for (const p of batch) {
      if (claimed.has(p.pgId)) {
        result.alreadyReminded += 1;
        continue;
      }
      result.count += 1;
      if (result.recipients.length < deps.maxPerSend) result.recipients.push({ pgId: p.pgId, memberId: p.memberId, waitingSince: p.waitingSince.toISOString() });
    }
    batch = [];
  };
  for await (const waiting of deps.awaiting.waitingSince(step, cutoff)) {
    if (!waiting.memberId) continue;
    batch.push({ pgId: waiting.pgId, memberId: waiting.memberId, waitingSince: waiting.waitingSince });
    if (batch.length >= BATCH) await flush();
  }
  if (batch.length > 0) await flush();
  return result;
}

/** POST /api/admin/reminders/preview: how many and whom a send would reach now. */
export async function previewReminder(deps: ReminderDeps, request: ReminderPreviewRequest): Promise<ReminderPreview> {
  const found = await eligible(deps, request.step, request.days);
  return { step: request.step, days: request.days, count: found.count, alreadyReminded: found.alreadyReminded, maxPerSend: deps.maxPerSend, recipients: found.recipients };
}

function tooSoon(intervalSeconds: number, opensInMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(opensInMs / 1000));
  return new AppError(429, ErrorCodes.RATE_LIMITED, `A reminder was sent less than ${intervalSeconds} seconds ago (one send per ${intervalSeconds} seconds): try again in ${seconds} second${seconds === 1 ? '' : 's'}.`, {
    retryAfterSeconds: seconds,
  });
}

/**
 * POST /api/admin/reminders/send: sends the message to those the preview lists, as one Open
 * Humans project message (members the platform says have left are let go, and the rest sent to). Each participant is claimed for the step first (an insert on a unique
 * _id), so no one is reminded twice for a step, whatever runs at the same time; the send is
 * recorded (reminder_sends) before and after. When Open Humans did not take the message the
 * claims are released (and the record says so), so a later send retries those members.
 */
export async function sendReminder(deps: ReminderDeps, request: ReminderSendRequest): Promise<ReminderSendResponse> {
  const found = await eligible(deps, request.step, request.days);
  if (found.recipients.length === 0) {
    const already = found.alreadyReminded > 0 ? ` (${found.alreadyReminded} waiting as long were reminded for this step already)` : '';
    throw new AppError(400, 'REMINDER_NO_MEMBERS', `days: nobody has been waiting at this step for ${request.days} day${request.days === 1 ? '' : 's'} or more without a reminder${already}; nothing was sent. Choose another step or fewer days.`);
  }
  const gate = await deps.gate.take();
  if (!gate.taken) throw tooSoon(deps.sendIntervalSeconds, gate.opensInMs);

  const sendId = deps.newId();
  const startedAt = deps.now();
  await deps.reminders.recordStart({
    _id: sendId,
    step: request.step,
    days: request.days,
    subject: request.subject,
    messageLength: request.message.length,
    status: 'sending',
    pgIds: [],
    memberIds: [],
    memberCount: 0,
    remaining: found.count - found.recipients.length,
    startedAt,
  });
  const endSend = (outcome: Parameters<ReminderDeps['reminders']['recordEnd']>[1]) => deps.lock.run(reminderSendLockKey(sendId), () => deps.reminders.recordEnd(sendId, outcome));
  const claimed: ReminderRecipient[] = [];
  for (const recipient of found.recipients) if (await deps.reminders.claim(request.step, recipient.pgId, sendId, startedAt)) claimed.push(recipient);
  const log = deps.logger.child({ sendId, step: request.step, correlationId: currentCorrelationId() });
  if (claimed.length === 0) {
    await endSend({ status: 'failed', pgIds: [], memberIds: [], finishedAt: deps.now(), error: 'Another send reminded every one of them first.' });
    throw new AppError(409, 'REMINDER_ALREADY_SENT', 'Another send reminded these participants a moment ago; nothing was sent twice. Preview again.');
  }

  // The platform sends to all or to none. Members it names as no longer in the project left
  // without their notice reaching the study: they are let go (withdrawn, data kept, their claims
  // released) and the message goes to the rest, once more.
  let sendTo = claimed;
  const message = (recipients: ReminderRecipient[]) =>
    deps.openHumans.messageMembers({ subject: request.subject, message: request.message, projectMemberIds: recipients.map((r) => r.memberId) });
  const letGo = async (err: unknown): Promise<boolean> => {
    const refused = err instanceof OpenHumansError ? new Set(err.details.invalidMemberIds ?? []) : new Set<string>();
    const left = sendTo.filter((r) => refused.has(r.memberId));
    if (left.length === 0) return false;
    const rest = sendTo.filter((r) => !refused.has(r.memberId));
    await deps.reminders.release(request.step, left.map((r) => r.pgId), sendId);
    for (const recipient of left) await deps.memberLeft(recipient);
    log.warn({ left: left.length, members: rest.length }, 'Open Humans no longer counts some members in the project: they are withdrawn, and the reminder goes to the rest');
    // Nobody else to send to: the refusal stands, and the send's record names whom it tried.
    if (rest.length === 0) return false;
    sendTo = rest;
    return true;
  };
  const pgIdsOf = () => sendTo.map((r) => r.pgId);
  const memberIdsOf = () => sendTo.map((r) => r.memberId);

  // One audit entry per send, with how it ended (the send's own record holds whom it reached).
  const audit = (status: 'delivered' | 'failed' | 'uncertain') =>
    recordAudit(deps, { id: `reminder:${sendId}`, action: AuditActions.reminderSent, actor: 'admin', details: { step: request.step, days: request.days, members: sendTo.length, status } });
  let masterRefused: OpenHumansError | undefined;
  try {
    try {
      await message(sendTo);
    } catch (err) {
      // The master token refused (it expires 24 hours after it is made): each member's own grant still works.
      if (err instanceof OpenHumansError && err.kind === 'token-rejected') masterRefused = err;
      else {
        if (!(await letGo(err))) throw err;
        await message(sendTo);
      }
    }
  } catch (err) {
    const pgIds = pgIdsOf();
    const memberIds = memberIdsOf();
    const outcome = sendFailureOutcome(err);
    const reason = err instanceof Error ? err.message : String(err);
    if (outcome === 'not-delivered') {
      await endSend({ status: 'failed', pgIds, memberIds, finishedAt: deps.now(), error: reason });
      await deps.reminders.release(request.step, pgIds, sendId);
      log.warn({ members: sendTo.length, err: reason }, 'reminder not delivered; its members can be sent to again');
      await audit('failed');
    } else {
      await endSend({ status: 'uncertain', pgIds, memberIds, finishedAt: deps.now(), error: reason });
      log.error({ members: sendTo.length, err: reason }, 'reminder send had no answer; its members are not sent to again');
      await audit('uncertain');
    }
    if (err instanceof OpenHumansError) {
      const retry = outcome === 'not-delivered' ? 'Nobody got it; send again later to retry them.' : 'It may have reached them: they will not be sent this reminder again.';
      throw notSent(err, `The reminder could not be sent: ${err.message} ${retry}`);
    }
    throw err;
  }
  if (masterRefused) {
    log.warn({ reason: masterRefused.message }, "reminder: the project's master token was refused; each member is sent it with their own grant");
    return sendWithOwnGrants({ deps, request, sendId, found, claimed: sendTo, endSend, audit: (status, members) => recordAudit(deps, { id: `reminder:${sendId}`, action: AuditActions.reminderSent, actor: 'admin', details: { step: request.step, days: request.days, members, status, via: 'member-grants' } }), masterRefused });
  }
  const finishedAt = deps.now();
  await endSend({ status: 'delivered', pgIds: pgIdsOf(), memberIds: memberIdsOf(), finishedAt });
  await audit('delivered');
  log.info({ members: sendTo.length, days: request.days }, 'reminder sent');
  return {
    sendId,
    step: request.step,
    days: request.days,
    sentAt: finishedAt.toISOString(),
    recipients: sendTo,
    remaining: found.count - claimed.length,
  };
}

/** The answer for a message Open Humans did not take: 503 with Retry-After while it is away or busy, 502 otherwise. */
function notSent(err: OpenHumansError, message: string): AppError {
  if (err.kind === 'unavailable') {
    const error = new AppError(503, ErrorCodes.OH_UNAVAILABLE, message, { cause: err }) as AppError & { retryAfterSeconds: number };
    error.retryAfterSeconds = err.details.retryAfterSeconds ?? UNAVAILABLE_RETRY_AFTER_SECONDS;
    return error;
  }
  return new AppError(502, err.kind === 'token-rejected' ? 'OH_MASTER_TOKEN_REJECTED' : ErrorCodes.OH_BAD_RESPONSE, message, { cause: err });
}

interface OwnGrantsSend {
  deps: ReminderDeps;
  request: ReminderSendRequest;
  sendId: string;
  found: Eligible;
  claimed: ReminderRecipient[];
  endSend(outcome: Parameters<ReminderDeps['reminders']['recordEnd']>[1]): Promise<void>;
  audit(status: 'delivered' | 'failed', members: number): Promise<unknown>;
  masterRefused: OpenHumansError;
}

/**
 * The send, one member at a time with each member's own grant (the platform lets a member's
 * token message that member): those Open Humans refuses have left (withdrawn, data kept, claims
 * released), those it could not take are released for a later send, and one that had no answer
 * keeps its claim (it may have reached them). The answer lists whom it reached.
 */
async function sendWithOwnGrants(send: OwnGrantsSend): Promise<ReminderSendResponse> {
  const { deps, request, sendId, found, claimed } = send;
  const reached: ReminderRecipient[] = [];
  const left: ReminderRecipient[] = [];
  const notReached: ReminderRecipient[] = [];
  const unknown: ReminderRecipient[] = [];
  let lastFailure: unknown;
  const sendOne = async (recipient: ReminderRecipient) => {
    try {
      ((await deps.messageWithOwnGrant(recipient, { subject: request.subject, message: request.message })) === 'sent' ? reached : left).push(recipient);
    } catch (err) {
      lastFailure = err;
      // Before the message went (its grant could not be refreshed), or refused with an answer: not sent.
      (!(err instanceof OpenHumansError) || sendFailureOutcome(err) === 'not-delivered' ? notReached : unknown).push(recipient);
    }
  };
  // A few at a time: a send of a few hundred members answers within the gateway's wait, and the platform is not flooded.
  const queue = [...claimed];
  await Promise.all(Array.from({ length: Math.min(OWN_GRANT_SENDS_AT_ONCE, queue.length) }, async () => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) await sendOne(next);
  }));
  const release = [...left, ...notReached];
  if (release.length > 0) await deps.reminders.release(request.step, release.map((r) => r.pgId), sendId);
  for (const recipient of left) await deps.memberLeft(recipient);
  const kept = [...reached, ...unknown];
  const finishedAt = deps.now();
  const error = `The project's master token was refused (${send.masterRefused.details.description ?? 'no reason given'}): sent with each member's own grant.`;
  deps.logger.info({ sendId, reached: reached.length, left: left.length, notReached: notReached.length, unknown: unknown.length }, 'reminder sent with members\' own grants');
  if (reached.length === 0 && unknown.length === 0) {
    await send.endSend({ status: 'failed', pgIds: [], memberIds: [], finishedAt, error });
    await send.audit('failed', 0);
    const reason = lastFailure instanceof Error ? lastFailure.message : 'every member it was for has left the project';
    if (lastFailure instanceof OpenHumansError) throw notSent(lastFailure, `The reminder could not be sent: ${send.masterRefused.message} With each member's own grant it failed too: ${reason}`);
    throw new AppError(left.length > 0 ? 409 : 503, left.length > 0 ? 'REMINDER_NO_MEMBERS' : ErrorCodes.OH_UNAVAILABLE, `The reminder could not be sent: ${reason}. ${send.masterRefused.message}`);
  }
  await send.endSend({ status: 'delivered', pgIds: kept.map((r) => r.pgId), memberIds: kept.map((r) => r.memberId), finishedAt, error });
  await send.audit('delivered', kept.length);
  return {
    sendId,
    step: request.step,
    days: request.days,
    sentAt: finishedAt.toISOString(),
    recipients: reached,
    remaining: found.count - claimed.length + notReached.length,
    notice: `Sent with each member's own Open Humans grant: ${send.masterRefused.message}`,
  };
}
