import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rewriteManifests, runtimeManifests, runtimeWorkspaces, type Manifest } from './slice-manifests.cjs';

// A service with two runtime workspace packages (one reached through the other) and, as
// devDependencies, a test client and test-infra that are workspaces too.
const manifests: Record<string, Manifest> = {
  '.': { name: 'root', workspaces: ['packages/*', 'svc-a'], devDependencies: { jest: '^30.0.0' } },
  'svc-a': {
    name: '@study/svc-a',
    dependencies: { '@study/kit': '^0.1.0', express: '^5.0.0' },
    devDependencies: { '@study/client': '^0.1.0', '@study/test-infra': '^0.1.0', yaml: '^2.0.0' },
  },
  'packages/kit': { name: '@study/kit', dependencies: { '@study/contracts': '^0.1.0', 'prom-client': '^15.0.0' }, devDependencies: { '@study/test-infra': '^0.1.0' } },
  'packages/contracts': { name: '@study/contracts', dependencies: { zod: '^4.0.0' } },
  'packages/client': { name: '@study/client', dependencies: { '@study/contracts': '^0.1.0', react: '^19.0.0' } },
  'packages/test-infra': { name: '@study/test-infra', dependencies: { mongodb: '^7.0.0' } },
};
const manifestOf = (dir: string): Manifest => {
  const manifest = manifests[dir];
  if (!manifest) throw new Error(`no ${dir}/package.json`);
  return manifest;
};
const lockPackages = Object.fromEntries(
  Object.entries(manifests)
    .filter(([dir]) => dir !== '.')
    .map(([dir, m]) => [`node_modules/${m.name}`, { link: true, resolved: dir }]),
);

describe('runtimeWorkspaces', () => {
  it("follows the slice's dependencies through the workspace packages, leaving out what only its devDependencies reach", () => {
    expect(runtimeWorkspaces('svc-a', manifestOf, lockPackages)).toEqual(['svc-a', 'packages/contracts', 'packages/kit']);
  });

  it('refuses an @study/* dependency the lockfile does not link to a workspace', () => {
    expect(() => runtimeWorkspaces('svc-a', manifestOf, { 'node_modules/@study/kit': { link: true, resolved: 'packages/kit' } })).toThrow(
      'packages/kit depends on @study/contracts, which package-lock.json does not link to a workspace',
    );
  });
});

describe('runtimeManifests', () => {
  it('lists only the runtime workspaces at the root and drops every devDependencies', () => {
    const out = runtimeManifests(manifestOf('.'), ['svc-a', 'packages/kit'], manifestOf);
    expect(out).toEqual({
      '.': { name: 'root', workspaces: ['svc-a', 'packages/kit'] },
      'svc-a': { name: '@study/svc-a', dependencies: { '@study/kit': '^0.1.0', express: '^5.0.0' } },
      'packages/kit': { name: '@study/kit', dependencies: { '@study/contracts': '^0.1.0', 'prom-client': '^15.0.0' } },
    });
  });
});

describe('rewriteManifests', () => {
  it('rewrites the files in place and leaves the other workspaces and the lockfile as they were', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'slice-manifests-'));
    try {
      for (const [dir, manifest] of Object.entries(manifests)) {
        fs.mkdirSync(path.join(root, dir), { recursive: true });
        fs.writeFileSync(path.join(root, dir, 'package.json'), JSON.stringify(manifest));
      }
      const lock = JSON.stringify({ lockfileVersion: 3, packages: lockPackages });
      fs.writeFileSync(path.join(root, 'package-lock.json'), lock);
      expect(rewriteManifests(root, 'svc-a')).toEqual(['svc-a', 'packages/contracts', 'packages/kit']);
      const read = (dir: string): unknown => JSON.parse(fs.readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
      expect(read('.')).toEqual({ name: 'root', workspaces: ['svc-a', 'packages/contracts', 'packages/kit'] });
      expect(read('svc-a')).not.toHaveProperty('devDependencies');
      expect(read('packages/client')).toEqual(manifests['packages/client']);
      expect(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')).toBe(lock);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
