// What `npm run bench` is asked to run (its arguments), and the pipeline's plan of rates: pure, so
// the choices are tested apart from a stack.

export const FIGURES = ['idle', 'proxy', 'static', 'pipeline', 'pdfread', 'admin', 'pages', 'render'] as const;
export type Figure = (typeof FIGURES)[number];

/** The figures that need the stack started (render runs in-process). */
export const STACK_FIGURES: readonly Figure[] = ['idle', 'proxy', 'static', 'pipeline', 'pdfread', 'admin', 'pages'];

/** The pipeline's rates: 1/s is a completion alone; the sweep finds the highest that holds. */
export const PIPELINE_RATES = [1, 5, 10, 20, 30] as const;
/** The rate the study's target is set at: run even when a lower one did not hold. */
export const TARGET_RATE = 20;

export interface BenchOptions {
  selected: ReadonlySet<Figure>;
  /** Short durations (for development; the figures are not the real ones). */
  quick: boolean;
  wrkSeconds: number;
  unloadedSeconds: number;
  idleSeconds: number;
  /** Each rate's run lasts this long (1/s: this many completions). */
  pipelineSeconds: number;
  pdfReads: number;
  renders: number;
  /** Time allowed to make the participants through the API. */
  prepareBudgetS: number;
  pageRuns: number;
  /** The pipeline's rates when not all of PIPELINE_RATES (`--rates=1,5`: a shorter run, for development). */
  rates: readonly number[] | undefined;
}

const isFigure = (name: string): name is Figure => (FIGURES as readonly string[]).includes(name);

/** `--rates=1,5`: whole numbers of last saves per second, at least 1. */
function parseRates(value: string): number[] {
  const rates = value.split(',').map((s) => s.trim()).filter(Boolean);
  const wrong = rates.filter((r) => !/^[1-9]\d*$/.test(r));
  if (rates.length === 0 || wrong.length) throw new Error(`--rates takes whole numbers of last saves per second, e.g. --rates=1,5 (not ${wrong.join(', ') || 'nothing'})`);
  return [...new Set(rates.map(Number))].sort((a, b) => a - b);
}

/** `--only=a,b` (a subset of FIGURES; default all), `--quick` and `--rates=a,b`. */
export function parseArgs(argv: readonly string[]): BenchOptions {
  const only = argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
  const names = only ? only.split(',').map((s) => s.trim()).filter(Boolean) : [...FIGURES];
  const unknown = names.filter((s) => !isFigure(s));
  if (unknown.length) throw new Error(`unknown figure(s) ${unknown.join(', ')}; choose from ${FIGURES.join(', ')}`);
  const quick = argv.includes('--quick');
  const rates = argv.find((a) => a.startsWith('--rates='))?.slice('--rates='.length);
  return {
    selected: new Set(names.filter(isFigure)),
    quick,
    wrkSeconds: quick ? 3 : 10,
    unloadedSeconds: quick ? 2 : 5,
    idleSeconds: quick ? 5 : 20,
    pipelineSeconds: quick ? 10 : 60,
    pdfReads: quick ? 50 : 200,
    renders: quick ? 100 : 1000,
    prepareBudgetS: quick ? 120 : 300,
    pageRuns: quick ? 1 : 3,
    rates: rates === undefined ? undefined : parseRates(rates),
  };
}

/** How many completions the run at `rate` makes: `pipelineSeconds` of last saves (at 1/s, one a second). */
export function completionsAt(rate: number, pipelineSeconds: number): number {
  return rate === 1 ? pipelineSeconds : rate * pipelineSeconds;
}

/** The rates the pipeline runs: the sweep (or the rates `chosen`) for the pipeline figure, only 1/s for the stored PDF read alone. */
export function ratesFor(pipeline: boolean, chosen?: readonly number[]): readonly number[] {
  if (!pipeline) return [1];
  return chosen ?? PIPELINE_RATES;
}

/**
 * A lower swept rate (above 1/s) that did not hold, if there is one: a higher rate cannot hold
 * either, so it is not run; but the target rate is still run, for its figures.
 */
export function failedBelow<R extends { rate: number }>(rate: number, runs: readonly R[], held: (run: R) => boolean): R | undefined {
  if (rate === TARGET_RATE) return undefined;
  return runs.find((run) => run.rate > 1 && run.rate < rate && !held(run));
}
