import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { licenceProblems, renovatePinProblems } from './manifest-policy';

const repoRoot = path.resolve(__dirname, '..', '..');
const APACHE_HEAD = '                                 Apache License\n                           Version 2.0, January 2004\n';

describe('the repository', () => {
  it('is under the Apache License 2.0: LICENSE, and the "license" of the root and every workspace', () => {
    expect(licenceProblems(repoRoot)).toEqual([]);
  });

  it('pins in its manifests exactly the versions renovate.json holds back', () => {
    expect(renovatePinProblems(repoRoot)).toEqual([]);
  });
});

describe('the checks', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  /** A repository of a root and one workspace, `packages/a`. */
  function repo({ licence = APACHE_HEAD, root = {}, workspace = {}, renovate = {} }: { licence?: string | null; root?: object; workspace?: object; renovate?: object }): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'manifest-policy-'));
    dirs.push(dir);
    fs.mkdirSync(path.join(dir, 'packages', 'a'), { recursive: true });
    if (licence !== null) fs.writeFileSync(path.join(dir, 'LICENSE'), licence);
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'root', workspaces: ['packages/*'], license: 'Apache-2.0', ...root }));
    fs.writeFileSync(path.join(dir, 'packages', 'a', 'package.json'), JSON.stringify({ name: 'a', license: 'Apache-2.0', ...workspace }));
    fs.writeFileSync(path.join(dir, 'renovate.json'), JSON.stringify(renovate));
    return dir;
  }

  it('names a workspace without the licence, or with another, and a missing or other LICENSE', () => {
    expect(licenceProblems(repo({ workspace: { license: undefined } }))).toEqual(['packages/a/package.json: "license" is null, not "Apache-2.0"']);
    expect(licenceProblems(repo({ root: { license: 'MIT' } }))).toEqual(['package.json: "license" is "MIT", not "Apache-2.0"']);
    expect(licenceProblems(repo({ licence: null }))).toEqual(['LICENSE is missing']);
    expect(licenceProblems(repo({ licence: 'MIT License\n' }))).toEqual(['LICENSE is not the Apache License 2.0']);
  });

  it('names a manifest whose version differs from an exact version renovate.json holds, and a hold on a package no manifest names', () => {
    const renovate = { packageRules: [{ matchPackageNames: ['webpack', 'gone'], allowedVersions: '5.110.3' }, { matchPackageNames: ['react'], allowedVersions: '<20' }] };
    expect(renovatePinProblems(repo({ renovate, root: { overrides: { webpack: '5.110.3' } }, workspace: { devDependencies: { webpack: '^5.110.3', react: '^19.0.0' } } }))).toEqual([
      'packages/a/package.json: webpack is "^5.110.3", but renovate.json holds it at 5.110.3',
      'renovate.json holds gone at 5.110.3, which no package.json names',
    ]);
  });
});
