import { DASHBOARD_REMOTE, firstSegment, GUARDED_SEGMENTS, NARDI_REMOTE, NARDI_STEPS, nardiStepPath, REMOTES } from './remotes';

describe('the remotes navigation table', () => {
  it('gives each remote the first path segments of its pages, in page order', () => {
    expect(REMOTES.map((remote) => [remote.name, remote.paths])).toEqual([
      ['mf_consent', ['/consent', '/return', '/how-it-works']],
      ['mf_dashboard', ['/survey', '/self-assessment', '/typefinder', '/mbti', '/test', '/thank-you']],
      ['mf_nardi', ['/nardi', '/nardi-report']],
      ['mf_admin', ['/mbti-load', '/enrollment', '/ready-csv', '/consent-versions', '/audit-trail', '/reminders', '/analysis-export', '/staff', '/staff-sign-in', '/staff-setup']],
    ]);
  });

  it('lets no two remotes own the same first segment', () => {
    const owned = REMOTES.flatMap((remote) => remote.paths);
    expect(new Set(owned).size).toBe(owned.length);
  });

  it('guards the three survey segments (product.md section 2), each owned by the remote that shows it', () => {
    expect(GUARDED_SEGMENTS).toEqual({ typefinder: 'typeFinder', 'self-assessment': 'selfAssessment', nardi: 'nardi' });
    for (const remote of REMOTES) {
      for (const segment of Object.keys(remote.guarded)) expect(remote.paths).toContain(`/${segment}`);
    }
    expect(DASHBOARD_REMOTE.guarded).toEqual({ typefinder: 'typeFinder', 'self-assessment': 'selfAssessment' });
  });

  it('puts the Nardi steps under /nardi, in order', () => {
    expect(NARDI_STEPS.map(nardiStepPath)).toEqual(['/nardi/part-one', '/nardi/part-two', '/nardi/part-three', '/nardi/part-four']);
    expect(NARDI_REMOTE.pages.intro).toBe('/nardi');
  });
});

describe('firstSegment', () => {
  it.each([
    ['/survey', 'survey'],
    ['/survey/3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b', 'survey'],
    ['/NARDI/part-one', 'nardi'],
    ['//self-assessment/', 'self-assessment'],
    ['/', ''],
    ['', ''],
  ])('%s -> %s', (pathname, segment) => {
    expect(firstSegment(pathname)).toBe(segment);
  });
});
