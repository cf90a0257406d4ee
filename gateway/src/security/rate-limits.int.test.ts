import http from 'node:http';
import request from 'supertest';
import { createClient } from 'redis';
import { testEnv, uniqueName } from '@study/test-infra';
import { closeUpstreams, participantCookie, startGateway, startUpstreams, upstreamEnv, type RunningGateway, type Upstreams } from '../test-support/harness';
import { RateLimits } from './rate-limits';

const { redisUrl } = testEnv();
const PG_ID = '3f0c6f5e-8d9b-4c1a-9e2f-5a6b7c8d9e0f';
const OTHER = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

/** Waits until the gateway counts in Redis (it connects in the background). */
async function limitsShared(running: RunningGateway): Promise<void> {
  for (let waited = 0; !running.gateway.limitsShared(); waited += 20) {
    if (waited > 20_000) throw new Error('the gateway did not reach Redis within 20 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the gateway limits (real Redis)', () => {
  let upstreams: Upstreams;
  let running: RunningGateway;

  beforeAll(async () => {
    upstreams = await startUpstreams();
    running = await startGateway({
      ...upstreamEnv(upstreams),
      REDIS_URL: redisUrl,
      RATE_LIMIT_PUBLIC_PER_MINUTE: '5',
      RATE_LIMIT_PARTICIPANT_PER_MINUTE: '4',
      RATE_LIMIT_KEY_PREFIX: uniqueName('rate'),
    });
    // The gateway serves before Redis answers, counting in memory meanwhile; these tests are about the shared counts.
    await limitsShared(running);
  });

  afterAll(async () => {
    await running?.gateway.stop();
    await closeUpstreams(upstreams ?? {});
  });

  beforeEach(() => {
    for (const upstream of Object.values(upstreams)) upstream.requests.length = 0;
  });

  it('answers rapid calls to a public route from one address 429 with Retry-After and what to do, and forwards none of them', async () => {
    const statuses: number[] = [];
    let refused: request.Response | undefined;
    for (let i = 0; i < 8; i += 1) {
      const res = await request(running.url).get('/api/settings');
      statuses.push(res.status);
      if (res.status === 429) refused ??= res;
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    expect(upstreams.participants.requests).toHaveLength(5);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused?.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(refused?.body).toMatchObject({ code: 'RATE_LIMITED', error: expect.stringMatching(/^Too many requests in a short time\. Please wait \d+ seconds? and try again\.$/) });
  });

  it("counts a participant's calls per study ID, whatever the address: one participant's flood leaves another's calls alone", async () => {
    const call = (pgId: string) => request(running.url).post('/api/user').set('cookie', participantCookie(pgId)).send({ pgId });
    const mine: number[] = [];
    for (let i = 0; i < 6; i += 1) mine.push((await call(PG_ID)).status);
    expect(mine).toEqual([200, 200, 200, 200, 429, 429]);
    expect((await call(OTHER)).status).toBe(200);
  });

  it('refuses a result stream beyond the cap per participant, and gives the slot back when a stream ends', async () => {
    const stream = '3c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5';
    const cookie = participantCookie(stream);
    // Its own gateway: two streams per participant, calls not limited here.
    const streams = await startGateway({ ...upstreamEnv(upstreams), REDIS_URL: redisUrl, STREAMS_PER_PARTICIPANT: '2', RATE_LIMIT_KEY_PREFIX: uniqueName('rate') });
    await limitsShared(streams);
    // The service holds each stream open, as the real one does.
    upstreams.participants.hang = true;
    const open = () => http.get(`${streams.url}/api/user/events/${stream}`, { headers: { accept: 'text/event-stream', cookie } }).on('error', () => undefined);
    // Waits on what the gateway does, however slow the machine; the bound only ends a hung test.
    const until = async (what: () => boolean) => {
      for (let i = 0; i < 1500 && !what(); i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(what()).toBe(true);
    };
    /** Opens one more stream and waits for the gateway's verdict: held by the service, or refused (429). */
    const tryOpen = (heldBefore: number) =>
      new Promise<{ admitted: boolean; req: http.ClientRequest }>((resolve) => {
        const req = http.get(`${streams.url}/api/user/events/${stream}`, { headers: { accept: 'text/event-stream', cookie } }, (res) => {
          if (res.statusCode !== 429) return;
          res.resume();
          clearInterval(poll);
          resolve({ admitted: false, req });
        });
        req.on('error', () => undefined);
        const poll = setInterval(() => {
          if (upstreams.participants.requests.length <= heldBefore) return;
          clearInterval(poll);
          resolve({ admitted: true, req });
        }, 10);
      });
    try {
      const first = open();
      const second = open();
      await until(() => upstreams.participants.requests.length === 2);
      const third = await request(streams.url).get(`/api/user/events/${stream}`).set('cookie', cookie);
      expect(third.status).toBe(429);
      expect(third.body.error).toMatch(/already open in several tabs/);
      expect(upstreams.participants.requests).toHaveLength(2);
      // A tab closes: its slot comes back (the gateway hears of the close a moment later).
      first.destroy();
      let fourth = await tryOpen(2);
      for (let attempt = 0; !fourth.admitted && attempt < 300; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        fourth = await tryOpen(2);
      }
      expect(fourth.admitted).toBe(true);
      expect(upstreams.participants.requests).toHaveLength(3);
      fourth.req.destroy();
      second.destroy();
    } finally {
      upstreams.participants.hang = false;
      await streams.gateway.stop();
    }
  });
});

describe('RateLimits while Redis is away', () => {
  it('goes on counting in memory, so the limits still hold', async () => {
    const redis = createClient({ url: 'redis://127.0.0.1:1', socket: { reconnectStrategy: false } });
    redis.on('error', () => undefined);
    const limits = new RateLimits(redis, { publicPerMinute: 2, participantPerMinute: 2, streamsPerParticipant: 1, streamsTotal: 1 }, uniqueName('rate'));
    const verdicts = [await limits.takePublic('198.51.100.7'), await limits.takePublic('198.51.100.7'), await limits.takePublic('198.51.100.7')];
    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, false]);
  });
});
