import { act, render, screen } from '@testing-library/react';
import { ConsentClock } from './ConsentClock';

describe('ConsentClock', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    jest.setSystemTime(new Date('2025-03-04T10:31:05Z'));
  });
  afterEach(() => jest.useRealTimers());

  it('ticks every second', () => {
    render(<ConsentClock />);
    const time = () => screen.getByText((_, element) => element?.tagName === 'TIME').getAttribute('datetime');
    expect(time()).toBe('2025-03-04T10:31:05.000Z');
    act(() => {
      jest.advanceTimersByTime(999);
    });
    expect(time()).toBe('2025-03-04T10:31:05.000Z');
    act(() => {
      jest.advanceTimersByTime(1);
    });
    expect(time()).toBe('2025-03-04T10:31:06.000Z');
  });
});
