import path from 'node:path';
import { declaringRange, parseReleaseBuildArgs, previousReleaseDist, RELEASE_BUILD_USAGE } from './release-builds';

describe('parseReleaseBuildArgs', () => {
  it('reads a previous-release build, with or without a place to publish it', () => {
    expect(parseReleaseBuildArgs(['previous', 'mf-nardi'])).toEqual({ kind: 'previous', folder: 'mf-nardi' });
    expect(parseReleaseBuildArgs(['previous', 'mf-nardi', '--publish', '/tmp/releases'])).toEqual({ kind: 'previous', folder: 'mf-nardi', releasesRoot: '/tmp/releases' });
    expect(parseReleaseBuildArgs(['--publish', '/tmp/releases', 'previous', 'shell'])).toEqual({ kind: 'previous', folder: 'shell', releasesRoot: '/tmp/releases' });
  });

  it('splits the declared package from its range at the last @, so a scoped package keeps its name', () => {
    expect(parseReleaseBuildArgs(['declaring', 'mf-nardi', 'react-router-dom@^8.0.0'])).toEqual({ kind: 'declaring', folder: 'mf-nardi', dependency: 'react-router-dom', range: '^8.0.0' });
    expect(parseReleaseBuildArgs(['declaring', 'mf-nardi', '@study/ui@^2.0.0', '--publish', 'out'])).toEqual({ kind: 'declaring', folder: 'mf-nardi', dependency: '@study/ui', range: '^2.0.0', releasesRoot: 'out' });
  });

  it('refuses anything else with the usage', () => {
    for (const argv of [[], ['previous'], ['declaring', 'mf-nardi'], ['declaring', 'mf-nardi', 'react-router-dom'], ['declaring', 'mf-nardi', '@study/ui'], ['next', 'mf-nardi']]) {
      expect(() => parseReleaseBuildArgs(argv)).toThrow(RELEASE_BUILD_USAGE);
    }
  });
});

describe('declaringRange', () => {
  it('changes the one range and keeps the rest of package.json in its order', () => {
    const pkg = { name: '@study/mf-nardi', version: '0.2.0', dependencies: { react: '^19.2.0', 'react-router-dom': '^7.9.0' }, devDependencies: {} };
    const declared = declaringRange(pkg, 'mf-nardi', 'react-router-dom', '^8.0.0');
    expect(JSON.stringify(declared)).toBe(JSON.stringify({ ...pkg, dependencies: { react: '^19.2.0', 'react-router-dom': '^8.0.0' } }));
    expect(pkg.dependencies['react-router-dom']).toBe('^7.9.0');
  });

  it('refuses a package the frontend does not depend on', () => {
    expect(() => declaringRange({ dependencies: { react: '^19.2.0' } }, 'mf-nardi', 'vue', '^3')).toThrow('mf-nardi does not depend on vue.');
    expect(() => declaringRange({ name: 'x' }, 'mf-nardi', 'react', '^20')).toThrow('mf-nardi does not depend on react.');
  });
});

describe('previousReleaseDist', () => {
  it('keeps each release build apart by version and commit', () => {
    const release = { version: '0.1.0', commit: 'b79582b3ee637d3c44e713cb8cd455f8879f2438' };
    expect(previousReleaseDist('/repo', 'mf-nardi', release)).toBe(path.join('/repo', '.test-artifacts', 'release-builds', 'mf-nardi@0.1.0-b79582b3ee63', 'dist'));
  });
});
