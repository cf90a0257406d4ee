import fs from 'node:fs';
import { cpuSpent, descendants, group, isFerretOn, isPostgresBackendOf, parseStat, postgresUrlOf } from './procs';

describe('parseStat', () => {
  it('reads the parent and utime + stime in ms, whatever the command name holds', () => {
    const stat = '4242 (node (worker) x) S 17 4242 4242 0 -1 4194560 1200 0 3 0 250 50 0 0 20 0 11 0 123456 1000000 5000';
    expect(parseStat(stat, 100)).toEqual({ ppid: 17, cpuMs: 3000 });
    expect(parseStat(stat, 250)).toEqual({ ppid: 17, cpuMs: 1200 });
  });

  it("reads this process's own /proc/self/stat", () => {
    const own = parseStat(fs.readFileSync('/proc/self/stat', 'utf8'), 100);
    expect(own.ppid).toBe(process.ppid);
    expect(own.cpuMs).toBeGreaterThanOrEqual(0);
  });
});

describe('descendants', () => {
  it('answers the process and all its descendants, depth first', () => {
    const parents = new Map([
      [10, 1],
      [11, 10],
      [12, 10],
      [13, 11],
      [20, 1],
    ]);
    expect(descendants(10, parents)).toEqual([10, 11, 13, 12]);
    expect(descendants(20, parents)).toEqual([20]);
  });
});

describe('cpuSpent', () => {
  it('counts what each process spent since the first sample, a new process from zero', () => {
    const before = new Map([
      [1, 100],
      [2, 50],
    ]);
    const after = new Map([
      [1, 150],
      [2, 50],
      [3, 20],
    ]);
    expect(cpuSpent(before, after)).toBe(70);
  });
});

describe('group', () => {
  it('takes a fixed list of pids or a function that finds them at each sample', () => {
    expect(group('gateway', [7]).pids()).toEqual([7]);
    let found = [1];
    const backends = group('postgres (backends)', () => found);
    found = [1, 2];
    expect(backends.pids()).toEqual([1, 2]);
    expect(backends.name).toBe('postgres (backends)');
  });
});

describe('finding the database processes', () => {
  it('knows FerretDB by its binary and its listen port', () => {
    expect(isFerretOn(['/opt/ferretdb/bin/ferretdb', '--listen-addr=127.0.0.1:27018'], '27018')).toBe(true);
    expect(isFerretOn(['/opt/ferretdb/bin/ferretdb', '--listen-addr=127.0.0.1:27017'], '27018')).toBe(false);
    expect(isFerretOn(['node', '--listen-addr=127.0.0.1:27018'], '27018')).toBe(false);
    expect(isFerretOn([], '27018')).toBe(false);
  });

  it("knows a PostgreSQL backend of the database, with or without Debian's cluster name", () => {
    expect(isPostgresBackendOf(['postgres: 15/main: ferret bench_db 127.0.0.1(5432) idle'], 'bench_db')).toBe(true);
    expect(isPostgresBackendOf(['postgres: ferret bench_db 127.0.0.1(5432) idle'], 'bench_db')).toBe(true);
    expect(isPostgresBackendOf(['postgres: ferret other_db 127.0.0.1(5432) idle'], 'bench_db')).toBe(false);
    expect(isPostgresBackendOf(['postgres: checkpointer'], 'bench_db')).toBe(false);
    expect(isPostgresBackendOf(['postgres', '-D', 'bench_db'], 'bench_db')).toBe(false);
  });

  it("reads FerretDB's PostgreSQL URL from its arguments", () => {
    expect(postgresUrlOf(['ferretdb', '--postgresql-url=postgres://u@127.0.0.1:5432/bench_db'])).toBe('postgres://u@127.0.0.1:5432/bench_db');
    expect(postgresUrlOf(['ferretdb', '--handler=sqlite'])).toBeUndefined();
  });
});
