import { pathForStatus, redirectFor } from './steps';

describe('pathForStatus (the dashboard linking rules)', () => {
  it.each([
    ['pending', '/nardi/part-one'],
    ['in-progress', '/nardi/part-one'],
    ['reviewing', '/nardi/part-one'],
    ['saving', '/nardi/part-one'],
    ['part-one', '/nardi/part-two'],
    ['part-two', '/nardi/part-three'],
    ['part-three', '/nardi/part-four'],
    ['started', '/nardi/part-four'],
    ['completed', '/survey'],
    ['rejected', '/survey'],
  ])('%s -> %s', (status, path) => {
    expect(pathForStatus(status)).toBe(path);
  });
});

describe('redirectFor', () => {
  it('is null on the step the participant is at, and names the right step elsewhere', () => {
    expect(redirectFor('part-two', 'part-one')).toBeNull();
    expect(redirectFor('part-four', 'part-three')).toBeNull();
    expect(redirectFor('part-three', 'part-one')).toBe('/nardi/part-two');
    expect(redirectFor('part-two', 'completed')).toBe('/survey');
  });
});
