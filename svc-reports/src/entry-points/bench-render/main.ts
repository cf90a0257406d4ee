// The bench's render figure, a command of this service (bundled into bench/dist/bench-render.js,
// never into the image): renders the final report PDF `count` times in this process with the
// service's own renderer and prints one JSON line: time per render and memory before and after.
// The bench runs it as a child process (with --expose-gc) so its own memory does not mix in.
import { finalReportView } from '../../domain/final-report/final-report-view';
import { renderFinalReport } from '../../rendering/final-report-pdf';
import { sampleFinalScore } from '../../test-support/sample-final-score';

const STUDY_NAME = 'Personality Genetics Study';
const WARM_UP = 200;

const score = sampleFinalScore(new Date());

const gc = (globalThis as { gc?: () => void }).gc;
const memory = () => {
  gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heapUsed };
};

async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? 1000);
  // One render first: loading pdfkit's fonts is a one-off cost, not a per-render one.
  await renderFinalReport(finalReportView('6f1c2a9e-3b4d-4c5e-9f60-718293a4b5c6', score, new Date(), STUDY_NAME));
  const first = memory();
  // Then the warm-up of a process that renders all day: V8 grows its young generation to the
  // allocation rate within the first hundred renders (RSS steps up once, then holds); a leak
  // shows as growth after that.
  for (let i = 0; i < WARM_UP; i += 1) await renderFinalReport(finalReportView('6f1c2a9e-3b4d-4c5e-9f60-718293a4b5c7', score, new Date(), STUDY_NAME));
  const before = memory();
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < count; i += 1) {
    const pgId = `6f1c2a9e-3b4d-4c5e-9f60-${String(i).padStart(12, '0')}`;
    const started = process.hrtime.bigint();
    const pdf = await renderFinalReport(finalReportView(pgId, score, new Date(), STUDY_NAME));
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    bytes = pdf.length;
  }
  const after = memory();
  process.stdout.write(`${JSON.stringify({ times, first, before, after, bytes })}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
