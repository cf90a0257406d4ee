import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Express } from 'express';
import request from 'supertest';
import { createOpenHumansStandin, type OpenHumansStandin } from './app';
import type { StandinConfig } from './config';
import type { TokenResponse } from './oauth/grants';

export const CLIENT_ID = 'study-client';
export const CLIENT_SECRET = 'study-secret-123';
export const REDIRECT_URI = 'http://127.0.0.1:8080/return';
export const AUTHORIZE = '/direct-sharing/projects/oauth2/authorize/';
export const TOKEN = '/oauth2/token/';
export const EXCHANGE = '/api/direct-sharing/project/exchange-member/';
export const UPLOAD = '/api/direct-sharing/project/files/upload/';

export function testConfig(overrides: Partial<StandinConfig> = {}): StandinConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    publicUrl: 'http://oh.test',
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUri: REDIRECT_URI,
    masterTokenTtlSeconds: 86_400,
    deauthTimestampBug: false,
    uploadMaxBytes: 25 * 1024 * 1024,
    tokenTtlSeconds: 36_000,
    pageSize: 20,
    projectName: 'Personality Genetics Study',
    projectIdLabel: 'direct-sharing-1000',
    ...overrides,
  };
}

/** A clock the test moves by hand. */
export class ManualClock {
  constructor(public ms = Date.parse('2025-01-01T00:00:00Z')) {}
  readonly now = (): number => this.ms;
  advance(seconds: number): void {
    this.ms += seconds * 1000;
  }
}

export function makeStandin(overrides: Partial<StandinConfig> = {}): { standin: OpenHumansStandin; app: Express; clock: ManualClock } {
  const clock = new ManualClock();
  const standin = createOpenHumansStandin(testConfig(overrides), { now: clock.now });
  return { standin, app: standin.app, clock };
}

export function basic(id = CLIENT_ID, secret = CLIENT_SECRET): string {
  return `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
}

export interface Approval {
  memberId: string;
  code: string;
  location: URL;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** The hidden fields of the authorize page's form, unescaped, as a browser posts them. */
export function hiddenFields(html: string): [string, string][] {
  return [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(([, name = '', value = '']) => [
    name,
    value.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] ?? e),
  ]);
}

/**
 * Opens the authorize page, reads the prefilled member, and approves with the given sources,
 * posting the page's hidden fields back like a browser.
 */
export async function approve(
  app: Express,
  opts: { member?: string; sources?: string[]; state?: string; redirectUri?: string; codeChallenge?: string; codeChallengeMethod?: string } = {},
): Promise<Approval> {
  const query: Record<string, string> = { client_id: CLIENT_ID, response_type: 'code' };
  if (opts.state !== undefined) query.state = opts.state;
  if (opts.redirectUri !== undefined) query.redirect_uri = opts.redirectUri;
  if (opts.codeChallenge !== undefined) query.code_challenge = opts.codeChallenge;
  if (opts.codeChallengeMethod !== undefined) query.code_challenge_method = opts.codeChallengeMethod;
  const page = await request(app).get(AUTHORIZE).query(query).expect(200);
  const prefilled = /id="member" name="member" value="(\d{8})"/.exec(page.text)?.[1];
  if (!prefilled) throw new Error('authorize page has no prefilled member');
  const memberId = opts.member ?? prefilled;
  const form = new URLSearchParams(hiddenFields(page.text));
  form.append('member', memberId);
  form.append('decision', 'authorize');
  for (const s of opts.sources ?? ['direct-sharing-128']) form.append('sources', s);
  const res = await request(app).post(AUTHORIZE).type('form').send(form.toString()).expect(302);
  const location = new URL(res.headers.location as string);
  const code = location.searchParams.get('code');
  if (!code) throw new Error(`no code in redirect ${location.toString()}`);
  return { memberId, code, location };
}

export async function redeem(
  app: Express,
  code: string,
  redirectUri: string | undefined = REDIRECT_URI,
  codeVerifier?: string,
): Promise<TokenResponse> {
  const form: Record<string, string> = { grant_type: 'authorization_code', code };
  if (redirectUri !== undefined) form.redirect_uri = redirectUri;
  if (codeVerifier !== undefined) form.code_verifier = codeVerifier;
  const res = await request(app).post(TOKEN).set('Authorization', basic()).type('form').send(form).expect(200);
  return res.body as TokenResponse;
}

/** A member who authorized the project, with live tokens. */
export async function linkedMember(app: Express, opts: { member?: string; sources?: string[] } = {}) {
  const approval = await approve(app, opts);
  const tokens = await redeem(app, approval.code);
  return { memberId: approval.memberId, tokens };
}

export interface ReceivedWebhook {
  rawBody: string;
  headers: Record<string, string | string[] | undefined>;
  /** When the receiver sent its answer (epoch ms, real clock). */
  answeredAt: number;
}

/**
 * A project-side webhook receiver on a free loopback port that records what the platform sends.
 * `answer` gives the status for the n-th call (0-based); `delayMs` holds each answer back.
 */
export async function startWebhookReceiver(answer: (n: number) => number = () => 200, delayMs = 0): Promise<{ url: string; received: ReceivedWebhook[]; close: () => Promise<void> }> {
  const received: ReceivedWebhook[] = [];
  const app = express();
  app.post('/deauth', express.raw({ type: () => true }), (req, res) => {
    const status = answer(received.length);
    const record: ReceivedWebhook = { rawBody: Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '', headers: req.headers, answeredAt: 0 };
    received.push(record);
    setTimeout(() => {
      record.answeredAt = Date.now();
      res.status(status).json({ ok: status < 300 });
    }, delayMs);
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/deauth`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A URL on a loopback port nothing listens on (it was free a moment ago). */
export async function unreachableUrl(): Promise<string> {
  const receiver = await startWebhookReceiver();
  await receiver.close();
  return receiver.url;
}
