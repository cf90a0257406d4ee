import { redirectFor } from './steps';

// Where each status continues is @study/navigation's nardiPathForStatus (its own table).
describe('redirectFor', () => {
  it('is null on the step the participant is at, and names the right step elsewhere', () => {
    expect(redirectFor('part-one', 'reviewing')).toBeNull();
    expect(redirectFor('part-two', 'part-one')).toBeNull();
    expect(redirectFor('part-four', 'part-three')).toBeNull();
    expect(redirectFor('part-four', 'reviewing')).toBe('/nardi/part-one');
    expect(redirectFor('part-three', 'part-one')).toBe('/nardi/part-two');
    expect(redirectFor('part-two', 'completed')).toBe('/survey');
  });
});
