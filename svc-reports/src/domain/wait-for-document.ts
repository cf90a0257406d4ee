import type { ReportDocument } from '../data-access/reports-collection';
import type { ReportsDeps } from './deps';

const POLL_INTERVAL_MS = 100;

/**
 * The participant reads a result at once, but it reaches the reports by event: while the
 * document exists and `ready` is false, look again for up to `readWaitMs`. Answers the last
 * document read (null when the reports have never heard of the participant).
 */
export async function waitForDocument(deps: ReportsDeps, pgId: string, ready: (doc: ReportDocument) => boolean): Promise<ReportDocument | null> {
  const deadline = Date.now() + deps.readWaitMs;
  for (;;) {
    const doc = await deps.reports.findOne({ _id: pgId }, { projection: { outbox: 0 } });
    if (!doc || ready(doc) || Date.now() >= deadline) return doc;
    await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_INTERVAL_MS, Math.max(0, deadline - Date.now()))));
  }
}
