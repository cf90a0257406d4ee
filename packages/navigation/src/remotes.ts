import type { RequiredSurveyId } from '@study/personality';

/**
 * A remote's addresses, said once: its routes.tsx mounts the pages, the gateway lists the owned
 * paths in /remotes.json, the shell guards the guarded segments.
 */
export interface RemoteNavigation<Page extends string = string> {
  /** Federation name, as /remotes.json and the shell know the remote, e.g. mf_consent. */
  readonly name: string;
  /** Every address the remote's routes mount, by page (the shell mounts them at "/": full paths). */
  readonly pages: Readonly<Record<Page, string>>;
  /** First path segments the remote owns in the shell's router: "/consent" owns /consent and /consent/... */
  readonly paths: readonly string[];
  /** First path segments the shell opens only for the survey that is due (product.md section 2). */
  readonly guarded: Readonly<Record<string, RequiredSurveyId>>;
}

/** '/Self-Assessment/survey' -> 'self-assessment' (lower case, as the router matches). */
export function firstSegment(pathname: string): string {
  return (pathname.split('/').find((segment) => segment !== '') ?? '').toLowerCase();
}

/** The owned paths and guarded segments follow from the pages, so a page is named in one place only. */
function remote<Page extends string>(name: string, pages: Readonly<Record<Page, string>>, guards: Partial<Record<Page, RequiredSurveyId>> = {}): RemoteNavigation<Page> {
  const addresses: string[] = Object.values(pages);
  const guarded: Record<string, RequiredSurveyId> = {};
  for (const [page, survey] of Object.entries(guards) as [Page, RequiredSurveyId][]) guarded[firstSegment(pages[page])] = survey;
  return { name, pages, paths: [...new Set(addresses.map((address) => `/${firstSegment(address)}`))], guarded };
}

export const CONSENT_REMOTE = remote('mf_consent', {
  consent: '/consent',
  return: '/return',
  howItWorks: '/how-it-works',
});

export const DASHBOARD_REMOTE = remote(
  'mf_dashboard',
  {
    survey: '/survey',
    surveyForStudyId: '/survey/:pgId',
    selfAssessment: '/self-assessment',
    selfAssessmentSurvey: '/self-assessment/survey',
    typeFinder: '/typefinder',
    mbti: '/mbti',
    test: '/test',
    thankYou: '/thank-you',
    /** After withdrawing from the dashboard: what happened (under /survey, so no new address to route). */
    withdrawn: '/survey/withdrawn',
  },
  { typeFinder: 'typeFinder', selfAssessment: 'selfAssessment' },
);

/** Nardi's screens after the intro, in order: part one's questions, then the three snapshot choices. */
export const NARDI_STEPS = ['part-one', 'part-two', 'part-three', 'part-four'] as const;
export type NardiStep = (typeof NARDI_STEPS)[number];

export const NARDI_REMOTE = remote(
  'mf_nardi',
  {
    intro: '/nardi',
    'part-one': '/nardi/part-one',
    'part-two': '/nardi/part-two',
    'part-three': '/nardi/part-three',
    'part-four': '/nardi/part-four',
    report: '/nardi-report',
  },
  { intro: 'nardi' },
);

export function nardiStepPath(step: NardiStep): string {
  return NARDI_REMOTE.pages[step];
}

export const ADMIN_REMOTE = remote('mf_admin', {
  mbtiLoad: '/mbti-load',
  enrollment: '/enrollment',
  readyCsv: '/ready-csv',
  consentVersions: '/consent-versions',
  auditTrail: '/audit-trail',
  reminders: '/reminders',
  analysisExport: '/analysis-export',
  /** The study team: who is on it, managing it (owners), and one's own passkeys. */
  staff: '/staff',
  /** Signing in as a person of the study team (issue 27). */
  staffSignIn: '/staff-sign-in',
  /** A new account's set-up with its one-time code: authenticator app and password. */
  staffSetup: '/staff-setup',
});

/** The four remotes, in the order /remotes.json lists them. */
export const REMOTES: readonly RemoteNavigation[] = [CONSENT_REMOTE, DASHBOARD_REMOTE, NARDI_REMOTE, ADMIN_REMOTE];

/** Every guarded first segment of every remote, and the survey it opens. */
export const GUARDED_SEGMENTS: Readonly<Record<string, RequiredSurveyId>> = Object.assign({}, ...REMOTES.map((r) => r.guarded));
