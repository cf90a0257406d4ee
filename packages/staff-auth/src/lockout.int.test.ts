import { createClient } from 'redis';
import { testEnv, uniqueName } from '@study/test-infra';
import { createLoginLockout, type AttemptSubject, type LoginLockout } from './lockout';
import { hashPassword, verifyPassword } from './password';

type Client = ReturnType<typeof createClient>;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('createLoginLockout (real Redis)', () => {
  // Two clients stand in for two service instances answering sign-ins at once.
  let clientA: Client;
  let clientB: Client;
  let prefix: string;
  let stored: string;
  const password = 'tangerine-Orbit-7-lantern';

  beforeAll(async () => {
    const { redisUrl } = testEnv();
    clientA = createClient({ url: redisUrl });
    clientB = createClient({ url: redisUrl });
    await Promise.all([clientA.connect(), clientB.connect()]);
    stored = await hashPassword(password);
  });

  beforeEach(() => {
    prefix = `${uniqueName('stafflockout')}:`;
  });

  afterEach(async () => {
    const keys = await clientA.keys(`${prefix}*`);
    if (keys.length > 0) await clientA.del(keys);
  });

  afterAll(async () => {
    await Promise.all([clientA.close(), clientB.close()]);
  });

  /** A sign-in as a service would run it: count first, then verify, clear on success. */
  async function signIn(lockout: LoginLockout, subject: AttemptSubject, typed: string): Promise<'signed-in' | 'wrong' | 'locked'> {
    const reservation = await lockout.reserveAttempt(subject);
    if (!reservation.allowed) return 'locked';
    if (!(await verifyPassword(stored, typed))) return 'wrong';
    await lockout.clearOnSuccess(subject);
    return 'signed-in';
  }

  it('lets more than the limit through when checking and counting are two steps (the race reserveAttempt closes)', async () => {
    const key = `${prefix}naive`;
    let checked = 0;
    await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const client = i % 2 === 0 ? clientA : clientB;
        if (Number((await client.get(key)) ?? '0') >= 5) return;
        await client.incr(key);
        checked += 1;
      }),
    );
    expect(checked).toBeGreaterThan(5);
  });

  it('lets exactly the limit of 50 parallel wrong attempts be checked, locks the account, and the lock expires', async () => {
    const options = { prefix, accountLimit: 5, addressLimit: 1000, lockMs: 1500 };
    const lockouts = [createLoginLockout(clientA, options), createLoginLockout(clientB, options)];
    const subject = (i: number): AttemptSubject => ({ account: 'jane@example.org', address: `198.51.100.${i}` });

    const outcomes = await Promise.all(Array.from({ length: 50 }, (_, i) => signIn(lockouts[i % 2]!, subject(i), `wrong-guess-number-${i}`)));

    expect(outcomes.filter((outcome) => outcome === 'wrong')).toHaveLength(5);
    expect(outcomes.filter((outcome) => outcome === 'locked')).toHaveLength(45);
    expect(outcomes).not.toContain('signed-in');

    // Locked: even the right password is not checked, from any address, and the answer says for how long.
    const lockout = lockouts[0]!;
    const reservation = await lockout.reserveAttempt({ account: 'Jane@Example.org ', address: '192.0.2.1' });
    expect(reservation).toEqual({ allowed: false, lockedBy: 'account', retryAfterMs: expect.any(Number) });
    expect(reservation.allowed === false && reservation.retryAfterMs).toBeLessThanOrEqual(1500);
    await expect(signIn(lockout, { account: 'jane@example.org', address: '192.0.2.1' }, password)).resolves.toBe('locked');

    // Another account is not locked.
    await expect(signIn(lockout, { account: 'sam@example.org', address: '192.0.2.1' }, password)).resolves.toBe('signed-in');

    // The lock expires by itself: wait until it has (bounded), then the right password signs in.
    let outcome = await signIn(lockout, { account: 'jane@example.org', address: '192.0.2.1' }, password);
    for (let tries = 0; outcome === 'locked' && tries < 50; tries += 1) {
      await sleep(100);
      outcome = await signIn(lockout, { account: 'jane@example.org', address: '192.0.2.1' }, password);
    }
    expect(outcome).toBe('signed-in');
  });

  it('locks an address guessing at many accounts, and only that address', async () => {
    const lockout = createLoginLockout(clientA, { prefix, accountLimit: 5, addressLimit: 3 });
    const attacker = '2001:db8:7:7::1';
    const outcomes = await Promise.all(Array.from({ length: 10 }, (_, i) => signIn(lockout, { account: `person${i}@example.org`, address: attacker }, 'wrong-guess-number-0')));
    expect(outcomes.filter((outcome) => outcome === 'wrong')).toHaveLength(3);

    // Another address in the same /64 is the same host as far as counting goes.
    await expect(lockout.reserveAttempt({ account: 'jane@example.org', address: '2001:db8:7:7::abcd' })).resolves.toMatchObject({ allowed: false, lockedBy: 'address' });
    await expect(signIn(lockout, { account: 'jane@example.org', address: '2001:db8:7:8::1' }, password)).resolves.toBe('signed-in');
  });

  it("forgets the account's failures after a success, and gives the address back only its own attempt", async () => {
    const lockout = createLoginLockout(clientA, { prefix, accountLimit: 3, addressLimit: 4 });
    const subject = { account: 'jane@example.org', address: '203.0.113.9' };
    await expect(signIn(lockout, subject, 'wrong-guess-number-1')).resolves.toBe('wrong');
    await expect(signIn(lockout, subject, 'wrong-guess-number-2')).resolves.toBe('wrong');
    await expect(signIn(lockout, subject, password)).resolves.toBe('signed-in');

    // The account starts over (three more attempts would be allowed), but the address keeps its two failures.
    await expect(signIn(lockout, subject, 'wrong-guess-number-3')).resolves.toBe('wrong');
    await expect(signIn(lockout, subject, 'wrong-guess-number-4')).resolves.toBe('wrong');
    await expect(signIn(lockout, subject, password)).resolves.toBe('locked');
    await expect(lockout.reserveAttempt(subject)).resolves.toMatchObject({ allowed: false, lockedBy: 'address' });
  });

  it('keeps no e-mail or client address in Redis', async () => {
    const lockout = createLoginLockout(clientA, { prefix });
    await lockout.reserveAttempt({ account: 'jane@example.org', address: '203.0.113.9' });
    const keys = await clientA.keys(`${prefix}*`);
    expect(keys).toHaveLength(2);
    expect(keys.join(' ')).not.toMatch(/jane|example|203\.0/);
  });
});
