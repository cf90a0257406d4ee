import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { connect as amqpConnect } from 'amqplib';
import { build } from 'esbuild';
import { MongoClient } from 'mongodb';
import { consumerTopology } from '@study/event-bus';
import { freePort, uniqueName } from '@study/test-infra';

/**
 * Runs another service of the study as its own process, the way it is deployed: its
 * src/main.ts bundled (as scripts/build-service.ts does) into .test-artifacts, started with
 * node and the given environment. Deployables never import each other's code, so a test that
 * needs svc-scoring or svc-reports beside svc-participants talks to them only through the
 * broker and their databases.
 */

const REPO_ROOT = path.resolve(__dirname, '../../..');

export interface SiblingService {
  name: string;
  url: string;
  /** Everything the process printed so far (JSON log lines). */
  output(): string;
  stop(): Promise<void>;
}

async function bundle(folder: string, outDir: string): Promise<string> {
  const outfile = path.join(outDir, `${folder}.cjs`);
  await build({
    entryPoints: [path.join(REPO_ROOT, folder, 'src', 'main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    logLevel: 'error',
    plugins: [
      {
        // Third-party packages stay require()s, found in the repository's node_modules.
        name: 'external-dependencies',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@study/') ? undefined : { path: args.path, external: true }));
        },
      },
    ],
  });
  return outfile;
}

async function waitUntilReady(url: string, child: ChildProcess, output: () => string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The service exited with code ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1000) });
      if (res.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The service was not ready within ${timeoutMs} ms:\n${output()}`);
}

/**
 * Bundles and starts `folder` (e.g. 'svc-scoring') with `env`; resolves once it answers /readyz.
 * A port found free can be taken by another process before the service listens on it: then the
 * service is started again on another one.
 */
export async function startSiblingService(folder: string, env: Record<string, string>): Promise<SiblingService> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnFreePort(folder, env);
    } catch (err) {
      if (attempt >= 3 || !(err instanceof Error) || !err.message.includes('EADDRINUSE')) throw err;
    }
  }
}

async function startOnFreePort(folder: string, env: Record<string, string>): Promise<SiblingService> {
  const outDir = path.join(REPO_ROOT, '.test-artifacts', uniqueName(`sibling-${folder}`));
  fs.mkdirSync(outDir, { recursive: true });
  const entry = await bundle(folder, outDir);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [entry], {
    cwd: outDir,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString('utf8')));
  const output = () => printed;

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(outDir, { recursive: true, force: true });
  };

  try {
    await waitUntilReady(url, child, output);
  } catch (err) {
    await stop();
    throw err;
  }
  return { name: folder, url, output, stop };
}

/**
 * After a test file: what its siblings left behind, removed. Their databases, and their queues
 * with the dead-letter and retry queues beside each (every file runs them under names of its own).
 */
export async function removeSiblingLeftovers(urls: { mongoUrl: string; amqpUrl: string }, exchange: string, siblings: { dbName: string; queue: string }[]): Promise<void> {
  const mongo = await MongoClient.connect(urls.mongoUrl);
  try {
    for (const { dbName } of siblings) await mongo.db(dbName).dropDatabase();
  } finally {
    await mongo.close();
  }
  const connection = await amqpConnect(urls.amqpUrl);
  try {
    const channel = await connection.createChannel();
    for (const { queue } of siblings) {
      const topology = consumerTopology(exchange, queue);
      for (const name of [topology.queue, topology.deadLetterQueue, ...topology.retryQueues.map((r) => r.name)]) await channel.deleteQueue(name);
    }
    await channel.close();
  } finally {
    await connection.close();
  }
}
