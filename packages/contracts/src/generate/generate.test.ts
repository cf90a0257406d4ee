import fs from 'node:fs';
import path from 'node:path';
import { asyncApiFile, eventMapFile, GENERATE_COMMAND, type GeneratedFile } from './generate';

const repoRoot = path.resolve(__dirname, '..', '..', '..', '..');

// A failure names the command that writes the documents, rather than printing a long diff.
function expectCommitted({ file, text }: GeneratedFile): void {
  const committed = fs.readFileSync(path.join(repoRoot, file), 'utf8');
  if (committed !== text) throw new Error(`${file} is not what the event definitions make: run \`${GENERATE_COMMAND}\` and commit it.`);
}

describe('the documents generated from the contracts', () => {
  it('packages/contracts/asyncapi.json is committed as the event definitions make it', () => {
    expectCommitted(asyncApiFile());
  });

  it("README.md's event map is committed as the event definitions make it", () => {
    expectCommitted(eventMapFile(repoRoot));
  });
});
