// `npm run deploy:check`: the compose deployment proven by running it with podman. Builds every
// image (scripts/deploy/images.ts: sizes, lockfile check), brings docker-compose.yml up with the
// local override on free ports, waits until every container is healthy, walks a participant
// through the containers in Chromium, shows that Prometheus scrapes every service and the
// gateway, replaces mf-nardi and then svc-scoring with a new release while a participant's
// client keeps using the other slices, shows that every text file comes
// through Caddy compressed (the results stream as it is), that a service stopped under load
// finishes what is in flight, and that a bad .env stops the container it concerns (naming the
// variable) and nothing else, then removes all it started. Prints the time of each step.
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiPath, callApi } from '@study/api-client';
import { OPENAPI_DOCUMENT_PATH, routeKey, routes } from '@study/contracts';
import { REMOTES } from '@study/topology';
import { ApiError } from '@study/ui';
import { buildImages, buildSlice, SLICES } from './images';
import { BASE } from './base-images';
import {
  containerOf as composeContainerOf,
  isTextFile,
  manifestFiles,
  parseSmokeParticipant,
  scrapeVerdict,
  serviceOf,
  stopVerdict,
  stringAt,
  uncompressed,
  type SeriesExpectation,
  type SmokeParticipant,
  type StopOutcome,
} from './check-facts';
import { withRelease } from './image-facts';
import { compose, messageOf, podman, podmanEnv, podmanOutput, root, seconds, type RunResult } from './podman';
import { failsAtStart, parseContainerList, parseContainerState, type ContainerListing, type ContainerState } from './podman-output';
import { freePort } from '../lib/local-services';
import { ensureChromium, findChromium } from '../lib/chromium';
import { startClient, type RolloutClient } from './rollout-client';
import { generateSecrets } from './secrets';

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
    // Open Humans' own (the stand-in takes whatever the .env says, as the platform's project page would give them).
    OH_CLIENT_SECRET: randomBytes(16).toString('hex'),
    OH_WEBHOOK_SECRET: randomBytes(16).toString('hex'),
    OH_MASTER_ACCESS_TOKEN: randomBytes(24).toString('hex'),
    STUDY_EMAIL_HOST: 'study.localhost',
    // The keys and the database, broker and cache passwords, made as `npm run deploy:env` makes them.
    ...generateSecrets((bytes) => randomBytes(bytes).toString('hex')),
    MONGO_USER: 'study',
    RABBITMQ_USER: 'study',
    STUDY_CONTACT_EMAIL: 'study-team@study.localhost',
    REVIEW_BOARD_NAME: 'LOCAL TEST review board (deployment check)',
    REVIEW_BOARD_APPROVAL: 'LOCAL-TEST-0000',
    REVIEW_BOARD_CONTACT: 'review-board@study.localhost',
    STUDY_NAME: 'Personality Genetics Study',
    HOW_IT_WORKS_VIDEO_URL: '',
    ERROR_REPORTING_DSN: '',
    OTEL_EXPORTER_OTLP_ENDPOINT: '',
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

/** A GET that accepts br and gzip, read as sent: its status, Content-Encoding, Content-Type and size on the wire (fetch would decode it). */
function getAsSent(url: string, headers: Record<string, string> = {}): Promise<{ url: string; status: number; encoding: string | undefined; type: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { 'accept-encoding': 'br, gzip', ...headers } }, (res) => {
      let bytes = 0;
      const type = String(res.headers['content-type'] ?? '');
      // A stream never ends: its headers are what this is about.
      if (type.startsWith('text/event-stream')) {
        resolve({ url, status: res.statusCode ?? 0, encoding: res.headers['content-encoding'], type, bytes });
        req.destroy();
        return;
      }
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ url, status: res.statusCode ?? 0, encoding: res.headers['content-encoding'], type, bytes }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/**
 * Every text file of the shell and the remotes (their manifests, remote entries and chunks) and
 * the API's largest JSON come through Caddy compressed (br or gzip) to a browser that accepts it;
 * the results stream comes as it is, so each event reaches the page at once.
 */
