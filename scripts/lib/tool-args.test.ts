import { parseRepeatArgs, parseSliceArgs } from './tool-args';

describe('parseRepeatArgs', () => {
  it('runs 3 times with 1 busy core by default, passing everything to jest', () => {
    expect(parseRepeatArgs(['--selectProjects', 'unit'])).toEqual({ runs: 3, busyCores: 1, jestArgs: ['--selectProjects', 'unit'] });
  });

  it('takes --runs and --busy-cores with their value after a space or an equals sign', () => {
    expect(parseRepeatArgs(['--runs', '5', '--selectProjects', 'e2e', '--busy-cores=0'])).toEqual({ runs: 5, busyCores: 0, jestArgs: ['--selectProjects', 'e2e'] });
  });

  it.each([
    [['--runs', '0'], '--runs takes a whole number (at least 1)'],
    [['--runs=2.5'], '--runs takes a whole number (at least 1)'],
    [['--runs'], '--runs takes a whole number (at least 1)'],
    [['--busy-cores', '-1'], '--busy-cores takes a whole number (0 or more)'],
  ])('refuses %p', (argv, message) => {
    expect(() => parseRepeatArgs(argv)).toThrow(message);
  });
});

describe('parseSliceArgs', () => {
  const known = ['gateway', 'standins/typefinder'];

  it('reads one folder, without a leading ./ or trailing slashes, with the browser tests by default', () => {
    expect(parseSliceArgs(['./standins/typefinder//'], known)).toEqual({ slice: 'standins/typefinder', browser: true });
  });

  it('leaves the browser tests out with --skip-browser', () => {
    expect(parseSliceArgs(['--skip-browser', 'gateway'], known)).toEqual({ slice: 'gateway', browser: false });
  });

  it('refuses an unknown option', () => {
    expect(() => parseSliceArgs(['gateway', '--fast'], known)).toThrow('Unknown option --fast: the only option is --skip-browser');
  });

  it('asks for exactly one folder, naming the known ones', () => {
    expect(() => parseSliceArgs([], known)).toThrow('Name one slice: npm run slice -- <folder> [--skip-browser]. Known slices: gateway, standins/typefinder');
    expect(() => parseSliceArgs(['gateway', 'mf-nardi'], known)).toThrow('Name one slice');
  });
});
