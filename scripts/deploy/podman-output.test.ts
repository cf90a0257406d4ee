import { failsAtStart, labelValue, mb, parseContainerList, parseContainerState, parseImageSize, seconds } from './podman-output';

describe('the figures the tools print', () => {
  it('prints sizes in whole decimal megabytes and durations in tenths of a second', () => {
    expect(mb(312_456_789)).toBe('312 MB');
    expect(mb(499_999)).toBe('0 MB');
    expect(mb(500_001)).toBe('1 MB');
    expect(seconds(4_249)).toBe('4.2 s');
    expect(seconds(61_050)).toBe('61.0 s');
  });
});

describe('labelValue', () => {
  it('reads the label podman printed, and no label from an empty line or <no value>', () => {
    expect(labelValue('3f9a1c2b7e\n')).toBe('3f9a1c2b7e');
    expect(labelValue('\n')).toBeUndefined();
    expect(labelValue('<no value>\n')).toBeUndefined();
  });
});

describe('parseImageSize', () => {
  it('reads the byte count, and refuses output that is not one', () => {
    expect(parseImageSize('287654321\n')).toBe(287_654_321);
    expect(() => parseImageSize('\n')).toThrow('no image size');
    expect(() => parseImageSize('Error: no such image\n')).toThrow('no image size');
  });
});

describe('parseContainerList', () => {
  it('reads one container a line, name and status split at the tab', () => {
    const stdout = 'study-check-1_gateway_1\tUp 2 minutes (healthy)\nstudy-check-1_svc-scoring_1\tExited (1) 3 seconds ago\n';
    expect(parseContainerList(stdout)).toEqual([
      { name: 'study-check-1_gateway_1', status: 'Up 2 minutes (healthy)' },
      { name: 'study-check-1_svc-scoring_1', status: 'Exited (1) 3 seconds ago' },
    ]);
    expect(parseContainerList('\n')).toEqual([]);
  });
});

describe('parseContainerState and failsAtStart', () => {
  it('reads status, exit code, restarts and health, and tells a crash loop from a start under way', () => {
    const looping = parseContainerState('restarting 0 2 starting\n');
    expect(looping).toEqual({ status: 'restarting', exitCode: 0, restarts: 2, health: 'starting' });
    expect(failsAtStart(looping)).toBe(true);
    expect(failsAtStart(parseContainerState('running 0 0 unhealthy'))).toBe(true);
    // No health result yet and one restart: not decided.
    const starting = parseContainerState('exited 1 1 ');
    expect(starting).toEqual({ status: 'exited', exitCode: 1, restarts: 1, health: '' });
    expect(failsAtStart(starting)).toBe(false);
  });
});
