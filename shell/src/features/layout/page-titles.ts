/**
 * Where the person is, for the tab title of each route (the shell's own and the remotes'):
 * 'Consent · <study name>'. A path not listed is Not Found, as the remotes show it.
 */
const TITLES: readonly [RegExp, string][] = [
  [/^\/$/, 'Reveal Yourself!'],
  [/^\/consent$/, 'Consent'],
  [/^\/return$/, 'Signing in'],
  [/^\/how-it-works$/, 'How it works'],
  [/^\/survey(\/[^/]+)?$/, 'Participant Dashboard'],
  [/^\/self-assessment$/, 'Self-assessment'],
  [/^\/self-assessment\/survey$/, 'Self-assessment questions'],
  [/^\/nardi$/, 'Nardi Personality Indicator'],
  [/^\/nardi\/part-one$/, 'Nardi part one of four'],
  [/^\/nardi\/part-two$/, 'Nardi part two of four'],
  [/^\/nardi\/part-three$/, 'Nardi part three of four'],
  [/^\/nardi\/part-four$/, 'Nardi part four of four'],
  [/^\/nardi-report$/, 'Nardi report'],
  [/^\/typefinder$/, 'TypeFinder test'],
  [/^\/mbti$/, 'Official MBTI assessment'],
  [/^\/test$/, 'Your final report'],
  [/^\/thank-you$/, 'Thank You'],
  [/^\/about$/, 'About the researcher'],
  [/^\/terms$/, 'Terms of use'],
  [/^\/privacy$/, 'Privacy'],
  [/^\/mbti-load$/, 'Admin: MBTI scores'],
  [/^\/enrollment$/, 'Admin: enrollment'],
  [/^\/ready-csv$/, 'Admin: roster'],
];

export function pageTitleFor(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return TITLES.find(([pattern]) => pattern.test(path))?.[1] ?? 'Not Found';
}
