import type { Express, Request, Response } from 'express';
import { ErrorCodes, pgIdSchema, RESULTS_EVENT, type ParticipantResults, routes } from '@study/contracts';
import { normalizePgId } from '@study/personality';
import { AppError, gaugeReadOnScrape, mount, type ServiceMetrics } from '@study/service-kit';
import type { ResultsChannel } from '../../data-access/results-channel';
import type { ParticipantsDeps } from '../../domain/deps';
import { getParticipantResults } from '../../domain/get-participant-results';

/** A comment line this often keeps proxies from closing a quiet stream. */
export const HEARTBEAT_MS = 20_000;
/** How long a browser waits before reconnecting a dropped stream (EventSource does it by itself). */
export const RECONNECT_MS = 2_000;

/** The result streams open on this instance, ended when the service stops. */
export type OpenStreams = Set<Response>;

/** `study_result_streams_open`: how many there are, read when /metrics is scraped. */
export const OPEN_STREAMS_METRIC = 'study_result_streams_open';

/**
 * GET /api/user/events/{pgId}: the participant's results as Server-Sent Events. The stored
 * results are sent at once, then again whenever they change (a result stored from the owners'
 * events, a save, a reset), so the screens show a result the moment it is here and never ask in
 * a loop. Only changes are sent; a comment line every HEARTBEAT_MS keeps the connection alive.
 */
export function mountResultsStreamRoutes(app: Express, deps: (req: Request) => ParticipantsDeps, channel: ResultsChannel, streams: OpenStreams, metrics: ServiceMetrics): void {
  gaugeReadOnScrape(metrics, { name: OPEN_STREAMS_METRIC, help: 'Result streams (Server-Sent Events) open on this instance' }, () => streams.size);
  mount(app, routes.resultsStream, async (req, res) => {
    const parsed = pgIdSchema.safeParse(req.params.pgId);
    if (!parsed.success) throw new AppError(400, ErrorCodes.VALIDATION_FAILED, 'Invalid request: the study ID must be a version-4 UUID (8-4-4-4-12 hex digits).');
    const pgId = normalizePgId(parsed.data);
    const { participants, logger } = deps(req);
    const read = () => getParticipantResults(participants, pgId);
    const first = await read();

    let closed = false;
    let last = '';
    const send = (results: ParticipantResults) => {
      const json = JSON.stringify(results);
      if (closed || json === last) return;
      last = json;
      res.write(`event: ${RESULTS_EVENT}\ndata: ${json}\n\n`);
    };
    // Changes are read one after another, so the stream never sends an older state after a newer one.
    let reading = Promise.resolve();
    const refresh = () => {
      reading = reading.then(async () => {
        if (closed) return;
        try {
          send(await read());
        } catch (err) {
          // Erased meanwhile (404) or the database away: end; the browser reconnects and is told why.
          logger.warn({ err, pgId }, 'result stream ended');
          res.end();
        }
      });
    };
    const stopListening = await channel.listen(pgId, refresh);

    res.status(200).set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      // Proxies that buffer answers (nginx) pass this one through as it comes.
      'X-Accel-Buffering': 'no',
    });
    res.flushHeaders();
    res.write(`retry: ${RECONNECT_MS}\n\n`);
    send(first);
    // A change stored between the first read and the listening started.
    refresh();
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
    streams.add(res);
    res.on('close', () => {
      closed = true;
      clearInterval(heartbeat);
      stopListening();
      streams.delete(res);
    });
  });
}
