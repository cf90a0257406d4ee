import type { ServiceContext } from '@study/service-kit';
import type { ParticipantsConfig } from '../../config';
import { AdminRows } from '../../data-access/admin-rows/admin-rows';

/**
 * Brings the study team's read model up to date once per ADMIN_ROWS_PASS_SECONDS, so an admin
 * read finds only the participants written in the last seconds to take in (it takes them in
 * itself first). One pass at a time across instances (the rows' lock). Answers the function that
 * stops the schedule; 0 seconds schedules nothing.
 */
export function scheduleAdminRowsPasses(ctx: ServiceContext<ParticipantsConfig>): () => void {
  const seconds = ctx.config.ADMIN_ROWS_PASS_SECONDS;
  if (seconds === 0) return () => undefined;
  const rows = new AdminRows(ctx.db, ctx.lock);
  let running: Promise<void> | undefined;
  const tick = () => {
    running ??= (async () => {
      try {
        const rebuilt = await rows.catchUp();
        if (rebuilt > 0) ctx.logger.debug({ rebuilt }, 'admin rows rebuilt');
      } catch (err) {
        // The next pass (or the next admin read) takes them in; the log says why this one stopped.
        ctx.logger.warn({ err }, 'admin rows pass failed');
      } finally {
        running = undefined;
      }
    })();
  };
  const timer = setInterval(tick, seconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
