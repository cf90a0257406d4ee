import { createOpenHumansStandin } from './app';
import { ConfigError, loadConfig } from './config';

function log(level: 'info' | 'error', msg: string, extra: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ level, time: new Date().toISOString(), service: 'standin-open-humans', msg, ...extra });
  if (level === 'error') console.error(line);
  else console.log(line);
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`standin-open-humans: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  const standin = createOpenHumansStandin(config);
  const { url } = await standin.start();
  log('info', 'Open Humans stand-in listening', {
    url,
    publicUrl: config.publicUrl ?? url,
    redirectUri: config.redirectUri,
    deauthWebhookUrl: config.deauthWebhookUrl ?? null,
    stateFile: config.stateFile ?? null,
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log('info', 'stopping', { signal });
    standin.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        log('error', 'stop failed', { err: String(err) });
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  log('error', 'failed to start', { err: err instanceof Error ? err.message : String(err) });
  process.exit(1);
});
