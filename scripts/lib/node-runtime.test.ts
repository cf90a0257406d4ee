import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readPinnedNode, runtimeProblem } from './node-runtime';

describe('readPinnedNode', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
  const withFile = (text: string): string => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'node-version-'));
    dirs.push(dir);
    fs.writeFileSync(path.join(dir, '.node-version'), text);
    return dir;
  };

  it('reads one exact version', () => {
    expect(readPinnedNode(withFile('24.21.0\n'))).toBe('24.21.0');
  });

  it.each(['24', 'v24.21.0', 'lts/krypton', '24.21'])('refuses %p', (text) => {
    expect(() => readPinnedNode(withFile(text))).toThrow(`.node-version must hold one exact version such as 24.21.0, not "${text}"`);
  });

  it('is the pin of the repository: a 24.x the base images and scripts/run.mjs share', () => {
    expect(readPinnedNode(path.resolve(__dirname, '..', '..'))).toMatch(/^24\.\d+\.\d+$/);
  });
});

describe('runtimeProblem', () => {
  it('accepts the pinned line for the tool and for the node on PATH, whatever the patch', () => {
    expect(runtimeProblem({ pinned: '24.21.0', tool: 'v24.21.0', onPath: 'v24.11.1' })).toBeNull();
  });

  it('names a tool started on another line', () => {
    expect(runtimeProblem({ pinned: '24.21.0', tool: 'v20.20.2', onPath: 'v24.21.0' })).toMatch(/^this tool runs on Node.js v20.20.2, not 24 \(.node-version 24.21.0\)/);
  });

  it('names a node on PATH of another line, which jest would start on', () => {
    expect(runtimeProblem({ pinned: '24.21.0', tool: 'v24.21.0', onPath: 'v20.20.2' })).toMatch(/^the `node` on PATH is v20.20.2, not 24/);
    expect(runtimeProblem({ pinned: '24.21.0', tool: 'v24.21.0', onPath: null })).toBe('there is no `node` on PATH');
  });
});
