import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { contentHash, describeBuild, isReleaseId, LIVE_FILE, listReleases, parseLive, parseManifest, parseReleaseId, publishRelease, readLive, setLive } from './remote-releases';

describe('release ids', () => {
  it('are a version and ten hex digits of the content hash', () => {
    expect(parseReleaseId('0.2.0-3f9a1c2b7e')).toEqual({ version: '0.2.0', hash: '3f9a1c2b7e' });
    expect(parseReleaseId('1.0.0-rc.1-3f9a1c2b7e')).toEqual({ version: '1.0.0-rc.1', hash: '3f9a1c2b7e' });
    for (const id of ['0.2.0', '0.2.0-3f9a1c2b7', '0.2.0-3F9A1C2B7E', 'v0.2.0-3f9a1c2b7e', '0.2-3f9a1c2b7e', '.0.2.0-3f9a1c2b7e.1.partial']) {
      expect(isReleaseId(id)).toBe(false);
      expect(parseReleaseId(id)).toBeUndefined();
    }
  });
});

describe('parseManifest', () => {
  it("reads the federation name and build version, and refuses a manifest without them", () => {
    expect(parseManifest({ name: 'mf_nardi', metaData: { buildInfo: { buildVersion: '0.2.0' } }, exposes: [] }, 'mf-manifest.json')).toEqual({ name: 'mf_nardi', version: '0.2.0' });
    expect(() => parseManifest({ name: 'mf_nardi', metaData: {} }, 'dist/mf-manifest.json')).toThrow('dist/mf-manifest.json names no remote or version.');
    expect(() => parseManifest([], 'dist/mf-manifest.json')).toThrow('names no remote or version');
  });
});

describe('parseLive', () => {
  it('maps federation names to release ids, and refuses anything else', () => {
    expect(parseLive({ mf_nardi: '0.2.0-3f9a1c2b7e' })).toEqual({ mf_nardi: '0.2.0-3f9a1c2b7e' });
    expect(() => parseLive(['0.2.0-3f9a1c2b7e'])).toThrow(`${LIVE_FILE} must be an object`);
    expect(() => parseLive({ mf_nardi: 2 })).toThrow('mf_nardi must name a release id');
  });
});

describe('publishing and choosing releases', () => {
  let work: string;
  let dist: string;
  let releasesRoot: string;
  const build = (version: string, bundle: string) => {
    fs.rmSync(dist, { recursive: true, force: true });
    fs.mkdirSync(path.join(dist, 'static'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'mf-manifest.json'), JSON.stringify({ name: 'mf_nardi', metaData: { buildInfo: { buildVersion: version } } }));
    fs.writeFileSync(path.join(dist, 'static', 'main.js'), bundle);
    // The build stamp is not part of a release.
    fs.writeFileSync(path.join(dist, '.build-stamp'), String(Math.random()));
  };

  beforeEach(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'remote-releases-'));
    dist = path.join(work, 'dist');
    releasesRoot = path.join(work, 'releases');
  });
  afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

  it('names a build by its files alone: the same files, the same hash; any change, another', () => {
    build('0.2.0', 'console.log(1)');
    const first = contentHash(dist);
    expect(first).toMatch(/^[0-9a-f]{10}$/);
    build('0.2.0', 'console.log(1)');
    expect(contentHash(dist)).toBe(first);
    build('0.2.0', 'console.log(2)');
    expect(contentHash(dist)).not.toBe(first);
    expect(describeBuild(dist)).toEqual({ name: 'mf_nardi', version: '0.2.0' });
    expect(() => describeBuild(path.join(work, 'nothing'))).toThrow('holds no mf-manifest.json: build the remote first.');
  });

  it('publishes a build once, without its dotfiles, and refuses a published release whose files changed', () => {
    build('0.2.0', 'console.log(1)');
    const release = publishRelease({ distDir: dist, releasesRoot, folder: 'mf-nardi' });
    expect(release).toEqual({ id: `0.2.0-${contentHash(dist)}`, name: 'mf_nardi', version: '0.2.0', dir: path.join(releasesRoot, 'mf-nardi', release.id), alreadyPublished: false });
    expect(fs.readdirSync(release.dir).sort()).toEqual(['mf-manifest.json', 'static']);
    expect(publishRelease({ distDir: dist, releasesRoot, folder: 'mf-nardi' })).toEqual({ ...release, alreadyPublished: true });

    fs.writeFileSync(path.join(release.dir, 'static', 'main.js'), 'tampered');
    expect(() => publishRelease({ distDir: dist, releasesRoot, folder: 'mf-nardi' })).toThrow('its files changed since it was published');
  });

  it('lists the published releases, makes one live, and goes back to the default entry', () => {
    expect(listReleases(releasesRoot, 'mf-nardi')).toEqual([]);
    build('0.2.0', 'console.log(1)');
    const older = publishRelease({ distDir: dist, releasesRoot, folder: 'mf-nardi' });
    fs.utimesSync(older.dir, new Date('2026-11-01'), new Date('2026-11-01'));
    build('0.3.0', 'console.log(3)');
    const newer = publishRelease({ distDir: dist, releasesRoot, folder: 'mf-nardi' });
    fs.mkdirSync(path.join(releasesRoot, 'mf-nardi', 'not-a-release'));
    expect(listReleases(releasesRoot, 'mf-nardi').map((release) => release.id)).toEqual([older.id, newer.id]);

    expect(readLive(releasesRoot)).toEqual({});
    expect(setLive({ releasesRoot, folder: 'mf-nardi', name: 'mf_nardi', id: older.id })).toEqual({ mf_nardi: older.id });
    setLive({ releasesRoot, folder: 'mf-dashboard', name: 'mf_dashboard', id: undefined });
    expect(readLive(releasesRoot)).toEqual({ mf_nardi: older.id });
    expect(() => setLive({ releasesRoot, folder: 'mf-nardi', name: 'mf_nardi', id: '0.9.0-0000000000' })).toThrow(`mf-nardi has no published release 0.9.0-0000000000; published: ${older.id}, ${newer.id}.`);
    expect(() => setLive({ releasesRoot, folder: 'mf-nardi', name: 'mf_nardi', id: 'latest' })).toThrow('latest is not a release id');
    expect(readLive(releasesRoot)).toEqual({ mf_nardi: older.id });
    setLive({ releasesRoot, folder: 'mf-nardi', name: 'mf_nardi', id: undefined });
    expect(readLive(releasesRoot)).toEqual({});
    expect(fs.readdirSync(releasesRoot).filter((file) => file.endsWith('.partial'))).toEqual([]);
  });
});
