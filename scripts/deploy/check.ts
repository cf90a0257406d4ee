// `npm run deploy:check`: the compose deployment proven by running it with podman. Builds every
// image (scripts/deploy/images.ts: sizes, lockfile check), brings docker-compose.yml up with the
// local override on free ports, waits until every container is healthy, walks a participant
// through the containers in Chromium, replaces mf-nardi and then svc-scoring with a new release
// while a participant's client keeps using the other slices, shows that a bad .env stops the
// container it concerns (naming the variable) and nothing else, then removes all it started.
// Prints the time of each step.
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { callApi } from '@study/api-client';
import { routeKey, routes } from '@study/contracts';
import { ApiError } from '@study/ui';
import { buildImages, buildSlice, SLICES } from './images';
import { BASE } from './base-images';
import { containerOf as composeContainerOf, parseSmokeParticipant, serviceOf, stringAt, type SmokeParticipant } from './check-facts';
import { withRelease } from './image-facts';
import { compose, messageOf, podman, podmanEnv, podmanOutput, root, seconds, type RunResult } from './podman';
import { failsAtStart, parseContainerList, parseContainerState, type ContainerListing, type ContainerState } from './podman-output';
import { freePort } from '../lib/local-services';
import { ensureChromium, findChromium } from '../lib/chromium';
import { startClient, type RolloutClient } from './rollout-client';

const say = (msg: string): void => console.log(`[deploy:check] ${msg}`);
const PROJECT = `study-check-${process.pid}`;
const outDir = path.join(root, '.test-artifacts', 'deploy-check');
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The deployment's settings, as a .env holds them. */
type DeploymentEnv = Record<string, string>;

/** A .env as a study team writes it, with fresh secrets; handed to compose as its environment. */
async function deploymentEnv(release: string): Promise<DeploymentEnv & { PUBLIC_URL: string }> {
  const [http, https, openHumans, typeFinder] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const publicUrl = `http://127.0.0.1:${http}`;
  return {
    RELEASE: release,
    PUBLIC_URL: publicUrl,
    SITE_ADDRESS: ':80',
    HTTP_BIND: `127.0.0.1:${http}`,
    HTTPS_BIND: `127.0.0.1:${https}`,
    OPEN_HUMANS_PORT: String(openHumans),
    TYPEFINDER_PORT: String(typeFinder),
    OH_CLIENT_ID: 'personality-genetics-study',
    OH_CLIENT_SECRET: randomBytes(16).toString('hex'),
    OH_WEBHOOK_SECRET: randomBytes(16).toString('hex'),
    OH_MASTER_ACCESS_TOKEN: randomBytes(24).toString('hex'),
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    STUDY_EMAIL_HOST: 'study.localhost',
    ADMIN_MASTER_KEY: randomBytes(24).toString('hex'),
    TYPEFINDER_WEBHOOK_SECRET: randomBytes(24).toString('hex'),
    PARTICIPANT_SESSION_SECRET: randomBytes(32).toString('hex'),
    LOG_FINGERPRINT_KEY: randomBytes(24).toString('hex'),
    STUDY_CONTACT_EMAIL: 'study-team@study.localhost',
    REVIEW_BOARD_NAME: 'LOCAL TEST review board (deployment check)',
    REVIEW_BOARD_APPROVAL: 'LOCAL-TEST-0000',
    REVIEW_BOARD_CONTACT: 'review-board@study.localhost',
    STUDY_NAME: 'Personality Genetics Study',
    HOW_IT_WORKS_VIDEO_URL: '',
    RESET_SURVEYS: '0',
  };
}

function composeArgs(args: readonly string[]): string[] {
  return ['-p', PROJECT, '-f', 'docker-compose.yml', '-f', 'deploy/compose.local.yml', ...args];
}

/** podman-compose with the deployment's settings as its environment (as a .env would give them). */
const up = (env: DeploymentEnv, args: readonly string[]): Promise<RunResult> => compose(composeArgs(args), { env: { ...podmanEnv(), ...env } });

