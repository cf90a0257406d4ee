import { addressBucket, createLoginLockout, type LockoutRedis } from './lockout';

describe('addressBucket', () => {
  it('counts an IPv4 address as it is', () => {
    expect(addressBucket('203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket(' 203.0.113.7 ')).toBe('203.0.113.7');
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(addressBucket('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket('::ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const bucket = addressBucket('2001:db8:1:2::1');
    expect(bucket).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:0db8:0001:0002:ffff:ffff:ffff:fffe')).toBe(bucket);
    expect(addressBucket('2001:DB8:1:2:a:b:c:d')).toBe(bucket);
    expect(addressBucket('2001:db8:1:3::1')).not.toBe(bucket);
    expect(addressBucket('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('keeps what is not an IP address (a unix socket, a test) as it is', () => {
    expect(addressBucket('local')).toBe('local');
  });
});

describe('createLoginLockout', () => {
  const redis = { eval: jest.fn() } as unknown as LockoutRedis;

  it('refuses limits and times that are not positive integers', () => {
    expect(() => createLoginLockout(redis, { accountLimit: 0 })).toThrow(/accountLimit/);
    expect(() => createLoginLockout(redis, { lockMs: 1.5 })).toThrow(/lockMs/);
  });
});
