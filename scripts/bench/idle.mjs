// Figure 5: what each process of the stack costs when nobody uses it, as % of one core.
import { cpuMeter } from './procs.mjs';
import { sleep } from './stats.mjs';

export async function measureIdle({ groups, seconds }) {
  const meter = cpuMeter(groups);
  await sleep(seconds * 1000);
  const { wallMs, cpuMs } = meter.stop();
  const percent = Object.fromEntries(Object.entries(cpuMs).map(([name, spent]) => [name, (100 * spent) / wallMs]));
  percent.total = Object.values(percent).reduce((a, b) => a + b, 0);
  return { seconds: wallMs / 1000, percent };
}
