import { bundleRequires, compareWithLockfile, imageName, isOverBudget, parseLockfile, parseNpmLsTree, releaseOf, sliceImages, withRelease, type Lockfile } from './image-facts';

describe('image names and tags', () => {
  it('names a stand-in by its folder without the standins/ part, and every other slice by its folder', () => {
    expect(imageName('standins/open-humans')).toBe('standin-open-humans');
    expect(imageName('svc-scoring')).toBe('svc-scoring');
  });

  it('reads and replaces the tag, whatever the registry part holds', () => {
    expect(releaseOf('study/svc-scoring:2026.11.24-1')).toBe('2026.11.24-1');
    expect(releaseOf('localhost:5000/study/mf-nardi:local')).toBe('local');
    expect(withRelease('study/mf-nardi:local', 'check-x-nardi2')).toBe('study/mf-nardi:check-x-nardi2');
  });

  it('builds frontends for nginx and everything else for Node, tagged with the release', () => {
    const deployables = [
      { dir: 'mf-nardi', kind: 'frontend' },
      { dir: 'svc-scoring', kind: 'service' },
      { dir: 'standins/open-humans', kind: 'standin' },
    ];
    expect(sliceImages(deployables, 'local')).toEqual([
      { dir: 'mf-nardi', target: 'frontend', image: 'study/mf-nardi:local' },
      { dir: 'svc-scoring', target: 'service', image: 'study/svc-scoring:local' },
      { dir: 'standins/open-humans', target: 'service', image: 'study/standin-open-humans:local' },
    ]);
  });

  it("holds each image to its kind's budget (decimal megabytes)", () => {
    expect(isOverBudget(330e6, 'service')).toBe(false);
    expect(isOverBudget(330e6 + 1, 'service')).toBe(true);
    expect(isOverBudget(200e6, 'frontend')).toBe(true);
  });
});

describe('compareWithLockfile', () => {
  const lock: Lockfile = parseLockfile({
    lockfileVersion: 3,
    packages: {
      '': { name: 'root' },
      'node_modules/express': { version: '5.1.0' },
      'node_modules/debug': { version: '4.4.1' },
      'node_modules/@study/contracts': { link: true, resolved: 'packages/contracts' },
      'packages/contracts': { version: '0.1.2' },
      'node_modules/@study/broken': { link: true },
    },
  });

  it('passes a tree installed as locked, following workspace links and comparing each folder once', () => {
    const debug = { path: '/app/node_modules/debug', version: '4.4.1' };
    const tree = parseNpmLsTree({
      name: 'svc-scoring',
      dependencies: {
        express: { path: '/app/node_modules/express', version: '5.1.0', dependencies: { debug } },
        debug,
        '@study/contracts': { path: '/app/node_modules/@study/contracts', version: '0.1.2' },
      },
    });
    expect(compareWithLockfile(tree, lock)).toEqual({ problems: [], checked: 3 });
  });

  it('names each package installed at another version or not locked at all, with what npm ls reported', () => {
    const tree = parseNpmLsTree({
      problems: ['extraneous: left-pad@1.3.0 /app/node_modules/left-pad'],
      dependencies: {
        express: { path: '/app/node_modules/express', version: '5.0.0' },
        'left-pad': { path: '/app/node_modules/left-pad', version: '1.3.0' },
        '@study/broken': { path: '/app/node_modules/@study/broken', version: '0.1.0' },
      },
    });
    expect(compareWithLockfile(tree, lock)).toEqual({
      problems: [
        'extraneous: left-pad@1.3.0 /app/node_modules/left-pad',
        'node_modules/express: installed 5.0.0, locked 5.1.0',
        'node_modules/left-pad: installed 1.3.0, not in package-lock.json',
        'node_modules/@study/broken: installed 0.1.0, not in package-lock.json',
      ],
      checked: 3,
    });
  });

  it('refuses output that is no tree and a lockfile without packages', () => {
    expect(() => parseNpmLsTree('npm ERR!')).toThrow('no tree');
    expect(() => parseLockfile({ lockfileVersion: 1, dependencies: {} })).toThrow('no packages');
  });
});

describe('bundleRequires', () => {
  it("lists the packages a bundle requires or resolves, subpaths as written, without Node's own modules", () => {
    const bundle = [
      'var import_express = __toESM(require("express"));',
      'var import_sync = require("csv-parse/sync");',
      'var import_api = require("@opentelemetry/api"); var again = require("express");',
      'var crypto = require("node:crypto"); var fs = require("fs"); var local = require("./chunk.js");',
      'const ui = path.dirname(require.resolve("swagger-ui-dist/package.json"));',
    ].join('\n');
    expect(bundleRequires(bundle)).toEqual(['@opentelemetry/api', 'csv-parse/sync', 'express', 'swagger-ui-dist/package.json']);
  });
});