async function checkCompression(baseUrl: string, { pgId, sessionCookie }: SmokeParticipant): Promise<void> {
  const folders = [{ mountPath: '/' }, ...REMOTES];
  const files: string[] = [];
  for (const { mountPath } of folders) {
    const manifestPath = `${mountPath}mf-manifest.json`;
    const manifest: unknown = await (await fetch(`${baseUrl}${manifestPath}`)).json();
    files.push(manifestPath, ...manifestFiles(manifest).filter(isTextFile).map((file) => `${mountPath}${file}`));
  }
  const index = await (await fetch(`${baseUrl}/`)).text();
  for (const [, src] of index.matchAll(/<script[^>]* src="\/?([^"]+\.js)"/g)) files.push(`/${src}`);
  const paths = [...new Set(['/', ...files, OPENAPI_DOCUMENT_PATH])];
  const answers: Awaited<ReturnType<typeof getAsSent>>[] = [];
  for (const file of paths) answers.push(await getAsSent(`${baseUrl}${file}`));
  const bad = uncompressed(answers);
  if (bad.length > 0) throw new Error(`sent uncompressed to a browser that accepts br and gzip:\n  ${bad.join('\n  ')}`);
  const count = (encoding: string) => answers.filter((a) => a.encoding === encoding).length;
  say(`  ${answers.length} answers: ${count('br')} br, ${count('gzip')} gzip, ${answers.length - count('br') - count('gzip')} under 1 KB as they are`);
  const stream = await getAsSent(`${baseUrl}${apiPath(routes.resultsStream, { pgId })}`, { cookie: sessionCookie, accept: 'text/event-stream' });
  if (stream.status !== 200 || !stream.type.startsWith('text/event-stream') || stream.encoding !== undefined) {
    throw new Error(`the results stream answered ${stream.status} ${stream.type} with encoding ${stream.encoding ?? 'none'}: it must come as it is`);
  }
  say('  the results stream: text/event-stream, not encoded');
}

/**
 * svc-participants stopped as compose stops it (SIGTERM, then the stop_grace_period) while a
 * participant's client keeps calling it: the requests in flight at the signal finish, the
 * service still answers through its notice, then the gateway answers 503 with Retry-After;
 * nothing fails or is cut. The service is started again afterwards.
 */
