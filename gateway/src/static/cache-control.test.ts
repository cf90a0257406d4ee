import { cacheControlFor, IMMUTABLE, NO_CACHE } from './cache-control';

describe('cacheControlFor', () => {
  it.each([
    ['main.3f2a9c1b.js', IMMUTABLE],
    ['412.0d2c6e7f81a3b4c5d6e7.js', IMMUTABLE],
    ['styles.0123abcd.css', IMMUTABLE],
    ['main.3f2a9c1b.js.map', IMMUTABLE],
    ['index.html', NO_CACHE],
    ['mf-manifest.json', NO_CACHE],
    ['remoteEntry.js', NO_CACHE],
    ['config.js', NO_CACHE],
    ['favicon.ico', NO_CACHE],
    ['vendors-react.4c7a.js', NO_CACHE],
  ])('%s -> %s', (file, expected) => {
    expect(cacheControlFor(`/srv/shell/dist/${file}`)).toBe(expected);
  });
});
