import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findStackControl, parseControlInfo, readControlRequest, requestRestart, serveStackControl } from './stack-control';

const TOKEN = 'a'.repeat(48);
const PROCESSES = ['participants', 'scoring', 'reports', 'gateway'];

describe('readControlRequest', () => {
  it('takes POST /restart/<process> with the token', () => {
    expect(readControlRequest('POST', '/restart/scoring', `Bearer ${TOKEN}`, TOKEN, PROCESSES)).toEqual({ ok: true, process: 'scoring' });
  });

  it.each([
    ['POST', '/restart/scoring', undefined, 401],
    ['POST', '/restart/scoring', `Bearer ${'b'.repeat(48)}`, 401],
    ['POST', '/restart/scoring', `Bearer ${TOKEN}x`, 401],
    ['GET', '/restart/scoring', `Bearer ${TOKEN}`, 405],
    ['POST', '/stop/scoring', `Bearer ${TOKEN}`, 404],
    ['POST', '/restart/open-humans-standin', `Bearer ${TOKEN}`, 404],
    ['POST', '/restart/scoring/again', `Bearer ${TOKEN}`, 404],
  ])('refuses %s %s (authorization %s) with %i', (method, pathname, authorization, status) => {
    expect(readControlRequest(method, pathname, authorization, TOKEN, PROCESSES)).toMatchObject({ ok: false, status });
  });
});

describe('parseControlInfo', () => {
  it('reads the file npm start writes, and refuses anything else', () => {
    const info = { url: 'http://127.0.0.1:40123', token: TOKEN, pid: 42, gatewayUrl: 'http://127.0.0.1:8080' };
    expect(parseControlInfo(JSON.stringify(info))).toEqual(info);
    expect(() => parseControlInfo('{')).toThrow('not JSON');
    expect(() => parseControlInfo(JSON.stringify({ ...info, url: 'http://example.org:1' }))).toThrow('lacks');
    expect(() => parseControlInfo(JSON.stringify({ ...info, token: 'short' }))).toThrow('lacks');
  });
});

describe('the control over HTTP', () => {
  let dir: string;
  beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stack-control-'))));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('restarts the processes one at a time through the file it wrote, says why a restart failed, and removes its file when closed', async () => {
    const file = path.join(dir, 'stack-control.json');
    const order: string[] = [];
    const control = await serveStackControl({
      file,
      gatewayUrl: 'http://127.0.0.1:8080',
      processes: PROCESSES,
      restart: async (name) => {
        order.push(`start ${name}`);
        await new Promise((resolve) => setTimeout(resolve, 30));
        order.push(`end ${name}`);
        if (name === 'reports') throw new Error('svc-reports did not start');
      },
    });
    try {
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const info = findStackControl(file);
      expect(info).toEqual(control.info);
      const [scoring, gateway] = await Promise.all([requestRestart(info!, 'scoring'), requestRestart(info!, 'gateway')]);
      expect(scoring).toBeGreaterThanOrEqual(25);
      expect(gateway).toBeGreaterThanOrEqual(25);
      expect(order).toEqual(['start scoring', 'end scoring', 'start gateway', 'end gateway']);
      await expect(requestRestart(info!, 'reports')).rejects.toThrow('svc-reports did not start');
      await expect(requestRestart({ ...info!, token: 'c'.repeat(48) }, 'scoring')).rejects.toThrow('only the token');
      await expect(requestRestart(info!, 'ferretdb')).rejects.toThrow('not a process this stack restarts');
    } finally {
      await control.close();
    }
    expect(fs.existsSync(file)).toBe(false);
    expect(findStackControl(file)).toBeUndefined();
  });

  it('takes a file left by a stack that is gone for no stack', () => {
    const file = path.join(dir, 'stack-control.json');
    fs.writeFileSync(file, JSON.stringify({ url: 'http://127.0.0.1:1', token: TOKEN, pid: 2 ** 22 + 12345, gatewayUrl: 'http://127.0.0.1:8080' }));
    expect(findStackControl(file)).toBeUndefined();
  });
});
