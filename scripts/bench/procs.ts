// CPU time of the stack's processes from /proc/<pid>/stat (utime + stime, every thread of the
// process): sampled before and after a run, the difference is what that process spent on it.
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';

let ticksPerSecond;
function clockTicks() {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** {ppid, cpuMs} of one process, or undefined once it is gone. */
function readStat(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return { ppid: Number(fields[1]), cpuMs: ((utime + stime) * 1000) / clockTicks() };
  } catch {
    return undefined;
  }
}

function cmdline(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return [];
  }
}

function allPids() {
  return fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map(Number);
}

/** The pid and every descendant of it (an nginx master and its workers). */
export function processTree(rootPid) {
  const children = new Map();
  for (const pid of allPids()) {
    const stat = readStat(pid);
    if (!stat) continue;
    if (!children.has(stat.ppid)) children.set(stat.ppid, []);
    children.get(stat.ppid).push(pid);
  }
  const out = [];
  const walk = (pid) => {
    out.push(pid);
    for (const child of children.get(pid) ?? []) walk(child);
  };
  walk(rootPid);
  return out;
}

/** Processes whose command line matches: the FerretDB listening on a port, a PostgreSQL backend of a database. */
export function findPids(predicate) {
  return allPids().filter((pid) => pid !== process.pid && predicate(cmdline(pid)));
}

/**
 * A named group of processes to account CPU to. `pids` is a function so a group can pick up
 * processes that start during a run (PostgreSQL backends, nginx workers).
 */
export function group(name, pids) {
  return { name, pids: typeof pids === 'function' ? pids : () => pids };
}

/** Total CPU milliseconds of each group now; a process seen before and gone since keeps its last value. */
function sample(groups, last) {
  const now = new Map();
  for (const g of groups) {
    let total = 0;
    const seen = last?.get(g.name)?.perPid ?? new Map();
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

/**
 * Starts counting CPU for the groups; `stop()` answers, per group name, the CPU milliseconds
 * spent since, and the wall time. Processes that start in between count from zero.
 */
export function cpuMeter(groups) {
  const started = process.hrtime.bigint();
  const before = sample(groups);
  const beforePids = new Map([...before].map(([name, s]) => [name, new Set(s.perPid.keys())]));
  return {
    stop() {
      const after = sample(groups, before);
      const wallMs = Number(process.hrtime.bigint() - started) / 1e6;
      const cpuMs = {};
      for (const g of groups) {
        const a = after.get(g.name);
        const b = before.get(g.name);
        let spent = 0;
        for (const [pid, value] of a.perPid) spent += value - (beforePids.get(g.name).has(pid) ? b.perPid.get(pid) : 0);
        cpuMs[g.name] = spent;
      }
      return { wallMs, cpuMs };
    },
  };
}

/**
 * The stack's processes by name: gateway, each service, FerretDB (found by its listen port), and
 * when FerretDB runs on PostgreSQL the server's backends for its database.
 */
export function stackGroups(stack) {
  const groups = [];
  const child = (name) => stack.children.get(name)?.child.pid;
  groups.push(group('gateway', [child('gateway')].filter(Boolean)));
  for (const s of stack.services) groups.push(group(`svc-${s.name}`, [child(s.name)].filter(Boolean)));
  const mongoPort = new URL(stack.mongoUrl).port;
  const ferret = findPids((args) => /ferretdb/.test(args[0] ?? '') && args.some((a) => a.endsWith(`:${mongoPort}`)));
  if (ferret.length > 0) {
    groups.push(group('ferretdb', ferret));
    const pgUrl = findPgUrl(ferret[0]);
    if (pgUrl) {
      const db = new URL(pgUrl).pathname.replace(/^\//, '');
      // A PostgreSQL backend shows itself as "postgres: [<cluster>:] <user> <database> <client> <state>"
      // (Debian's clusters add "15/main:").
      if (db) groups.push(group('postgres (backends)', () => findPids((args) => args.length === 1 && args[0].startsWith('postgres: ') && args[0].split(' ').slice(1, 4).includes(db))));
    }
  }
  return groups;
}

function findPgUrl(pid) {
  const args = cmdline(pid);
  const flag = args.find((a) => a.startsWith('--postgresql-url='));
  return flag ? flag.slice('--postgresql-url='.length) : undefined;
}

