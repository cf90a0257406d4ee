import { ADMIN_REMOTE, CONSENT_REMOTE, DASHBOARD_REMOTE, NARDI_REMOTE } from '@study/navigation';

const consent = CONSENT_REMOTE.pages;
const dashboard = DASHBOARD_REMOTE.pages;
const nardi = NARDI_REMOTE.pages;
const admin = ADMIN_REMOTE.pages;

/**
 * Where the person is, for the tab title of each route (the shell's own and the remotes'):
 * 'Consent · <study name>'. A path not listed is Not Found, as the remotes show it. The remotes'
 * addresses are @study/navigation's, the ones their routes mount; ':name' matches one segment.
 */
const TITLES: readonly [string, string][] = [
  ['/', 'Reveal Yourself!'],
  [consent.consent, 'Consent'],
  [consent.return, 'Signing in'],
  [consent.howItWorks, 'How it works'],
  [dashboard.survey, 'Participant Dashboard'],
  // Before /survey/:pgId, which it would otherwise match.
  [dashboard.withdrawn, 'Withdrawal'],
  [dashboard.surveyForStudyId, 'Participant Dashboard'],
  [dashboard.selfAssessment, 'Self-assessment'],
  [dashboard.selfAssessmentSurvey, 'Self-assessment questions'],
  [nardi.intro, 'Nardi Personality Indicator'],
  [nardi['part-one'], 'Nardi part one of four'],
  [nardi['part-two'], 'Nardi part two of four'],
  [nardi['part-three'], 'Nardi part three of four'],
  [nardi['part-four'], 'Nardi part four of four'],
  [nardi.report, 'Nardi report'],
  [dashboard.typeFinder, 'TypeFinder test'],
  [dashboard.mbti, 'Official MBTI assessment'],
  [dashboard.test, 'Your final report'],
  [dashboard.thankYou, 'Thank You'],
  ['/about', 'About the researcher'],
  ['/terms', 'Terms of use'],
  ['/privacy', 'Privacy'],
  [admin.mbtiLoad, 'Admin: MBTI scores'],
  [admin.enrollment, 'Admin: enrollment'],
  [admin.readyCsv, 'Admin: roster'],
  [admin.consentVersions, 'Admin: consent versions'],
  [admin.auditTrail, 'Admin: audit trail'],
  [admin.reminders, 'Admin: reminders'],
  [admin.analysisExport, 'Admin: analysis export'],
  [admin.staff, 'Admin: study team'],
  [admin.staffSignIn, 'Admin: sign in'],
  [admin.staffSetup, 'Admin: account set-up'],
];

function matches(pattern: string, path: string): boolean {
  const wanted = pattern.split('/');
  const given = path.split('/');
  return wanted.length === given.length && wanted.every((segment, i) => (segment.startsWith(':') ? given[i] !== '' : segment === given[i]));
}

export function pageTitleFor(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return TITLES.find(([pattern]) => matches(pattern, path))?.[1] ?? 'Not Found';
}
