import { selectedProjects } from './coverage';

describe('selectedProjects', () => {
  it('reads the projects after --selectProjects, up to the next option, in either form', () => {
    expect(selectedProjects(['--selectProjects', 'unit', 'ui', '--ci', 'svc-scoring'])).toEqual(['unit', 'ui']);
    expect(selectedProjects(['--selectProjects=integration'])).toEqual(['integration']);
  });

  it('is null when no project is selected (jest runs them all)', () => {
    expect(selectedProjects(['svc-scoring', '-t', 'final score'])).toBeNull();
  });
});
