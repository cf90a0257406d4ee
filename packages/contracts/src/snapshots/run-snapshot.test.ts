import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readSnapshots, writeSnapshot } from './snapshot-files';
import { runSnapshot } from './run-snapshot';

describe('runSnapshot', () => {
  let dir: string;
  const lines: string[] = [];
  const log = (line: string) => lines.push(line);

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contract-snapshots-'));
    lines.length = 0;
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes every contract once, then finds nothing to write', () => {
    expect(runSnapshot(dir, log)).toBe(0);
    const written = readSnapshots(dir);
    expect(written.get('events/scoring.nardi.completed.v1.json')).toMatch(/^\{\n {2}"\$schema"[\s\S]*\}\n$/);
    lines.length = 0;
    expect(runSnapshot(dir, log)).toBe(0);
    expect(lines).toEqual([`0 written, ${written.size} unchanged, 0 refused, 0 kept without a contract.`]);
  });

  it('refuses a breaking change, leaves its snapshot as it was, and keeps a snapshot without a contract', () => {
    runSnapshot(dir, () => undefined);
    // The committed v1 had a field the current schema no longer has: as if it had been removed.
    const file = 'events/scoring.nardi.completed.v1.json';
    const committed = JSON.parse(readSnapshots(dir).get(file) ?? '{}');
    committed.properties.retiredField = { type: 'string' };
    const text = `${JSON.stringify(committed, null, 2)}\n`;
    writeSnapshot(dir, file, text);
    writeSnapshot(dir, 'events/scoring.nardi.gone.v1.json', '{}\n');

    expect(runSnapshot(dir, log)).toBe(1);
    expect(readSnapshots(dir).get(file)).toBe(text);
    expect(readSnapshots(dir).get('events/scoring.nardi.gone.v1.json')).toBe('{}\n');
    const output = lines.join('\n');
    expect(output).toContain(`REFUSED: ${file}`);
    expect(output).toContain('$.retiredField: field removed');
    expect(output).toContain('publish a new version scoring.nardi.completed.v2 beside scoring.nardi.completed.v1');
    expect(output).toContain('kept: events/scoring.nardi.gone.v1.json');
  });
});
