import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compareVersions, HISTORY_FILE, newestReleaseBefore, parseHistory, previousRelease, readHistory, recordRelease, type Release } from './release-history';

const release = (version: string, commit = `${version.replace(/\D/g, '')}`.padEnd(40, 'a')): Release => ({ version, commit, releasedAt: '2026-11-24T02:33:52+00:00' });

describe('compareVersions', () => {
  it('orders by major, minor and patch as numbers, a pre-release before its release', () => {
    const sorted = ['1.10.0', '0.2.0', '1.2.0', '0.10.1', '1.2.0-rc.1', '0.2.1', '1.2.0-beta.2'].sort(compareVersions);
    expect(sorted).toEqual(['0.2.0', '0.2.1', '0.10.1', '1.2.0-beta.2', '1.2.0-rc.1', '1.2.0', '1.10.0']);
    expect(compareVersions('0.2.0', '0.2.0')).toBe(0);
  });
});

describe('newestReleaseBefore', () => {
  it('picks the newest release older than the current version, in whatever order they were recorded', () => {
    const releases = [release('0.1.0'), release('0.3.0'), release('0.2.0'), release('0.3.0-rc.1')];
    expect(newestReleaseBefore(releases, '0.3.0')?.version).toBe('0.3.0-rc.1');
    expect(newestReleaseBefore(releases, '0.4.0')?.version).toBe('0.3.0');
    expect(newestReleaseBefore(releases, '0.2.0')?.version).toBe('0.1.0');
    expect(newestReleaseBefore(releases, '0.1.0')).toBeUndefined();
  });
});

describe('parseHistory', () => {
  it('keeps every release of every folder, and refuses an entry without its commit', () => {
    const json = { 'mf-nardi': [release('0.1.0'), release('0.2.0')], shell: [] };
    expect(parseHistory(json)).toEqual(json);
    expect(() => parseHistory({ 'mf-nardi': [{ version: '0.1.0', releasedAt: 'x' }] })).toThrow('release 0 of mf-nardi needs a version, commit and releasedAt');
    expect(() => parseHistory({ 'mf-nardi': 'v0.1.0' })).toThrow('mf-nardi holds no list of releases');
  });
});

describe('the history in a repository', () => {
  let root: string;
  const git = (...args: string[]) => {
    const res = spawnSync('git', ['-c', 'user.name=Release Test', '-c', 'user.email=release@test.invalid', '-c', 'commit.gpgsign=false', '-c', 'tag.gpgsign=false', ...args], { cwd: root, encoding: 'utf8' });
    if (res.status !== 0) throw new Error(res.stderr);
    return res.stdout.trim();
  };
  const writePackage = (version: string) => fs.writeFileSync(path.join(root, 'mf-nardi', 'package.json'), JSON.stringify({ name: '@study/mf-nardi', version }));

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'release-history-'));
    fs.mkdirSync(path.join(root, 'mf-nardi'));
    fs.mkdirSync(path.join(root, 'deploy'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('reads no history when the file is missing, and finds the previous release of a folder', () => {
    writePackage('0.3.0');
    expect(readHistory(root)).toEqual({});
    expect(() => previousRelease(root, 'mf-nardi')).toThrow(`mf-nardi 0.3.0 has no earlier release recorded in ${HISTORY_FILE}.`);
    fs.writeFileSync(path.join(root, HISTORY_FILE), JSON.stringify({ 'mf-nardi': [release('0.1.0'), release('0.2.0'), release('0.3.0')] }));
    expect(previousRelease(root, 'mf-nardi')).toEqual(release('0.2.0'));
    expect(() => previousRelease(root, 'mf-missing')).toThrow('mf-missing is not a deployable folder of this repository.');
  });

  it('records a release of HEAD, tags it and commits the history; refuses a dirty tree and a version released already', () => {
    // Other users' git settings (a hook, a signing key) must not reach the temporary repository.
    const env = { GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1' };
    const saved = { ...process.env };
    Object.assign(process.env, env, { GIT_AUTHOR_NAME: 'Release Test', GIT_AUTHOR_EMAIL: 'release@test.invalid', GIT_COMMITTER_NAME: 'Release Test', GIT_COMMITTER_EMAIL: 'release@test.invalid' });
    try {
      git('init', '-q');
      writePackage('0.2.0');
      git('add', '.');
      git('commit', '-q', '-m', 'mf-nardi 0.2.0');
      const head = git('rev-parse', 'HEAD');

      const recorded = recordRelease(root, 'mf-nardi', { now: new Date('2026-11-24T10:00:00.000Z') });
      expect(recorded).toEqual({ tag: '@study/mf-nardi@0.2.0', commit: head, version: '0.2.0' });
      expect(readHistory(root)).toEqual({ 'mf-nardi': [{ version: '0.2.0', commit: head, releasedAt: '2026-11-24T10:00:00.000Z' }] });
      expect(git('rev-parse', '@study/mf-nardi@0.2.0^{commit}')).toBe(head);
      expect(git('log', '-1', '--format=%s')).toBe('Release @study/mf-nardi@0.2.0');
      expect(git('status', '--porcelain')).toBe('');

      expect(() => recordRelease(root, 'mf-nardi')).toThrow('mf-nardi 0.2.0 is released already');
      writePackage('0.3.0');
      expect(() => recordRelease(root, 'mf-nardi')).toThrow('The working tree has uncommitted changes');
    } finally {
      for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
      Object.assign(process.env, saved);
    }
  });
});
