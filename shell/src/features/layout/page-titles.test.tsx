import { REMOTES } from '@study/navigation';
import { pageTitleFor } from './page-titles';

describe('pageTitleFor: where the person is, for the tab title', () => {
  it.each([
    ['/', 'Reveal Yourself!'],
    ['/consent', 'Consent'],
    ['/consent/', 'Consent'],
    ['/survey', 'Participant Dashboard'],
    ['/survey/6f1c2a9e-3b4d-4c5e-9f60-718293a4b5c6', 'Participant Dashboard'],
    ['/nardi/part-three', 'Nardi part three of four'],
    ['/nardi-report', 'Nardi report'],
    ['/mbti-load', 'Admin: MBTI scores'],
    ['/no-such-page', 'Not Found'],
    ['/survey/a/b', 'Not Found'],
  ])('%s is %p', (path, title) => {
    expect(pageTitleFor(path)).toBe(title);
  });

  it('titles every page a remote mounts', () => {
    const untitled = REMOTES.flatMap((remote) => Object.values(remote.pages)).filter((page) => pageTitleFor(page.replace(/:[^/]+/g, 'x')) === 'Not Found');
    expect(untitled).toEqual([]);
  });
});
