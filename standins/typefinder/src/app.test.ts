import { createHmac } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import request from 'supertest';
import { isValidHmacSignature } from '@study/service-kit';
import { createTypeFinderStandin as createStandin, type StandinLog } from './app';
import type { StandinConfig } from './config';
import { QUIZ } from './quiz';

const SECRET = 'typefinder-secret-for-tests';
const EMAIL = '6f1c2a9e-3b4d-4c5e-9f60-718293a4b5c6@study.example.org';

interface Received {
  rawBody: string;
  signature: string | undefined;
  contentType: string | undefined;
}

/** A study-side receiver that checks the signature the way the study does, and records what arrives. */
async function startReceiver(options: { status?: number } = {}) {
  const received: Received[] = [];
  const app = express();
  app.post('/api/typefinder/results', express.raw({ type: '*/*' }), (req, res) => {
    const rawBody = req.body as Buffer;
    const signature = req.get('x-typefinder-signature');
    received.push({ rawBody: rawBody.toString('utf8'), signature, contentType: req.get('content-type') });
    if (!isValidHmacSignature('sha256', signature, rawBody, SECRET)) {
      res.status(401).json({ error: 'bad signature' });
      return;
    }
    res.status(options.status ?? 200).json({ stored: 1 });
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/typefinder/results`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function config(overrides: Partial<StandinConfig> = {}): StandinConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    studyWebhookUrl: 'http://127.0.0.1:9/api/typefinder/results',
    webhookSecret: SECRET,
    frameAncestors: ["'self'", 'http://127.0.0.1:8080'],
    ...overrides,
  };
}

/** Log lines the stand-in wrote during a test. */
const logged: { level: string; msg: string; extra?: Record<string, unknown> }[] = [];
const log: StandinLog = (level, msg, extra) => logged.push({ level, msg, extra });
const createTypeFinderStandin = (c: StandinConfig) => createStandin(c, { log });

/** A port nobody listens on: one a server held a moment ago. */
async function closedPort(): Promise<number> {
  const server: Server = await new Promise((resolve) => {
    const s = express().listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const INTJ_ANSWERS = { energy: 'I', information: 'N', decisions: 'T', lifestyle: 'J' };

describe('the TypeFinder stand-in widget', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>> | undefined;
  afterEach(async () => {
    await receiver?.close();
    receiver = undefined;
  });

  it('serves the quiz: four questions, one per letter pair, and an email field filled in from ?email=', async () => {
    const { app } = createTypeFinderStandin(config());
    const res = await request(app).get('/widget').query({ email: EMAIL }).expect(200).expect('content-type', /html/);
    expect(res.text).toContain(`name="email" value="${EMAIL}"`);
    expect(QUIZ.map((q) => q.options.map((o) => o.letter).join(''))).toEqual(['EI', 'SN', 'TF', 'JP']);
    for (const question of QUIZ) {
      for (const option of question.options) expect(res.text).toContain(`name="${question.name}" value="${option.letter}"`);
    }
    expect(res.text).toContain('action="/widget"');
  });

  it('escapes what it echoes', async () => {
    const { app } = createTypeFinderStandin(config());
    const res = await request(app).get('/widget').query({ email: '"><script>alert(1)</script>' }).expect(200);
    expect(res.text).not.toContain('<script>');
    expect(res.text).toContain('&quot;&gt;&lt;script&gt;');
  });

  it("may be framed by the study's origin only, and runs no scripts", async () => {
    const { app } = createTypeFinderStandin(config({ frameAncestors: ["'self'", 'https://study.example.org'] }));
    const res = await request(app).get('/widget').expect(200);
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("frame-ancestors 'self' https://study.example.org");
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toMatch(/script-src/);
    expect(res.headers['x-frame-options']).toBeUndefined();
  });

  it('posts the result to the study, signed with HMAC-SHA256 of the exact body, and says so', async () => {
    receiver = await startReceiver();
    const { app } = createTypeFinderStandin(config({ studyWebhookUrl: receiver.url }));
    const res = await request(app)
      .post('/widget')
      .type('form')
      .send({ email: ` ${EMAIL} `, ...INTJ_ANSWERS })
      .expect(200);
    expect(res.text).toContain('Your results have been sent.');
    expect(res.text).toContain('INTJ');
    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    expect(JSON.parse(delivery!.rawBody)).toEqual({ email: EMAIL, typeCode: 'INTJ' });
    expect(delivery!.contentType).toMatch(/^application\/json/);
    expect(delivery!.signature).toBe(`sha256=${createHmac('sha256', SECRET).update(delivery!.rawBody).digest('hex')}`);
  });

  it.each([
    [{ energy: 'E', information: 'S', decisions: 'F', lifestyle: 'P' }, 'ESFP'],
    [{ energy: 'I', information: 'S', decisions: 'T', lifestyle: 'J' }, 'ISTJ'],
  ])('answers %j give %s', async (answers, typeCode) => {
    receiver = await startReceiver();
    const { app } = createTypeFinderStandin(config({ studyWebhookUrl: receiver.url }));
    await request(app).post('/widget').type('form').send({ email: EMAIL, ...answers }).expect(200);
    expect(JSON.parse(receiver.received[0]!.rawBody)).toEqual({ email: EMAIL, typeCode });
  });

  it.each([
    ['no email', { ...INTJ_ANSWERS }, 'Enter your Study ID email address'],
    ['a malformed email', { email: 'not-an-email', ...INTJ_ANSWERS }, 'Enter your Study ID email address'],
    ['an unanswered question', { email: EMAIL, energy: 'I', information: 'N', decisions: 'T' }, 'Please choose one.'],
    ['an answer that is not an option', { email: EMAIL, ...INTJ_ANSWERS, lifestyle: 'X' }, 'Please choose one.'],
  ])('refuses %s with the form again and sends nothing', async (_case, form, message) => {
    receiver = await startReceiver();
    const { app } = createTypeFinderStandin(config({ studyWebhookUrl: receiver.url }));
    const res = await request(app).post('/widget').type('form').send(form).expect(400);
    expect(res.text).toContain(message);
    expect(res.text).toContain('<form');
    expect(receiver.received).toHaveLength(0);
  });

  it('tells the participant when the study refuses the result (a wrong secret: 401)', async () => {
    receiver = await startReceiver();
    const { app } = createTypeFinderStandin(config({ studyWebhookUrl: receiver.url, webhookSecret: 'another-secret-of-16+' }));
    const res = await request(app)
      .post('/widget')
      .type('form')
      .send({ email: EMAIL, ...INTJ_ANSWERS })
      .expect(502);
    expect(res.text).toContain('The study did not accept the results (status 401).');
    expect(res.text).not.toContain('Your results have been sent.');
    expect(logged.at(-1)).toMatchObject({ level: 'warn', msg: 'the study webhook refused the result', extra: { status: 401 } });
  });

  it('tells the participant when the study cannot be reached', async () => {
    const { app } = createTypeFinderStandin(config({ studyWebhookUrl: `http://127.0.0.1:${await closedPort()}/api/typefinder/results` }));
    const res = await request(app)
      .post('/widget')
      .type('form')
      .send({ email: EMAIL, ...INTJ_ANSWERS })
      .expect(502);
    expect(res.text).toContain('The study could not be reached.');
    expect(logged.at(-1)).toMatchObject({ level: 'warn', msg: 'the study webhook could not be reached', extra: { error: expect.stringMatching(/ECONNREFUSED/) } });
  });

  it('answers /healthz and starts and stops on a free port', async () => {
    const standin = createTypeFinderStandin(config());
    const { url } = await standin.start();
    const res = await fetch(`${url}/healthz`);
    expect(await res.json()).toEqual({ status: 'ok', service: 'standin-typefinder' });
    await standin.stop();
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  });
});
