// Lints snippets with the repository's ESLint config as if they were files at the given paths.
// Reads [{file, code}] (file relative to the repository) as JSON on stdin; writes, in the same
// order, the errors of each as [{file, errors: ['rule: message']}]. A process of its own because
// the config is an ES module, which the Node API loads by dynamic import (jest's VM cannot).
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { ESLint } from 'eslint';

const root = path.resolve(import.meta.dirname, '..');
const snippets = JSON.parse(await text(process.stdin));
const eslint = new ESLint({ cwd: root });
const results = [];
for (const { file, code } of snippets) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  const errors = result.messages.filter((message) => message.severity === 2).map((message) => `${message.ruleId}: ${message.message}`);
  results.push({ file, errors });
}
process.stdout.write(JSON.stringify(results));
