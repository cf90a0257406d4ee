import { navItems } from './nav-items';

describe('navItems', () => {
  it.each([
    ['/', false, [['How it works', '/#howitworks'], ['Dashboard', '/survey']]],
    ['/', true, [['How it works', '/#howitworks'], ['Go to Dashboard', '/survey']]],
    ['/no-such-page', true, [['How it works', '/#howitworks'], ['Go to Dashboard', '/survey']]],
    ['/survey', false, [['How it works', '/#howitworks'], ['Dashboard', '/survey']]],
    ['/consent', false, [["I'm having trouble", '/how-it-works']]],
    ['/consent/', true, [["I'm having trouble", '/how-it-works']]],
    ['/how-it-works', false, [['Return to consent', '/consent']]],
    // The study team's pages: their own navigation only, none of the participant's links.
    ['/enrollment', true, []],
    ['/audit-trail/', false, []],
    ['/Consent-Versions', true, []],
    ['/mbti-load', false, []],
  ])('%s (study ID stored: %s)', (path, stored, expected) => {
    expect(navItems(path, stored).map((item) => [item.label, item.to])).toEqual(expected);
  });
});