async function projectContainers(): Promise<ContainerListing[]> {
  const { stdout } = await podman(['ps', '-a', '--filter', `label=io.podman.compose.project=${PROJECT}`, '--format', '{{.Names}}\t{{.Status}}']);
  return parseContainerList(stdout);
}

const containerOf = (service: string): string => composeContainerOf(PROJECT, service);

/** Runs a container's health check once (podman runs none by itself without systemd); true when it passed. */
async function healthy(name: string): Promise<boolean> {
  try {
    await podman(['healthcheck', 'run', name]);
    return true;
  } catch {
    return false;
  }
}

async function waitHealthy(names: readonly string[], timeoutMs: number): Promise<number> {
  const started = Date.now();
  const pending = new Set(names);
  while (pending.size > 0) {
    for (const name of [...pending]) if (await healthy(name)) pending.delete(name);
    if (pending.size === 0) break;
    if (Date.now() - started > timeoutMs) {
      const logs: string[] = [];
      for (const name of pending) logs.push(`--- ${name} ---\n${await podmanOutput(['logs', '--tail', '30', name])}`);
      throw new Error(`not healthy after ${seconds(timeoutMs)}: ${[...pending].join(', ')}\n${logs.join('\n')}`);
    }
    await sleep(2000);
  }
  return Date.now() - started;
}

async function step<T>(name: string, fn: () => T | Promise<T>): Promise<T> {
  say(`${name}...`);
  const started = Date.now();
  const result = await fn();
  say(`${name}: ${seconds(Date.now() - started)}`);
  return result;
}

function runSmokeTest(baseUrl: string): SmokeParticipant {
  const chromium = findChromium();
  const res = spawnSync(path.join(root, 'node_modules', '.bin', 'jest'), ['--ci', '--selectProjects', 'deploy', '--forceExit'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, DEPLOY_CHECK: '1', E2E_BASE_URL: baseUrl, CHROMIUM_PATH: chromium },
  });
  if (res.status !== 0) throw new Error('the browser smoke test through the containers failed');
  return parseSmokeParticipant(JSON.parse(fs.readFileSync(path.join(outDir, 'participant.json'), 'utf8')));
}

/** A JSON answer's body, or nothing when it is not JSON. */
const jsonOrNothing = (res: Response): Promise<unknown> => res.json().catch(() => ({}));

async function containerIds(names: readonly string[]): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  for (const name of names) ids[name] = (await podman(['inspect', '--format', '{{.Id}}', name])).stdout.trim();
  return ids;
}

interface SliceReplacement {
  env: DeploymentEnv;
  /** The compose service, which is also the slice's folder. */
  service: string;
  release: string;
  client: RolloutClient;
  /** The release the slice's answers say they come from, through the front. */
  served: () => Promise<string | undefined>;
}

/**
 * Replaces one slice with a new release while the client keeps using the others: builds the new
 * image, removes the old container and starts the new one alone (--no-deps). Checks that no
 * other container was restarted, that the client saw no failure on the other slices, and that
 * the new release is what answers.
 */
async function replaceSlice({ env, service, release, client, served }: SliceReplacement): Promise<void> {
  const slice = SLICES.find((s) => s.dir === service);
  if (!slice) throw new Error(`${service} is not a deployable with an image`);
  const image = withRelease(slice.image, release);
  const others = (await projectContainers()).map((c) => c.name).filter((name) => name !== containerOf(service));
  const before = await containerIds(others);
  await step(`  build ${image}`, () => buildSlice({ ...slice, image }, { bases: { NODE_IMAGE: BASE.node, NGINX_IMAGE: BASE.nginx } }));
  client.expectOutage(service);
  await step(`  replace the ${service} container`, async () => {
    await podman(['rm', '-f', '-t', '10', containerOf(service)]);
    await up({ ...env, RELEASE: release }, ['up', '-d', '--no-deps', '--no-build', service]);
    await waitHealthy([containerOf(service)], 180_000);
  });
  // The new release answers through the front within a few seconds of being healthy.
  const deadline = Date.now() + 30_000;
  while ((await served()) !== release) {
    if (Date.now() > deadline) throw new Error(`${service}: release ${release} is not served after its container became healthy`);
    await sleep(500);
  }
  await sleep(3000);
  client.endOutage(service);
  const after = await containerIds(others);
  const restarted = others.filter((name) => before[name] !== after[name]);
  if (restarted.length > 0) throw new Error(`replacing ${service} also replaced ${restarted.join(', ')}`);
  say(`  ${service} now serves release ${release}; the other ${others.length} containers kept running`);
}

