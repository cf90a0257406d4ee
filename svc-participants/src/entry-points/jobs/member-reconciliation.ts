import { randomUUID } from 'node:crypto';
import { withCorrelationId } from '@study/event-bus';
import type { ServiceContext } from '@study/service-kit';
import type { ParticipantsConfig } from '../../config';
import { IntervalGate } from '../../data-access/interval-gate';
import type { ParticipantsDeps } from '../../domain/deps';
import { reconcileMembers } from '../../domain/reconcile-members';

/** How often an instance asks whether the study's reconciliation is due (the gate lets one instance through per interval). */
const CHECK_EVERY_MS = 60 * 60 * 1000;

/**
 * Runs the member reconciliation once per MEMBER_RECONCILIATION_HOURS for the study, on
 * whichever instance takes the shared gate first (a restart does not run it again early).
 * Answers the function that stops the schedule; 0 hours schedules nothing.
 */
export function scheduleMemberReconciliation(ctx: ServiceContext<ParticipantsConfig>, deps: ParticipantsDeps): () => void {
  const hours = ctx.config.MEMBER_RECONCILIATION_HOURS;
  if (hours === 0) return () => undefined;
  const intervalMs = hours * 60 * 60 * 1000;
  const gate = new IntervalGate(ctx.redis, `jobs:${ctx.config.EVENTS_EXCHANGE}:${ctx.config.MONGO_DB}:member-reconciliation`, intervalMs);
  let running: Promise<void> | undefined;
  const tick = () => {
    running ??= (async () => {
      try {
        // No request or event runs it: the withdrawals of one run share a correlation id of their own.
        if ((await gate.take()).taken) await withCorrelationId(`member-reconciliation-${randomUUID()}`, () => reconcileMembers(deps));
      } catch (err) {
        // The next interval tries again; the log says why this one stopped.
        ctx.logger.error({ err }, 'member reconciliation failed');
      } finally {
        running = undefined;
      }
    })();
  };
  const timer = setInterval(tick, Math.min(CHECK_EVERY_MS, intervalMs));
  timer.unref();
  return () => clearInterval(timer);
}