async function checkStopWhileServing(baseUrl: string, { pgId, sessionCookie }: SmokeParticipant): Promise<void> {
  const name = containerOf('svc-participants');
  const outcomes: StopOutcome[] = [];
  const call = async (): Promise<void> => {
    const startedAt = Date.now();
    try {
      const res = await fetch(`${baseUrl}${apiPath(routes.user)}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: sessionCookie }, body: JSON.stringify({ pgId }) });
      await res.arrayBuffer();
      outcomes.push({ startedAt, endedAt: Date.now(), status: res.status, retryAfter: res.headers.get('retry-after') ?? undefined });
    } catch (err) {
      outcomes.push({ startedAt, endedAt: Date.now(), status: 'error', error: messageOf(err).split('\n')[0] });
    }
  };
  let running = true;
  // Four calls a second, as a participant's few tabs might make: well under the gateway's limit
  // for one participant (600 a minute), so every answer is about the stop, none about the limit.
  const keepCalling = async (): Promise<void> => {
    while (running) await Promise.all([call(), sleep(1000)]);
  };
  const clients = Array.from({ length: 4 }, () => keepCalling());
  await sleep(2000);
  // Ten calls sent as the stop is ordered: in flight when the signal reaches the service.
  const atTheSignal = Array.from({ length: 10 }, () => call());
  const signalAt = Date.now();
  // compose stop_grace_period: 30s; podman-compose 1.0.3 does not read it, so it is given here.
  await podman(['stop', '-t', '30', name]);
  const stoppedMs = Date.now() - signalAt;
  await sleep(3000);
  running = false;
  await Promise.all([...clients, ...atTheSignal]);
  const verdict = stopVerdict(outcomes, signalAt);
  say(`  stopped in ${seconds(stoppedMs)}; ${outcomes.length} requests: ${verdict.across} in flight at the signal finished, ${verdict.afterSignal} answered during the notice, ${verdict.refused} answered 503 with Retry-After once it was gone`);
  if (verdict.failed.length > 0) throw new Error(`requests failed while svc-participants stopped:\n  ${verdict.failed.slice(0, 20).join('\n  ')}`);
  if (verdict.across < 10 || verdict.afterSignal === 0) throw new Error(`of the 10 calls sent at the stop signal ${verdict.across} were answered, and ${verdict.afterSignal} calls during the notice: both must be served`);
  await podman(['start', name]);
  await waitHealthy([name], 180_000);
}

// Run by node inside the svc-participants container (its image holds the drivers): connects to
// MongoDB, RabbitMQ and Redis without the deployment's credentials and prints what each said.
const UNCREDENTIALED_CLIENTS = `
const { MongoClient } = require('mongodb');
const amqp = require('amqplib');
const { createClient } = require('redis');
const seen = {};
const attempt = async (name, fn) => {
  try { await fn(); seen[name] = 'accepted'; } catch (err) { seen[name] = 'refused: ' + String(err && err.message).split('\\n')[0]; }
};
(async () => {
  await attempt('MongoDB without a user', async () => {
    const client = new MongoClient('mongodb://mongo:27017', { serverSelectionTimeoutMS: 5000 });
    try { await client.db('participants').collection('participants').findOne({}); } finally { await client.close(); }
  });
  await attempt('RabbitMQ as guest', async () => { const connection = await amqp.connect('amqp://guest:guest@rabbitmq:5672'); await connection.close(); });
  await attempt('Redis without a password', async () => {
    const client = createClient({ url: 'redis://redis:6379', socket: { reconnectStrategy: false } });
    client.on('error', () => undefined);
    await client.connect();
    try { await client.get('study'); } finally { client.destroy ? client.destroy() : client.disconnect(); }
  });
  console.log(JSON.stringify(seen));
})();
`;

/** MongoDB, RabbitMQ and Redis each refuse a client that has not the deployment's credentials (the services, which have them, work: the smoke test). */
async function checkCredentialsRequired(): Promise<void> {
  const output = await podmanOutput(['exec', '-w', '/app/svc-participants', containerOf('svc-participants'), 'node', '-e', UNCREDENTIALED_CLIENTS]);
  const seen = JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as Record<string, string>;
  for (const [what, answer] of Object.entries(seen)) say(`  ${what}: ${answer}`);
  const accepted = Object.entries(seen).filter(([, answer]) => !answer.startsWith('refused')).map(([what]) => what);
  if (Object.keys(seen).length !== 3 || accepted.length > 0) throw new Error(`a client without credentials was let in: ${accepted.join(', ') || output}`);
}

// What deploy/prometheus/prometheus.yml scrapes: each service on its port and the gateway on METRICS_PORT.
const SCRAPED_SERVICES = ['svc-participants', 'svc-scoring', 'svc-reports'] as const;
const SCRAPED_JOBS = [...SCRAPED_SERVICES, 'gateway'];

/** Prometheus' HTTP API (`method` under /api/v1/) asked from inside its own container (no port of it is published), as JSON. */
async function askPrometheus(method: string): Promise<unknown> {
  const output = await podmanOutput(['exec', containerOf('prometheus'), 'wget', '-qO-', `http://127.0.0.1:9090/api/v1/${method}`]);
  try {
    return JSON.parse(output) as unknown;
  } catch {
    return output.slice(0, 500);
  }
}

/**
 * Prometheus scrapes every service and the gateway: each target is up, and the requests the
 * smoke test made are there as series, the services' own (study_http_request_duration_seconds)
 * and the gateway's (study_gateway_upstream_requests_total). Asked again until the scrapes after
 * the traffic have come in (every 15 s), for at most a minute.
 */
async function checkPrometheusScrapes(): Promise<void> {
  const queries = [
    { query: 'count by (job) (study_http_request_duration_seconds_count)', jobs: SCRAPED_SERVICES },
    { query: 'count by (job) (study_gateway_upstream_requests_total)', jobs: ['gateway'] },
  ];
  const deadline = Date.now() + 60_000;
  for (;;) {
    const targets = await askPrometheus('targets?state=active');
    const expectations: SeriesExpectation[] = [];
    for (const { query, jobs } of queries) expectations.push({ query, jobs, answer: await askPrometheus(`query?query=${encodeURIComponent(query)}`) });
    const problems = scrapeVerdict(targets, SCRAPED_JOBS, expectations);
    if (problems.length === 0) {
      say(`  ${SCRAPED_JOBS.join(', ')}: up; request series from each`);
      return;
    }
    if (Date.now() > deadline) throw new Error(`Prometheus does not scrape the deployment as it should:\n  ${problems.join('\n  ')}`);
    await sleep(3000);
  }
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

    await step('Prometheus scrapes every service and the gateway, with their request series', () => checkPrometheusScrapes());

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

    await step('MongoDB, RabbitMQ and Redis refuse a client without credentials', () => checkCredentialsRequired());
    await step('Text files and API answers come compressed through Caddy; the results stream does not', () => checkCompression(baseUrl, participant));
    await step('svc-participants stops while a client calls it: what is in flight finishes', () => checkStopWhileServing(baseUrl, participant));
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
