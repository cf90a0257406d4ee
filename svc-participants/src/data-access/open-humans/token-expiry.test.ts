import { expiryFrom, needsRefresh, REFRESH_MARGIN_MS } from './token-expiry';

const NOW = Date.parse('2025-01-01T00:00:00Z');

describe('token expiry', () => {
  it('computes the expiry from expires_in seconds', () => {
    expect(expiryFrom(36_000, NOW).toISOString()).toBe('2025-01-01T10:00:00.000Z');
  });

  it.each([
    ['10 hours left', 36_000_000, false],
    ['61 s left', 61_000, false],
    ['exactly 60 s left', 60_000, false],
    ['59.999 s left', 59_999, true],
    ['1 s left', 1_000, true],
    ['just expired', 0, true],
    ['expired an hour ago', -3_600_000, true],
  ])('with %s refresh=%s', (_name, leftMs, refresh) => {
    expect(needsRefresh(new Date(NOW + leftMs), NOW)).toBe(refresh);
  });

  it('uses a one-minute margin by default', () => {
    expect(REFRESH_MARGIN_MS).toBe(60_000);
  });
});
