// The bench's burst participants, stored in the state the API journey (journey.ts upToLastSave)
// leaves them in: consented through Open Humans, TypeFinder and Nardi (parts one to four)
// completed, the self-assessment pending. Their real last save then goes through the whole
// pipeline as an API-made participant's does, up to the report's upload to their Open Humans
// account. The bench decides who they are and what they answered (burst-plan.ts, from packages
// only); each service stores them in its own database with its own repositories, through its
// bench-seed command (src/entry-points/bench-seed, bundled by scripts/build-service.ts into
// <service>/bench/dist/bench-seed.js) run with that service's environment as the stack runs it.
// svc-participants' command also makes each one a member of the Open Humans stand-in with a live
// grant, through the study's own Open Humans client (the stand-in keeps its members in memory).
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { BENCH_SEED_ALLOW, BENCH_SEED_VARIABLE, type BenchSeedPlanInput, type BenchSeedReport } from '@study/bench-seed';
import type { ServiceName } from '@study/contracts';
import { serviceNamed } from '@study/topology';
import type { Env } from '../lib/stack-env';
import { batchesOf, burstPlan, checkedReport } from './burst-plan';

export type BurstService = ServiceName;

export interface SeedBurstOptions {
  /** The repository root. */
  root: string;
  /** Each service's environment as the stack runs it (its database, and svc-participants' secrets and Open Humans client). */
  env: (service: BurstService) => Env;
  count: number;
  /** Participant i answers as journey.ts's participant firstIndex + i and is Open Humans member 30000000 + firstIndex + i (default 0). */
  firstIndex?: number;
  /** Grants asked of the stand-in at once (default 4: it is one process, rewriting its state file on each change). */
  concurrency?: number;
  now?: () => Date;
  log?: (message: string) => void;
}

export interface BurstParticipant {
  pgId: string;
  tfType: string;
  nardiType: string;
}

/**
 * @study/personality, loaded when called: this module is ESM (scripts/), and Node finds no names of
 * a CommonJS module whose index only re-exports (`export * from`), so a static named import of it
 * fails under tsx; a dynamic import has them all.
 */
const personality = () => import('@study/personality');

/** A service's bench-seed command, as scripts/build-service.ts bundles it. */
function commandFile(root: string, service: BurstService): string {
  const file = path.join(root, serviceNamed(service).folder, 'bench', 'dist', 'bench-seed.js');
  if (!fs.existsSync(file)) throw new Error(`${path.relative(root, file)} is missing: build the services again (npm run build -- --force)`);
  return file;
}

/** Runs one service's bench-seed command on the plan (sent on its stdin); answers its report, checked against the plan. */
function runCommand(root: string, service: BurstService, env: Env, plan: BenchSeedPlanInput, args: readonly string[] = []): Promise<BenchSeedReport> {
  const file = commandFile(root, service);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--enable-source-maps', file, ...args], {
      cwd: path.dirname(file),
      env: { ...env, [BENCH_SEED_VARIABLE]: BENCH_SEED_ALLOW },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code !== 0) return reject(new Error(`svc-${service} bench-seed ended with ${signal ?? `exit code ${code}`}: ${err.trim().slice(-2000) || '(no message)'}`));
      try {
        resolve(checkedReport(service, out, plan));
      } catch (problem) {
        reject(problem instanceof Error ? problem : new Error(String(problem)));
      }
    });
    // A command that ends early (refused) closes its stdin: the exit above says why.
    child.stdin.on('error', () => undefined);
    child.stdin.end(JSON.stringify(plan));
  });
}

/**
 * Stores `count` participants ready for their last save; answers each one's study ID, TypeFinder
 * type (the self-assessment the bench sends names it) and Nardi type. Per 1,000: svc-scoring's and
 * svc-reports' documents first, then svc-participants' (its members on the stand-in, then its
 * documents): once it knows a participant, the documents its events meet in the other services are there.
 */
export async function seedBurstParticipants(options: SeedBurstOptions): Promise<BurstParticipant[]> {
  const { root, env, count, firstIndex = 0, concurrency = 4, now = () => new Date(), log } = options;
  const rules = await personality();
  const made: BurstParticipant[] = [];
  for (const indexes of batchesOf(count, firstIndex)) {
    const plan = burstPlan({ rules, indexes, newId: randomUUID, now: now() });
    await Promise.all((['scoring', 'reports'] as const).map((service) => runCommand(root, service, env(service), plan)));
    const stored = await runCommand(root, 'participants', env('participants'), plan, [`--concurrency=${concurrency}`]);
    log?.(`  ${made.length + indexes.length}/${count}: Open Humans stand-in members authorized in ${((stored.membersAuthorizedMs ?? 0) / 1000).toFixed(1)} s`);
    made.push(...plan.participants.map((p) => ({ pgId: p.pgId, tfType: p.typeFinder.typeCode, nardiType: p.nardi.completion.typeCode })));
  }
  return made;
}
