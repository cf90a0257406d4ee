import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** A snippet linted as if it were the file at `file` (relative to the repository). */
export interface Snippet {
  file: string;
  code: string;
}

/**
 * Lints every snippet with the repository's ESLint config in one run (loading the config and the
 * parser is the slow part) through lint-snippets.mjs; answers each snippet's errors as
 * 'rule: message'.
 */
export function lintSnippets<Name extends string>(snippets: Record<Name, Snippet>): Record<Name, string[]> {
  const names = Object.keys(snippets) as Name[];
  const run = spawnSync(process.execPath, [path.join(__dirname, 'lint-snippets.mjs')], {
    cwd: path.resolve(__dirname, '..'),
    input: JSON.stringify(names.map((name) => snippets[name])),
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (run.status !== 0) throw new Error(`lint-snippets.mjs failed: ${run.stderr || run.error}`);
  const results = JSON.parse(run.stdout) as { errors: string[] }[];
  return Object.fromEntries(names.map((name, index) => [name, results[index]?.errors ?? ['no result']])) as Record<Name, string[]>;
}
