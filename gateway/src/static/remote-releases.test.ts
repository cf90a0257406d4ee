import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { ConfigError } from '../config';
import { startGateway, type RunningGateway } from '../test-support/harness';
import { IMMUTABLE } from './cache-control';

const OLD = '0.1.0-0123456789';
const NEW = '0.2.0-abcdef0123';

function writeFile(root: string, relative: string, content: string): void {
  const file = path.join(root, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

/** Rewrites live.json so its change is seen at once (a new size or mtime). */
function setLive(releasesRoot: string, live: unknown): void {
  const file = path.join(releasesRoot, 'live.json');
  fs.writeFileSync(file, typeof live === 'string' ? live : JSON.stringify(live));
  const later = new Date(Date.now() + Math.floor(Math.random() * 100_000) + 1000);
  fs.utimesSync(file, later, later);
}

async function nardiEntry(url: string): Promise<string> {
  const res = await request(url).get('/remotes.json');
  expect(res.status).toBe(200);
  return (res.body as { remotes: { name: string; entry: string }[] }).remotes.find((remote) => remote.name === 'mf_nardi')?.entry ?? '';
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let root: string;
let releasesRoot: string;
let running: RunningGateway;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-releases-'));
  releasesRoot = path.join(root, 'releases');
  writeFile(root, 'shell/dist/index.html', '<!doctype html>');
  writeFile(root, 'mf-nardi/dist/mf-manifest.json', '{"id":"mf_nardi","build":"dist"}');
  for (const [id, build] of [
    [OLD, 'old'],
    [NEW, 'new'],
  ] as const) {
    writeFile(releasesRoot, `mf-nardi/${id}/mf-manifest.json`, `{"id":"mf_nardi","build":"${build}"}`);
    writeFile(releasesRoot, `mf-nardi/${id}/remoteEntry.js`, `var mf_nardi = "${build}";`);
  }
  running = await startGateway({ FRONTEND_ROOT: root });
});

afterAll(async () => {
  await running?.gateway.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

test('serves every published release side by side, each file cached for a year', async () => {
  for (const [id, build] of [
    [OLD, 'old'],
    [NEW, 'new'],
  ] as const) {
    const entry = await request(running.url).get(`/mf/nardi/releases/${id}/remoteEntry.js`);
    expect(entry.status).toBe(200);
    expect(entry.text).toBe(`var mf_nardi = "${build}";`);
    expect(entry.headers['cache-control']).toBe(IMMUTABLE);
    const manifest = await request(running.url).get(`/mf/nardi/releases/${id}/mf-manifest.json`);
    expect(manifest.headers['cache-control']).toBe(IMMUTABLE);
  }
});

test('answers 404 for a release that is not published, or a path that is not a release id', async () => {
  for (const url of ['/mf/nardi/releases/0.3.0-ffffffffff/mf-manifest.json', '/mf/nardi/releases/latest/mf-manifest.json', '/mf/nardi/releases/', `/mf/consent/releases/${OLD}/remoteEntry.js`]) {
    const res = await request(running.url).get(url);
    expect({ url, status: res.status }).toEqual({ url, status: 404 });
  }
});

test('/remotes.json follows live.json: a remote moves, and rolls back, by changing one entry', async () => {
  expect(await nardiEntry(running.url)).toBe('/mf/nardi/mf-manifest.json');
  setLive(releasesRoot, { mf_nardi: NEW });
  await sleep(250);
  expect(await nardiEntry(running.url)).toBe(`/mf/nardi/releases/${NEW}/mf-manifest.json`);
  setLive(releasesRoot, { mf_nardi: OLD });
  await sleep(250);
  expect(await nardiEntry(running.url)).toBe(`/mf/nardi/releases/${OLD}/mf-manifest.json`);
  const others = (await request(running.url).get('/remotes.json')).body as { remotes: { name: string; entry: string }[] };
  expect(others.remotes.find((remote) => remote.name === 'mf_consent')?.entry).toBe('/mf/consent/mf-manifest.json');
});

test('a bad edit of live.json is refused and logged, and the releases in use stay', async () => {
  setLive(releasesRoot, { mf_nardi: NEW });
  await sleep(250);
  expect(await nardiEntry(running.url)).toBe(`/mf/nardi/releases/${NEW}/mf-manifest.json`);
  for (const bad of ['{ "mf_nardi": ', { mf_nardi: '0.9.0-9999999999' }, { mf_nardy: NEW }, { mf_nardi: 'latest' }]) {
    setLive(releasesRoot, bad);
    await sleep(250);
    expect(await nardiEntry(running.url)).toBe(`/mf/nardi/releases/${NEW}/mf-manifest.json`);
  }
  const refusals = running.logs.entries().filter((entry) => entry.msg === 'live.json change refused: the remotes keep their releases');
  expect(refusals.length).toBe(4);
  const messages = refusals.map((entry) => (entry.err as { message: string }).message);
  expect(messages[0]).toMatch(/is not valid JSON/);
  expect(messages[1]).toMatch(/mf_nardi names release 0\.9\.0-9999999999, which is not published/);
  expect(messages[2]).toMatch(/"mf_nardy" is not a remote/);
  expect(messages[3]).toMatch(/must name a release id/);
});

test('a gateway does not start on a bad live.json, and says what is wrong', async () => {
  const badRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-releases-bad-'));
  try {
    writeFile(badRoot, 'releases/live.json', JSON.stringify({ mf_nardi: NEW }));
    const started = startGateway({ FRONTEND_ROOT: badRoot });
    await expect(started).rejects.toThrow(ConfigError);
    await expect(started).rejects.toThrow(/mf_nardi names release 0\.2\.0-abcdef0123, which is not published/);
  } finally {
    fs.rmSync(badRoot, { recursive: true, force: true });
  }
});
