import type { UserView } from '@study/contracts';
import { initialSurveyStates, surveyStatesOf, type SurveyStates } from '@study/client-state';
import { guardDecision, type GuardState } from './guard-decision';

const PG_ID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';
const LOADED = { status: 'loaded', message: 'User data loaded successfully' };

function user(consent: boolean, statuses: Partial<Record<'typeFinder' | 'nardi' | 'selfAssessment', string>> = {}): UserView {
  const survey = <K extends 'typeFinder' | 'nardi' | 'selfAssessment' | 'mbti'>(id: K) => ({
    id,
    status: (statuses[id as 'typeFinder'] ?? 'pending') as UserView['nardi']['status'],
    index: 0,
    answers: [],
    ...(statuses[id as 'typeFinder'] === 'completed' ? { typeCode: 'INTJ' } : {}),
  });
  return {
    access: { pgId: PG_ID, consent, dataReady: false, snpFileUploaded: true },
    typeFinder: survey('typeFinder'),
    nardi: survey('nardi'),
    selfAssessment: survey('selfAssessment'),
    mbti: survey('mbti'),
    finalScore: null,
  } as UserView;
}

function state(u: UserView | null, overrides: Partial<GuardState> = {}): GuardState {
  const surveys: SurveyStates = u ? surveyStatesOf(u) : initialSurveyStates();
  return { pgId: u ? PG_ID : null, user: u, load: u ? LOADED : null, surveys, ...overrides };
}

const fresh = user(true);
const typeFinderDone = user(true, { typeFinder: 'completed' });
const nardiDone = user(true, { typeFinder: 'completed', nardi: 'completed' });
const nardiRejected = user(true, { typeFinder: 'completed', nardi: 'rejected' });
const allDone = user(true, { typeFinder: 'completed', nardi: 'completed', selfAssessment: 'rejected' });
const withdrawn = user(false, { typeFinder: 'completed' });

const ALLOW = { action: 'allow' };
const TO_SURVEY = { action: 'redirect', to: '/survey', resetLoad: false };
const HOME = { action: 'redirect', to: '/', resetLoad: true };

describe('guardDecision', () => {
  it.each([
    // path, state, decision
    ['/typefinder', state(fresh), ALLOW],
    ['/nardi', state(fresh), TO_SURVEY],
    ['/self-assessment', state(fresh), TO_SURVEY],
    ['/nardi', state(typeFinderDone), ALLOW],
    ['/nardi/part-two', state(typeFinderDone), ALLOW],
    ['/NARDI/part-one', state(typeFinderDone), ALLOW],
    ['/typefinder', state(typeFinderDone), TO_SURVEY],
    ['/self-assessment', state(typeFinderDone), TO_SURVEY],
    ['/self-assessment', state(nardiDone), ALLOW],
    ['/self-assessment/survey', state(nardiDone), ALLOW],
    ['/self-assessment', state(nardiRejected), ALLOW],
    ['/nardi', state(nardiDone), TO_SURVEY],
    ['/self-assessment', state(allDone), TO_SURVEY],
    ['/typefinder', state(allDone), TO_SURVEY],
    // Not authorized: no study ID, consent withdrawn, or a study ID that is not a v4 UUID.
    ['/typefinder', state(null), TO_SURVEY],
    ['/nardi', state(withdrawn), TO_SURVEY],
    ['/typefinder', state(fresh, { pgId: 'not-a-uuid' }), TO_SURVEY],
    ['/typefinder', state(fresh, { user: null }), TO_SURVEY],
    // Not guarded.
    ['/survey', state(null), ALLOW],
    ['/consent', state(null), ALLOW],
    ['/nardi-report', state(null), ALLOW],
    ['/typefinders', state(null), ALLOW],
    ['/mbti', state(null), ALLOW],
    // A load status this version does not know.
    ['/survey', state(fresh, { load: { status: 'teleporting', message: '' } }), HOME],
    ['/survey/' + PG_ID, state(fresh, { load: { status: 'teleporting', message: '' } }), HOME],
    ['/nardi', state(typeFinderDone, { load: { status: 'teleporting', message: '' } }), HOME],
    ['/consent', state(fresh, { load: { status: 'teleporting', message: '' } }), ALLOW],
    ['/survey', state(fresh, { load: { status: 'save-failed', message: 'x' } }), ALLOW],
  ])('case %#: %s', (path, s, decision) => {
    expect(guardDecision(path, s)).toEqual(decision);
  });
});
