import type { Logger } from 'pino';
import { ConfigError } from './config';
import { createLogger } from './logger';

export interface Stoppable {
  stop(): Promise<void>;
  ctx: { logger: Logger };
}

/** After a shutdown signal, the process must be gone within this long. */
const EXIT_GRACE_MS = 20_000;

/**
 * Entry point of a service process: starts it, stops it in order on SIGTERM/SIGINT (also
 * when the signal arrives during start-up) and lets the process end by itself once
 * everything is closed; a leftover handle shows as a forced exit in the log. A second
 * signal exits at once. Start-up failures, configuration errors included, print a clear
 * message and exit with code 1.
 */
export function runMain(service: string, start: () => Promise<Stoppable>): void {
  const fallback = createLogger({ service });
  let signalled = false;

  const fail = (err: unknown, msg: string) => {
    if (err instanceof ConfigError) process.stderr.write(`${service}: ${err.message}\n`);
    else fallback.fatal({ err }, msg);
    process.exit(1);
  };

  process.on('uncaughtException', (err) => fail(err, 'uncaught exception'));
  process.on('unhandledRejection', (err) => fail(err, 'unhandled promise rejection'));

  const starting = start();
  // Once started, the service's own logger (at its configured level) reports the shutdown.
  let log: Logger = fallback;
  starting.then(
    (running) => {
      log = running.ctx.logger;
    },
    (err: unknown) => fail(err, 'service failed to start'),
  );

  const onSignal = (signal: NodeJS.Signals) => {
    if (signalled) {
      log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    signalled = true;
    log.info({ signal }, 'shutdown requested');
    setTimeout(() => {
      log.error('shutdown took too long: forcing exit');
      process.exit(1);
    }, EXIT_GRACE_MS).unref();
    starting
      .then((running) => running.stop())
      .then(
        () => {
          process.exitCode = 0;
        },
        (err: unknown) => {
          log.error({ err }, 'shutdown failed');
          process.exitCode = 1;
        },
      );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