async function checkBadEnv(env: DeploymentEnv, baseUrl: string, { pgId, sessionCookie }: SmokeParticipant): Promise<void> {
  const name = containerOf('svc-participants');
  await podman(['rm', '-f', '-t', '10', name]);
  // A missing secret and a malformed key, as a hand-edited .env can have them.
  await up({ ...env, ADMIN_MASTER_KEY: '', TOKEN_ENCRYPTION_KEY: 'not-a-key' }, ['up', '-d', '--no-deps', '--no-build', 'svc-participants']);
  await sleep(8000);
  const logs = await podmanOutput(['logs', name]);
  for (const variable of ['ADMIN_MASTER_KEY', 'TOKEN_ENCRYPTION_KEY']) {
    if (!logs.includes(variable)) throw new Error(`svc-participants with a bad .env did not name ${variable}:\n${logs.slice(-2000)}`);
  }
  // It never passes its health check: it exits at start (code 1) and its restart policy starts
  // it again, each time naming the variables, so compose shows it exited or restarting, never
  // healthy (a crash loop restarts the health check's start period, so podman seldom gets as
  // far as marking it unhealthy).
  let state: ContainerState;
  const giveUpAt = Date.now() + 30_000;
  for (;;) {
    if (await healthy(name)) throw new Error('svc-participants with a bad .env passed its health check');
    state = parseContainerState((await podman(['inspect', '--format', '{{.State.Status}} {{.State.ExitCode}} {{.RestartCount}} {{.State.Health.Status}}', name])).stdout);
    // A restart policy of unless-stopped restarts only a container that exited: two restarts within
    // seconds, never healthy, is the crash loop (the exit code reads 0 while a restart is running).
    if (failsAtStart(state)) break;
    if (Date.now() > giveUpAt) throw new Error(`svc-participants with a bad .env is ${JSON.stringify(state)}: neither unhealthy nor failing at start`);
    await sleep(1000);
  }
  say(`  svc-participants with a bad .env: never healthy; last exit code ${state.exitCode}, restarted ${state.restarts} times by its policy, health ${state.health || 'none'}; each start names ADMIN_MASTER_KEY and TOKEN_ENCRYPTION_KEY`);
  // Nothing else is touched: the gateway is alive and the shell still served.
  const live = await fetch(`${baseUrl}/livez`);
  const page = await fetch(`${baseUrl}/`);
  if (!live.ok || !page.ok) throw new Error(`with svc-participants stopped, /livez answered ${live.status} and / ${page.status}`);
  await podman(['rm', '-f', '-t', '10', name]);
  await up(env, ['up', '-d', '--no-deps', '--no-build', 'svc-participants']);
  await waitHealthy([name], 180_000);
  // The participant's data outlived the bad start.
  const deadline = Date.now() + 30_000;
  for (;;) {
    let status: number;
    try {
      const view = await callApi(routes.user, { body: { pgId } }, { baseUrl, headers: { cookie: sessionCookie } });
      if (view.finalScore?.typeCode) break;
      status = 200;
    } catch (err) {
      // An answer that is not the participant's view is waited out; no answer at all fails the check.
      if (!(err instanceof ApiError) || err.status === undefined) throw err;
      status = err.status;
    }
    if (Date.now() > deadline) throw new Error(`after the good .env was back, ${routeKey(routes.user)} answered ${status}`);
    await sleep(1000);
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  // The deployment runs the images deploy:images tags (RELEASE, default local); the replacements
  // are new releases of their own, removed again at the end.
  const release = process.env.RELEASE || 'local';
  const stamp = `check-${Date.now().toString(36)}`;
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.mkdirSync(outDir, { recursive: true });
  ensureChromium(say);
  (await import('../lib/system-tools')).ensureDebianTool('pdftotext', 'poppler-utils', say);

  await step('Images', () => buildImages({ log: (m) => say(`  ${m}`) }));
  const env = await deploymentEnv(release);
  const baseUrl = env.PUBLIC_URL;
  let client: RolloutClient | undefined;
  try {
    await step(`Compose up (project ${PROJECT}, ${baseUrl})`, () => up(env, ['up', '-d', '--no-build']));
    const names = (await projectContainers()).map((c) => c.name);
    const ms = await step(`Wait until all ${names.length} containers are healthy`, () => waitHealthy(names, 300_000));
    say(`  healthy after ${seconds(ms)}: ${names.map((n) => serviceOf(PROJECT, n)).join(', ')}`);

    const participant = await step('Browser smoke test through the containers', () => runSmokeTest(baseUrl));

    const participantClient = startClient({ baseUrl, pgId: participant.pgId, sessionCookie: participant.sessionCookie });
    client = participantClient;
    await step('Replace mf-nardi while a participant uses the app', () =>
      replaceSlice({
        env,
        service: 'mf-nardi',
        release: `${stamp}-nardi2`,
        client: participantClient,
        served: async () => stringAt(await jsonOrNothing(await fetch(`${baseUrl}/mf/nardi/release.json`, { cache: 'no-store' })), 'release'),
      }),
    );
    await step('Replace svc-scoring while a participant uses the app', () =>
      replaceSlice({
        env,
        service: 'svc-scoring',
        release: `${stamp}-scoring2`,
        client: participantClient,
        served: async () => stringAt(await jsonOrNothing(await fetch(`${baseUrl}/healthz`)), 'services', 'scoring', 'release'),
      }),
    );
    const seen = participantClient.stop();
    client = undefined;
    say(`  the participant's client: ${seen.ok} answers from the other slices, ${seen.failed.length} failed`);
    if (seen.failed.length > 0) throw new Error(`requests to slices not being replaced failed:\n  ${seen.failed.slice(0, 20).join('\n  ')}`);

    await step('A bad .env stops svc-participants alone, naming the variables', () => checkBadEnv(env, baseUrl, participant));
  } finally {
    client?.stop();
    await step('Compose down (containers, network, volumes)', async () => {
      await up(env, ['down', '-v', '-t', '10']).catch((err: unknown) => say(`  compose down: ${messageOf(err).split('\n')[0]}`));
      for (const { name } of await projectContainers()) await podman(['rm', '-f', name]).catch(() => undefined);
      const { stdout } = await podman(['volume', 'ls', '--filter', `label=io.podman.compose.project=${PROJECT}`, '--format', '{{.Name}}']).catch(() => ({ stdout: '' }));
      for (const volume of stdout.split('\n').filter(Boolean)) await podman(['volume', 'rm', '-f', volume]).catch(() => undefined);
      await podman(['network', 'rm', '-f', `${PROJECT}_default`]).catch(() => undefined);
      // The check's own releases: the images it tagged are removed, their layers stay cached.
      const { stdout: images } = await podman(['images', '--format', '{{.Repository}}:{{.Tag}}']).catch(() => ({ stdout: '' }));
      for (const image of images.split('\n').filter((i) => i.includes(`:${stamp}`))) await podman(['rmi', image]).catch(() => undefined);
    });
  }
  say(`Passed in ${seconds(Date.now() - started)}.`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(`[deploy:check] FAILED: ${messageOf(err)}`);
    process.exit(1);
  });
}
