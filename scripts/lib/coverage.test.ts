import { selectedProjects, withCoverage } from './coverage';

describe('selectedProjects', () => {
  it('reads the projects after --selectProjects, up to the next option, in either form', () => {
    expect(selectedProjects(['--selectProjects', 'unit', 'ui', '--ci', 'svc-scoring'])).toEqual(['unit', 'ui']);
    expect(selectedProjects(['--selectProjects=integration'])).toEqual(['integration']);
  });

  it('is null when no project is selected (jest runs them all)', () => {
    expect(selectedProjects(['svc-scoring', '-t', 'final score'])).toBeNull();
  });
});

describe('withCoverage', () => {
  it('adds --coverage to a run of every project or of a covered one', () => {
    expect(withCoverage([])).toEqual(['--coverage']);
    expect(withCoverage(['--selectProjects', 'unit', 'integration'])).toEqual(['--coverage', '--selectProjects', 'unit', 'integration']);
  });

  it('leaves out a run of uncovered projects only', () => {
    expect(withCoverage(['--selectProjects', 'integration', 'e2e'])).toEqual(['--selectProjects', 'integration', 'e2e']);
  });

  it.each([['--coverage=false'], ['--no-coverage'], ['--coverage'], ['--collectCoverage=false']])('keeps what %s says', (arg) => {
    expect(withCoverage([arg, 'svc-scoring'])).toEqual([arg, 'svc-scoring']);
  });
});
