// `npm start` (through scripts/run.mjs, which installs what is missing): builds, and runs the
// whole system on one origin.
import path from 'node:path';
import { GATEWAY } from '@study/topology';
import { root } from './lib/repo-root';

const say = (msg: string): void => console.log(`[start] ${msg}`);

async function main(): Promise<void> {
  const { buildAll } = await import('./build');
  await buildAll({ log: say });
  const { ensureFerretInstalled } = await import('./lib/ferretdb');
  if (!process.env.MONGO_URL) ensureFerretInstalled(say);
  const { startStack, DEFAULT_CONTACT_EMAIL, LOCAL_REVIEW_BOARD } = await import('./lib/stack');
  const port = Number(process.env.PORT || GATEWAY.embeddedPort);
  const stack = await startStack({
    root,
    port,
    dataDir: path.join(root, '.data', 'ferretdb'),
    logDir: path.join(root, '.data', 'logs'),
    log: say,
  });
  if (stack.openHumans.standin) say(`Open Humans: the local stand-in at ${stack.openHumans.url} (set OH_CLIENT_ID and OH_CLIENT_SECRET to use the real platform)`);
  else say(`Open Humans: ${stack.openHumans.url}`);
  if (stack.typeFinder.standin) say(`TypeFinder: the local stand-in widget at ${stack.typeFinder.widgetUrl}`);
  if (!process.env.STUDY_CONTACT_EMAIL) say(`Study contact address shown to participants: ${DEFAULT_CONTACT_EMAIL} (set STUDY_CONTACT_EMAIL to the study team's real one)`);
  const unsetBoard = Object.keys(LOCAL_REVIEW_BOARD).filter((name) => !process.env[name]);
  if (unsetBoard.length > 0) say(`Review board in the consent form: local test values, marked as such (set ${unsetBoard.join(', ')} to the board that approved the study)`);
  say('Study team: each person signs in on the admin pages; add the first owner with npm run staff -- add <e-mail> "<name>" owner, then open its set-up page at localhost (where passkeys work)');
  say('Admin master key (for /ready-csv and as the break-glass): ADMIN_MASTER_KEY, or the one generated in .data/secrets.json');
  say(`Logs: ${path.join('.data', 'logs')}/<part>.log`);
  say(`Ready: ${stack.url}  (Ctrl-C stops everything started here)`);

  let stopping = false;
  // A process npm run dev has restarted is not reported as stopped; its new process is watched in turn.
  const restarting = new Set<string>();
  const watchExit = (name: string): void => {
    const entry = stack.children.get(name);
    entry?.child.once('exit', (code, signal) => {
      if (!stopping && !restarting.has(name)) say(`${name} stopped unexpectedly (${signal ?? `exit code ${code}`}); see ${entry.logFile}`);
    });
  };
  for (const name of stack.children.keys()) watchExit(name);
  // npm run dev -- <service or gateway> asks here for the rebuilt part's process to be started again.
  const { serveStackControl } = await import('./lib/stack-control');
  const { RESTARTABLE_PROCESSES } = await import('./lib/dev-plan');
  const control = await serveStackControl({
    file: path.join(root, '.data', 'stack-control.json'),
    gatewayUrl: stack.url,
    processes: RESTARTABLE_PROCESSES,
    restart: async (name) => {
      restarting.add(name);
      try {
        if (name === 'gateway') await stack.restartGateway();
        else {
          const service = stack.services.find((s) => s.name === name);
          if (!service) throw new Error(`no service ${name}`);
          await stack.stopService(service.name);
          await stack.startService(service.name);
        }
      } finally {
        restarting.delete(name);
        watchExit(name);
      }
    },
    log: say,
  });
  const shutdown = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
    say('Stopping...');
    await control.close();
    await stack.stop();
    say('Stopped.');
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((err: unknown) => {
  console.error(`\n[start] Could not start: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
