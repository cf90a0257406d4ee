import { routeTemplate } from './route-template';

const PATTERNS = ['/', '/about', '/survey', '/survey/:pgId', '/survey/withdrawn', '/nardi/part-one', '/nardi-report'];
const PG_ID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';

describe('routeTemplate', () => {
  it.each([
    ['/', '/'],
    ['/about', '/about'],
    [`/survey/${PG_ID}`, '/survey/:pgId'],
    ['/survey/withdrawn', '/survey/withdrawn'],
    ['/Nardi/Part-One/', '/nardi/part-one'],
  ])('names %s by its template %s', (pathname, template) => {
    expect(routeTemplate(pathname, PATTERNS)).toBe(template);
  });

  it('hides identifiers in an address no pattern matches', () => {
    expect(routeTemplate(`/unknown/${PG_ID}/12345/page`, PATTERNS)).toBe('/unknown/:id/:id/page');
    expect(routeTemplate('/unknown/a1b2c3d4e5f60718293a', PATTERNS)).toBe('/unknown/:id');
  });
});
