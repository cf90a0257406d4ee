import { surveyStatuses, type SurveyState } from '@study/contracts';
import { initialSurveyStates } from '@study/client-state';
import { nardiPathForStatus } from '@study/navigation';
import { surveyItems, surveyPath } from './survey-links';

function survey(id: SurveyState['id'], status: SurveyState['status'], answers = 0, extra: Partial<SurveyState> = {}): SurveyState {
  return { id, status, index: answers, answers: Array.from({ length: answers }, (_, i) => ({ id: i + 1, value: 'A' })), ...extra };
}

describe('surveyPath', () => {
  it.each([
    [survey('typeFinder', 'pending'), '/typefinder'],
    [survey('typeFinder', 'pending', 3), '/typefinder'],
    [survey('nardi', 'pending'), '/nardi'],
    [survey('nardi', 'part-two'), '/nardi'],
    [survey('nardi', 'pending', 4), '/nardi/part-one'],
    [survey('nardi', 'part-one', 25), '/nardi/part-two'],
    [survey('selfAssessment', 'pending'), '/self-assessment'],
    [survey('selfAssessment', 'pending', 1), '/self-assessment/survey'],
    [survey('selfAssessment', 'reviewing', 3), '/self-assessment/survey'],
  ])('%j -> %s', (state, path) => {
    expect(surveyPath(state)).toBe(path);
  });

  // Where each status continues is @study/navigation's table; the dashboard only adds the intro.
  it.each([...surveyStatuses])('links Nardi with answers and status %s where the Nardi screens send it', (status) => {
    expect(surveyPath(survey('nardi', status, 25))).toBe(nardiPathForStatus(status));
  });
});

describe('surveyItems', () => {
  const base = initialSurveyStates();
  const summary = (surveys: typeof base) => surveyItems(surveys).map((item) => [item.id, item.state, item.link]);

  it.each([
    [
      'nothing done: only TypeFinder opens',
      base,
      [
        ['typeFinder', 'next', '/typefinder'],
        ['nardi', 'locked', null],
        ['selfAssessment', 'locked', null],
      ],
    ],
    [
      'TypeFinder done: Nardi opens where the participant left off',
      { ...base, typeFinder: survey('typeFinder', 'completed', 0, { typeCode: 'INTJ' }), nardi: survey('nardi', 'part-one', 25) },
      [
        ['typeFinder', 'completed', null],
        ['nardi', 'next', '/nardi/part-two'],
        ['selfAssessment', 'locked', null],
      ],
    ],
    [
      'Nardi declined: the self-assessment opens',
      { ...base, typeFinder: survey('typeFinder', 'completed'), nardi: survey('nardi', 'rejected') },
      [
        ['typeFinder', 'completed', null],
        ['nardi', 'rejected', null],
        ['selfAssessment', 'next', '/self-assessment'],
      ],
    ],
    [
      'all done: nothing links',
      { ...base, typeFinder: survey('typeFinder', 'completed'), nardi: survey('nardi', 'completed'), selfAssessment: survey('selfAssessment', 'completed') },
      [
        ['typeFinder', 'completed', null],
        ['nardi', 'completed', null],
        ['selfAssessment', 'completed', null],
      ],
    ],
    [
      'a rejected TypeFinder is not done (only Nardi and the self-assessment can be declined)',
      { ...base, typeFinder: survey('typeFinder', 'rejected') },
      [
        ['typeFinder', 'next', '/typefinder'],
        ['nardi', 'locked', null],
        ['selfAssessment', 'locked', null],
      ],
    ],
  ])('%s', (_what, surveys, expected) => {
    expect(summary(surveys)).toEqual(expected);
  });

  it('gives completed surveys their type and Nardi its consistency, and names what a locked one waits for', () => {
    const items = surveyItems({ ...base, typeFinder: survey('typeFinder', 'completed', 0, { typeCode: 'ENFP' }), nardi: survey('nardi', 'completed', 0, { typeCode: 'INFP', consistency: 7 }) });
    expect(items[0]).toMatchObject({ typeCode: 'ENFP' });
    expect(items[1]).toMatchObject({ typeCode: 'INFP', consistency: 7 });
    expect(surveyItems(base)[1]).toMatchObject({ waitsFor: 'typeFinder' });
    expect(surveyItems(base)[2]).toMatchObject({ waitsFor: 'nardi' });
  });
});
