import { createClient } from 'redis';
import { testEnv, uniqueName } from '@study/test-infra';
import { createRedisKeyedLock, LockTimeoutError, type KeyedLock } from './index';

type Client = ReturnType<typeof createClient>;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('createRedisKeyedLock (real Redis)', () => {
  // Two clients stand in for two processes: each has its own connection and its own lock instance.
  let clientA: Client;
  let clientB: Client;
  let prefix: string;

  beforeAll(async () => {
    const { redisUrl } = testEnv();
    clientA = createClient({ url: redisUrl });
    clientB = createClient({ url: redisUrl });
    await Promise.all([clientA.connect(), clientB.connect()]);
  });

  beforeEach(() => {
    prefix = `${uniqueName('keyedlock')}:`;
  });

  afterEach(async () => {
    const keys = await clientA.keys(`${prefix}*`);
    if (keys.length > 0) await clientA.del(keys);
  });

  afterAll(async () => {
    await Promise.all([clientA.close(), clientB.close()]);
  });

  /** Read-modify-write with a gap between read and write, as FerretDB 1.x does for an update. */
  async function incrementSlowly(counterKey: string, track: { active: number; maxActive: number }) {
    track.active += 1;
    track.maxActive = Math.max(track.maxActive, track.active);
    try {
      const current = Number((await clientA.get(counterKey)) ?? '0');
      await sleep(Math.floor(Math.random() * 4));
      await clientA.set(counterKey, String(current + 1));
    } finally {
      track.active -= 1;
    }
  }

  it('loses updates without the lock (the hazard the lock exists for)', async () => {
    const counterKey = `${prefix}counter`;
    const track = { active: 0, maxActive: 0 };
    await Promise.all(Array.from({ length: 50 }, () => incrementSlowly(counterKey, track)));
    expect(Number(await clientA.get(counterKey))).toBeLessThan(50);
  });

  it('serializes 50 concurrent read-modify-write increments in one process', async () => {
    const lock = createRedisKeyedLock(clientA, { prefix });
    const counterKey = `${prefix}counter`;
    const track = { active: 0, maxActive: 0 };
    await Promise.all(Array.from({ length: 50 }, () => lock.run('doc-1', () => incrementSlowly(counterKey, track))));
    expect(Number(await clientA.get(counterKey))).toBe(50);
    expect(track.maxActive).toBe(1);
  });

  it('serializes increments across two lock instances (two processes)', async () => {
    const lockA = createRedisKeyedLock(clientA, { prefix });
    const lockB = createRedisKeyedLock(clientB, { prefix });
    const counterKey = `${prefix}counter`;
    const track = { active: 0, maxActive: 0 };
    await Promise.all(
      Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? lockA : lockB).run('doc-1', () => incrementSlowly(counterKey, track))),
    );
    expect(Number(await clientA.get(counterKey))).toBe(50);
    expect(track.maxActive).toBe(1);
  });

  it('does not serialize different keys', async () => {
    const lockA = createRedisKeyedLock(clientA, { prefix, waitMs: 2000 });
    const lockB = createRedisKeyedLock(clientB, { prefix, waitMs: 2000 });
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstStarted!: () => void;
    const started = new Promise<void>((resolve) => (firstStarted = resolve));
    const first = lockA.run('doc-1', async () => {
      firstStarted();
      await firstHeld;
    });
    await started;
    // doc-2 is free although doc-1 is held; if keys were shared this would time out.
    await expect(lockB.run('doc-2', async () => 'second')).resolves.toBe('second');
    releaseFirst();
    await first;
  });

  it('returns the value of fn', async () => {
    const lock = createRedisKeyedLock(clientA, { prefix });
    await expect(lock.run('doc-1', async () => ({ answer: 42 }))).resolves.toEqual({ answer: 42 });
  });

  it('releases the key when fn throws, in this process and in Redis', async () => {
    const lockA = createRedisKeyedLock(clientA, { prefix, waitMs: 500 });
    const lockB = createRedisKeyedLock(clientB, { prefix, waitMs: 500 });
    const failure = new Error('write failed');
    await expect(
      lockA.run('doc-1', async () => {
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await clientA.exists(`${prefix}doc-1`)).toBe(0);
    // The lease would last 10 s had it not been released; both instances get the key at once.
    await expect(lockA.run('doc-1', async () => 'again')).resolves.toBe('again');
    await expect(lockB.run('doc-1', async () => 'other process')).resolves.toBe('other process');
  });

  it('throws LockTimeoutError when another process holds the key longer than waitMs', async () => {
    const holder = createRedisKeyedLock(clientA, { prefix });
    const waiter = createRedisKeyedLock(clientB, { prefix, waitMs: 300 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let acquired!: () => void;
    const isHeld = new Promise<void>((resolve) => (acquired = resolve));
    const holding = holder.run('doc-1', async () => {
      acquired();
      await held;
    });
    await isHeld;
    const fn = jest.fn(async () => 'should not run');
    const attempt = waiter.run('doc-1', fn);
    await expect(attempt).rejects.toBeInstanceOf(LockTimeoutError);
    await expect(attempt).rejects.toThrow('Could not lock "doc-1" within 300 ms');
    expect(fn).not.toHaveBeenCalled();
    release();
    await holding;
    await expect(waiter.run('doc-1', async () => 'free now')).resolves.toBe('free now');
  });

  it('throws LockTimeoutError when a caller in the same process holds the key longer than waitMs', async () => {
    const lock: KeyedLock = createRedisKeyedLock(clientA, { prefix, waitMs: 300 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let acquired!: () => void;
    const isHeld = new Promise<void>((resolve) => (acquired = resolve));
    const holding = lock.run('doc-1', async () => {
      acquired();
      await held;
    });
    await isHeld;
    const fn = jest.fn(async () => 'should not run');
    await expect(lock.run('doc-1', fn)).rejects.toBeInstanceOf(LockTimeoutError);
    expect(fn).not.toHaveBeenCalled();
    release();
    await holding;
    // The timed-out caller left the queue in order: the next caller gets the key.
    await expect(lock.run('doc-1', async () => 'next')).resolves.toBe('next');
  });

  it('extends the lease while fn runs longer than the ttl', async () => {
    const holder = createRedisKeyedLock(clientA, { prefix, ttlMs: 300 });
    const other = createRedisKeyedLock(clientB, { prefix, waitMs: 100 });
    const redisKey = `${prefix}doc-1`;
    const observed: { otherResult?: unknown; pttl?: number } = {};
    await holder.run('doc-1', async () => {
      // Well past the 300 ms ttl: without extension the key would have expired by now.
      await sleep(900);
      observed.pttl = await clientB.pTTL(redisKey);
      observed.otherResult = await other.run('doc-1', async () => 'got it').catch((err: unknown) => err);
    });
    expect(observed.pttl).toBeGreaterThan(0);
    expect(observed.otherResult).toBeInstanceOf(LockTimeoutError);
    expect(await clientA.exists(redisKey)).toBe(0);
  });

  it('takes over a lease left behind by a crashed holder once it expires', async () => {
    const redisKey = `${prefix}doc-1`;
    await clientB.set(redisKey, 'token-of-a-crashed-process', { expiration: { type: 'PX', value: 300 } });
    const lock = createRedisKeyedLock(clientA, { prefix, waitMs: 5000 });
    await expect(lock.run('doc-1', async () => 'recovered')).resolves.toBe('recovered');
  });

  it('never deletes a lease it does not own', async () => {
    const redisKey = `${prefix}doc-1`;
    const warn = jest.fn();
    const lock = createRedisKeyedLock(clientA, { prefix, ttlMs: 200, logger: { warn } });
    await lock.run('doc-1', async () => {
      // Simulate the lease being lost and taken by another process meanwhile.
      await clientB.set(redisKey, 'someone-else', { expiration: { type: 'PX', value: 10_000 } });
      await sleep(150);
    });
    expect(await clientA.get(redisKey)).toBe('someone-else');
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ key: 'doc-1' }), expect.stringContaining('expired'));
  });
});
