// Figure 5: what each process of the stack costs when nobody uses it, as % of one core.
import { cpuMeter } from './procs';
import { sleep } from './stats';

export async function measureIdle({ groups, seconds }) {
  const meter = cpuMeter(groups);
  await sleep(seconds * 1000);
  const { wallMs, cpuMs } = meter.stop();
  const percent = Object.fromEntries(Object.entries(cpuMs).map(([name, spent]) => [name, (100 * spent) / wallMs]));
  percent.total = Object.values(percent).reduce((a, b) => a + b, 0);
  return { seconds: wallMs / 1000, percent };
}

/**
 * Waits until the stack has settled (under `percent` of a core over each 2 s window) after a
 * burst, so the next figure is not measured on the backlog the burst left; at most `maxSeconds`.
 * Answers how long it waited and whether it settled.
 */
export async function waitUntilQuiet({ groups, percent = 15, maxSeconds = 240 }) {
  const started = Date.now();
  while (Date.now() - started < maxSeconds * 1000) {
    const meter = cpuMeter(groups);
    await sleep(2000);
    const { wallMs, cpuMs } = meter.stop();
    const used = (100 * Object.values(cpuMs).reduce((a, b) => a + b, 0)) / wallMs;
    if (used < percent) return { seconds: (Date.now() - started) / 1000, settled: true };
  }
  return { seconds: (Date.now() - started) / 1000, settled: false };
}
