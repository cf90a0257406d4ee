import { utcDateTime } from './utc-time';

describe('utc-time', () => {
  it('writes the day as YYYY-MM-DD and the time in UTC, whatever the offset given', () => {
    expect(utcDateTime('2026-11-26T23:30:00.000-02:00')).toBe('2026-11-27 01:30');
    expect(utcDateTime('2026-11-26T14:03:12.345Z')).toBe('2026-11-26 14:03');
    expect(utcDateTime('2026-11-26T14:03:12.345Z', { seconds: true })).toBe('2026-11-26 14:03:12');
    expect(utcDateTime('2026-03-01T00:30:00+01:00', { seconds: true })).toBe('2026-02-28 23:30:00');
  });
});
