import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { largestJsAsset } from './static';

describe('largestJsAsset', () => {
  let root: string;
  const write = (file: string, bytes: number): void => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), 'x'.repeat(bytes));
  };

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-static-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('finds the largest .js file of every built frontend, as the URL path it is served at', () => {
    write('shell/dist/index.html', 5000);
    write('shell/dist/assets/index-a.js', 300);
    write('mf-consent/dist/remoteEntry.js', 100);
    write('mf-admin/dist/assets/chunk-b.js', 900);
    write('mf-admin/dist/assets/chunk-b.js.map', 9000);
    expect(largestJsAsset(root)).toEqual({ urlPath: '/mf/admin/assets/chunk-b.js', size: 900, file: path.join(root, 'mf-admin', 'dist', 'assets', 'chunk-b.js') });
  });

  it("serves the shell's files from the root", () => {
    write('shell/dist/assets/index-a.js', 300);
    expect(largestJsAsset(root)?.urlPath).toBe('/assets/index-a.js');
  });

  it('finds none before the frontends are built', () => {
    expect(largestJsAsset(root)).toBeUndefined();
  });
});
