import { createTypeFinderStandin, jsonLog as log } from './app';
import { ConfigError, loadConfig } from './config';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`standin-typefinder: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  const standin = createTypeFinderStandin(config);
  const { url } = await standin.start();
  log('info', 'TypeFinder stand-in listening', {
    url,
    widget: `${config.publicUrl ?? url}/widget`,
    studyWebhookUrl: config.studyWebhookUrl,
    frameAncestors: config.frameAncestors.join(' '),
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
