import { vttTime, webVtt } from './webvtt';

describe('WebVTT captions', () => {
  it('writes times as hh:mm:ss.mmm, rounding to the millisecond and never below zero', () => {
    expect(vttTime(0)).toBe('00:00:00.000');
    expect(vttTime(2500.4)).toBe('00:00:02.500');
    expect(vttTime(3_723_004)).toBe('01:02:03.004');
    expect(vttTime(-20)).toBe('00:00:00.000');
  });

  it('numbers the cues from 1, each with its times and text', () => {
    expect(
      webVtt([
        { start: 120, end: 2620, text: 'On the home page.' },
        { start: 2620, end: 61_000, text: 'Read the consent form.' },
      ]),
    ).toBe(['WEBVTT', '', '1', '00:00:00.120 --> 00:00:02.620', 'On the home page.', '', '2', '00:00:02.620 --> 00:01:01.000', 'Read the consent form.', ''].join('\n'));
  });

  it('is a bare header without cues', () => {
    expect(webVtt([])).toBe('WEBVTT\n');
  });
});
