// Coverage in `npm test`: jest's --coverage (V8's own counters: see jest.config.js for what is
// counted) in a run of the covered projects of its own (scripts/lib/test-plan.ts), its text summary
// printed at the end of that run's output and the reports in coverage/.

/** The projects whose coverage is counted (jest.config.js leaves the others out). */
export const COVERED_PROJECTS = ['unit', 'ui'] as const;

/** The projects a jest command line selects (`--selectProjects a b`), or null for all of them. */
export function selectedProjects(jestArgs: readonly string[]): string[] | null {
  let selected: string[] | null = null;
  for (let i = 0; i < jestArgs.length; i++) {
    const arg = jestArgs[i] ?? '';
    if (arg.startsWith('--selectProjects=')) {
      selected = [...(selected ?? []), arg.slice('--selectProjects='.length)];
    } else if (arg === '--selectProjects') {
      selected ??= [];
      while (i + 1 < jestArgs.length && !(jestArgs[i + 1] ?? '').startsWith('-')) selected.push(jestArgs[++i] ?? '');
    }
  }
  return selected;
}
