// CPU time of the stack's processes from /proc/<pid>/stat (utime + stime, every thread of the
// process): sampled before and after a run, the difference is what that process spent on it.
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';

/**
 * A named group of processes to account CPU to. `pids` is a function so a group can pick up
 * processes that start during a run (PostgreSQL backends, nginx workers).
 */
export interface ProcessGroup {
  name: string;
  pids: () => number[];
}

/** What a cpuMeter measured: the wall time and, per group name, the CPU milliseconds spent. */
export interface CpuMeasurement {
  wallMs: number;
  cpuMs: Record<string, number>;
}

export interface CpuMeter {
  stop(): CpuMeasurement;
}

/** One process's parent and CPU time so far (every thread, user + system). */
export interface ProcStat {
  ppid: number;
  cpuMs: number;
}

/** The parts of a started stack (scripts/lib/stack.ts) its process groups are found from. */
export interface StackProcesses {
  children: ReadonlyMap<string, { child: { pid?: number | undefined } }>;
  services: readonly { name: string }[];
  mongoUrl: string;
}

let ticksPerSecond: number | undefined;
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** Reads the text of /proc/<pid>/stat: the parent pid and utime + stime in ms at `ticks` clock ticks a second. */
export function parseStat(stat: string, ticks: number): ProcStat {
  // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return { ppid: Number(fields[1]), cpuMs: ((utime + stime) * 1000) / ticks };
}

/** {ppid, cpuMs} of one process, or undefined once it is gone. */
function readStat(pid: number): ProcStat | undefined {
  try {
    return parseStat(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'), clockTicks());
  } catch {
    return undefined;
  }
}

function cmdline(pid: number): string[] {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return [];
  }
}

function allPids(): number[] {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number);
}

/** `rootPid` and every descendant of it, from each process's parent (`parents`: pid → ppid). */
export function descendants(rootPid: number, parents: ReadonlyMap<number, number>): number[] {
  const children = new Map<number, number[]>();
  for (const [pid, ppid] of parents) {
    const siblings = children.get(ppid) ?? [];
    siblings.push(pid);
    children.set(ppid, siblings);
  }
  const out: number[] = [];
  const walk = (pid: number): void => {
    out.push(pid);
    for (const child of children.get(pid) ?? []) walk(child);
  };
  walk(rootPid);
  return out;
}

/** The pid and every descendant of it (an nginx master and its workers). */
export function processTree(rootPid: number): number[] {
  const parents = new Map<number, number>();
  for (const pid of allPids()) {
    const stat = readStat(pid);
    if (stat) parents.set(pid, stat.ppid);
  }
  return descendants(rootPid, parents);
}

/** Processes whose command line matches: the FerretDB listening on a port, a PostgreSQL backend of a database. */
export function findPids(predicate: (args: string[]) => boolean): number[] {
  return allPids().filter((pid) => pid !== process.pid && predicate(cmdline(pid)));
}

export function group(name: string, pids: number[] | (() => number[])): ProcessGroup {
  return { name, pids: typeof pids === 'function' ? pids : () => pids };
}

interface GroupSample {
  total: number;
  perPid: Map<number, number>;
}

/** Total CPU milliseconds of each group now; a process seen before and gone since keeps its last value. */
function sample(groups: readonly ProcessGroup[], last?: Map<string, GroupSample>): Map<string, GroupSample> {
  const now = new Map<string, GroupSample>();
  for (const g of groups) {
    let total = 0;
    const seen = last?.get(g.name)?.perPid ?? new Map<number, number>();
    const perPid = new Map(seen);
    for (const pid of g.pids()) {
      const stat = readStat(pid);
      if (stat) perPid.set(pid, stat.cpuMs);
    }
    for (const value of perPid.values()) total += value;
    now.set(g.name, { total, perPid });
  }
  return now;
}

/** CPU ms spent between two samples of one group's processes (pid → CPU ms); a process not in `before` counts from zero. */
export function cpuSpent(before: ReadonlyMap<number, number>, after: ReadonlyMap<number, number>): number {
  let spent = 0;
  for (const [pid, value] of after) spent += value - (before.get(pid) ?? 0);
  return spent;
}

/**
 * Starts counting CPU for the groups; `stop()` answers, per group name, the CPU milliseconds
 * spent since, and the wall time. Processes that start in between count from zero.
 */
export function cpuMeter(groups: readonly ProcessGroup[]): CpuMeter {
  const started = process.hrtime.bigint();
  const before = sample(groups);
  return {
    stop() {
      const after = sample(groups, before);
      const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
      const cpuMs: Record<string, number> = {};
      for (const g of groups) cpuMs[g.name] = cpuSpent(before.get(g.name)?.perPid ?? new Map(), after.get(g.name)?.perPid ?? new Map());
      return { wallMs, cpuMs };
    },
  };
}

/** Whether a command line is FerretDB's, listening on `port` (some argument ends in :<port>). */
export function isFerretOn(args: readonly string[], port: string): boolean {
  return /ferretdb/.test(args[0] ?? '') && args.some((a) => a.endsWith(`:${port}`));
}

/** Whether a command line is a PostgreSQL backend serving database `db`. */
export function isPostgresBackendOf(args: readonly string[], db: string): boolean {
  // A PostgreSQL backend shows itself as "postgres: [<cluster>:] <user> <database> <client> <state>"
  // (Debian's clusters add "15/main:").
  const title = args[0];
  return args.length === 1 && title !== undefined && title.startsWith('postgres: ') && title.split(' ').slice(1, 4).includes(db);
}

/** FerretDB's --postgresql-url=... argument, if it runs on PostgreSQL. */
export function postgresUrlOf(args: readonly string[]): string | undefined {
  const flag = args.find((a) => a.startsWith('--postgresql-url='));
  return flag ? flag.slice('--postgresql-url='.length) : undefined;
}

/**
 * The stack's processes by name: gateway, each service, FerretDB (found by its listen port), and
 * when FerretDB runs on PostgreSQL the server's backends for its database.
 */
export function stackGroups(stack: StackProcesses): ProcessGroup[] {
  const groups: ProcessGroup[] = [];
  const pidOf = (name: string): number[] => {
    const pid = stack.children.get(name)?.child.pid;
    return pid ? [pid] : [];
  };
  groups.push(group('gateway', pidOf('gateway')));
  for (const s of stack.services) groups.push(group(`svc-${s.name}`, pidOf(s.name)));
  const mongoPort = new URL(stack.mongoUrl).port;
  const ferret = findPids((args) => isFerretOn(args, mongoPort));
  const ferretPid = ferret[0];
  if (ferretPid !== undefined) {
    groups.push(group('ferretdb', ferret));
    const pgUrl = postgresUrlOf(cmdline(ferretPid));
    if (pgUrl) {
      const db = new URL(pgUrl).pathname.replace(/^\//, '');
      if (db) groups.push(group('postgres (backends)', () => findPids((args) => isPostgresBackendOf(args, db))));
    }
  }
  return groups;
}
