// Figure 5: what each process of the stack costs when nobody uses it, as % of one core.
import { cpuMeter, type ProcessGroup } from './procs';
import { sleep } from './stats';

/** Idle CPU over `seconds`: % of one core per process, and `total` of the stack. */
export interface IdleFigure {
  seconds: number;
  percent: Record<string, number> & { total: number };
}

/** CPU ms spent over `wallMs` as % of one core, per process and in all. */
export function percentOfCore(cpuMs: Record<string, number>, wallMs: number): Record<string, number> & { total: number } {
  const percent = Object.fromEntries(Object.entries(cpuMs).map(([name, spent]) => [name, (100 * spent) / wallMs]));
  return { ...percent, total: Object.values(percent).reduce((a, b) => a + b, 0) };
}

export async function measureIdle({ groups, seconds }: { groups: readonly ProcessGroup[]; seconds: number }): Promise<IdleFigure> {
  const meter = cpuMeter(groups);
  await sleep(seconds * 1000);
  const { wallMs, cpuMs } = meter.stop();
  return { seconds: wallMs / 1000, percent: percentOfCore(cpuMs, wallMs) };
}

export interface QuietOptions {
  groups: readonly ProcessGroup[];
  /** Settled: the stack under this % of one core over a 2 s window (default 15). */
  percent?: number;
  /** Waits at most this long (default 240). */
  maxSeconds?: number;
}

/** How long waitUntilQuiet waited, and whether the stack settled in that time. */
export interface Quiet {
  seconds: number;
  settled: boolean;
}

/**
 * Waits until the stack has settled (under `percent` of a core over each 2 s window) after a
 * burst, so the next figure is not measured on the backlog the burst left; at most `maxSeconds`.
 * Answers how long it waited and whether it settled.
 */
export async function waitUntilQuiet({ groups, percent = 15, maxSeconds = 240 }: QuietOptions): Promise<Quiet> {
  const started = Date.now();
  while (Date.now() - started < maxSeconds * 1000) {
    const meter = cpuMeter(groups);
    await sleep(2000);
    const { wallMs, cpuMs } = meter.stop();
    if (percentOfCore(cpuMs, wallMs).total < percent) return { seconds: (Date.now() - started) / 1000, settled: true };
  }
  return { seconds: (Date.now() - started) / 1000, settled: false };
}
