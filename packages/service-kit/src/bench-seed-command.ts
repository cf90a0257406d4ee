import fs from 'node:fs';
import { z } from 'zod';
import { BENCH_SEED_ALLOW, BENCH_SEED_VARIABLE, benchSeedPlanSchema, benchSeedReportSchema, type BenchSeedPlan, type BenchSeedReport } from '@study/bench-seed';
import { ConfigError } from './config';

// A service's bench-seed command (src/entry-points/bench-seed/main.ts, bundled apart from the
// service by scripts/build-service.ts): stores the bench's burst participants in the service's own
// database, as its own repositories write them. The parts every service shares live here: the
// guard, the plan read from a file or stdin and checked, the one JSON line printed.

/** What one command does with a checked plan: stores it, and answers what it stored. */
export interface BenchSeedCommand {
  /** e.g. 'svc-scoring'. */
  service: string;
  /** The options it takes as --name=value (e.g. 'concurrency'); any other is refused. */
  options?: readonly string[];
  seed(plan: BenchSeedPlan, options: ReadonlyMap<string, string>): Promise<BenchSeedReport>;
}

/** The process as the command sees it (tests pass their own). */
export interface BenchSeedIo {
  /** The arguments after the script: `[plan.json] [--name=value ...]`; no file (or `-`): the plan is read from stdin. */
  args: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  readStdin(): Promise<string>;
  readFile(path: string): string;
  /** One line of the report (stdout). */
  out(line: string): void;
  /** What went wrong (stderr). */
  err(line: string): void;
}

/** Why a command stops, said as it is (no stack): a refusal, a bad argument or plan. A command's seed may throw it too. */
export class BenchSeedRefusal extends Error {}

interface CommandArgs {
  planFile: string | undefined;
  options: Map<string, string>;
}

function commandArgs(args: readonly string[], known: readonly string[]): CommandArgs {
  const options = new Map<string, string>();
  let planFile: string | undefined;
  for (const arg of args) {
    const option = /^--([a-z][a-z-]*)=(.*)$/.exec(arg);
    if (option) {
      const [, name = '', value = ''] = option;
      if (!known.includes(name)) throw new BenchSeedRefusal(`unknown option --${name} (it takes ${known.length > 0 ? known.map((k) => `--${k}`).join(', ') : 'none'})`);
      options.set(name, value);
    } else if (arg.startsWith('-') && arg !== '-') throw new BenchSeedRefusal(`unknown argument ${arg}: give the plan's file (or - for stdin) and options as --name=value`);
    else if (planFile !== undefined) throw new BenchSeedRefusal(`one plan at a time: ${planFile} and ${arg} given`);
    else planFile = arg;
  }
  return { planFile: planFile === '-' ? undefined : planFile, options };
}

function parsedPlan(text: string, from: string): BenchSeedPlan {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new BenchSeedRefusal(`the plan (${from}) is not JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
  const plan = benchSeedPlanSchema.safeParse(json);
  if (!plan.success) throw new BenchSeedRefusal(`the plan (${from}) is not a bench-seed plan:\n${z.prettifyError(plan.error)}`);
  return plan.data;
}

function readPlanFile(io: BenchSeedIo, file: string): string {
  try {
    return io.readFile(file);
  } catch (err) {
    throw new BenchSeedRefusal(`cannot read the plan ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/**
 * Runs the command once and answers the process's exit code: 0 once the plan is stored (its
 * report printed as one JSON line), 1 when it is refused or fails (the reason printed). It runs
 * only with BENCH_SEED=allow in its environment: it writes made-up participants, so a stray run
 * against a study's database stops before reading anything.
 */
export async function benchSeedCommand(command: BenchSeedCommand, io: BenchSeedIo): Promise<number> {
  const name = `${command.service} bench-seed`;
  try {
    if (io.env[BENCH_SEED_VARIABLE] !== BENCH_SEED_ALLOW) {
      throw new BenchSeedRefusal(
        `refusing to run: it writes made-up bench participants into the database this service is configured with (MONGO_DB). ` +
          `Run it only against a bench's own stack, with ${BENCH_SEED_VARIABLE}=${BENCH_SEED_ALLOW} set.`,
      );
    }
    const { planFile, options } = commandArgs(io.args, command.options ?? []);
    const plan = planFile === undefined ? parsedPlan(await io.readStdin(), 'stdin') : parsedPlan(readPlanFile(io, planFile), planFile);
    const report = benchSeedReportSchema.parse(await command.seed(plan, options));
    io.out(JSON.stringify(report));
    return 0;
  } catch (err) {
    if (err instanceof BenchSeedRefusal || err instanceof ConfigError) io.err(`${name}: ${err.message}`);
    else io.err(`${name} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    return 1;
  }
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/** The entry point of a bench-seed process: runs the command with the process's arguments, environment and streams, and sets its exit code. */
export function runBenchSeedCommand(command: BenchSeedCommand): void {
  const io: BenchSeedIo = {
    args: process.argv.slice(2),
    env: process.env,
    readStdin: () => {
      if (process.stdin.isTTY) return Promise.reject(new BenchSeedRefusal('no plan: give its file, or send it on stdin'));
      return readAll(process.stdin);
    },
    readFile: (path) => fs.readFileSync(path, 'utf8'),
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  };
  void benchSeedCommand(command, io).then((code) => {
    process.exitCode = code;
  });
}
