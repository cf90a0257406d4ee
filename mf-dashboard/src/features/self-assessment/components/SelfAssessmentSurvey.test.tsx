import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClientStore } from '@study/client-state';
import type { SurveyInput, SurveyState } from '@study/contracts';
import { ApiError } from '@study/ui';
import { deferred, PG_ID, renderScreen, SETTINGS, storeWith, survey, userView, type DashboardApi } from '../../../test-support/participant-fixtures';
import { SelfAssessmentSurvey } from './SelfAssessmentSurvey';

type FakeApi = DashboardApi & Record<'fetchUser' | 'fetchSettings' | 'saveSurvey' | 'requestFinalScore', jest.Mock>;

const DONE = { typeFinder: survey('typeFinder', 'completed', { typeCode: 'ENFP' }), nardi: survey('nardi', 'completed', { typeCode: 'INFP', consistency: 7 }) };
const COMPLETED = userView({ ...DONE, selfAssessment: survey('selfAssessment', 'completed', { typeCode: 'INTJ' }) });

const ANSWERS: SurveyState['answers'] = [
  { id: 'personalityType', value: 'INTJ' },
  { id: 'typeSource', value: ['MBTI', { value: 'Other', extValue: 'A workshop' }] },
  { id: 'confidence', value: '90%' },
  { id: 'experience', value: 'Beginner' },
];
const FINAL_SCORE = { typeCode: 'INTJ', computedAt: '2026-01-01T00:00:00.000Z' };

/** Answers as the server would; the result stream has the final score at once. */
function fakeApi(overrides: Partial<DashboardApi> = {}): FakeApi {
  return {
    fetchUser: jest.fn(async () => COMPLETED),
    fetchSettings: jest.fn(async () => SETTINGS),
    saveSurvey: jest.fn(async (_pgId: string, input: SurveyInput) => userView({ ...DONE, selfAssessment: { ...input } as SurveyState })),
    subscribeResults: (pgId, listener) => {
      listener.results({ pgId, nardi: { scored: true, result: { typeCode: 'INFP', consistency: 7 } }, finalScore: FINAL_SCORE, finalReport: null });
      return () => undefined;
    },
    requestFinalScore: jest.fn(async () => FINAL_SCORE),
    ...overrides,
  } as FakeApi;
}

let store: ClientStore;
beforeEach(() => {
  store = storeWith(userView(DONE));
});
afterEach(() => {
  store.dispose();
  jest.restoreAllMocks();
});

const open = (api: DashboardApi) => renderScreen(store, '/self-assessment/survey', <SelfAssessmentSurvey />, api);
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
/** Next is marked disabled (aria-disabled), not made so: pressing it shows what is missing. */
const blocked = (element: HTMLButtonElement) => element.disabled || element.getAttribute('aria-disabled') === 'true';
const question = () => screen.getByRole('heading', { level: 2 }).textContent;
/** The inputs that have a per-step copy on the server: status and index of each progress save. */
const progressSaves = (api: FakeApi) => api.saveSurvey.mock.calls.map(([, input]: [string, SurveyInput]) => [input.status, input.index, input.answers.length]);

describe('/self-assessment/survey', () => {
  it('keeps Next disabled with its tooltip for a type that is not one of the 16, and takes a valid one in any case', async () => {
    const user = userEvent.setup();
    await open(fakeApi());
    expect(question()).toMatch(/Which of the 16 personality types/);
    const box = screen.getByRole('combobox');
    await user.type(box, 'XYZW');
    expect(blocked(button('Next'))).toBe(true);
    expect(button('Next').title).toBe('Must enter a valid answer');
    expect(screen.getByText('Must enter a valid answer')).toBeTruthy();
    await user.clear(box);
    await user.type(box, 'intj');
    expect(store.getState().surveys.selfAssessment.answers).toEqual([{ id: 'personalityType', value: 'INTJ' }]);
    expect(blocked(button('Next'))).toBe(false);
    expect(button('Next').title).toBe('');
  });

  it('suggests the 16 codes that start with what was typed', async () => {
    const user = userEvent.setup();
    await open(fakeApi());
    await user.type(screen.getByRole('combobox'), 'en');
    const options = Array.from(document.querySelectorAll('datalist option')).map((option) => option.getAttribute('value'));
    expect(options.sort()).toEqual(['ENFJ', 'ENFP', 'ENTJ', 'ENTP']);
  });

  it("keeps Next disabled while 'Other' has no explanation", async () => {
    const user = userEvent.setup();
    store.setSurvey(survey('selfAssessment', 'pending', { index: 1, answers: ANSWERS.slice(0, 1) }));
    await open(fakeApi());
    expect(question()).toBe('How did you arrive at that type? Choose all that apply.');
    await user.click(screen.getByRole('checkbox', { name: 'Another way' }));
    expect(blocked(button('Next'))).toBe(true);
    expect(button('Next').title).toBe('Must make a selection');
    await user.type(screen.getByRole('textbox', { name: 'Please explain' }), 'A workshop');
    expect(blocked(button('Next'))).toBe(false);
  });

  it('marks a complete code that is not one of the 16 as wrong: aria-invalid and an error tied to the field, saying what to type', async () => {
    const user = userEvent.setup();
    await open(fakeApi());
    const box = screen.getByRole('combobox');
    await user.type(box, 'XY');
    // Still typing: not wrong yet.
    expect(box.hasAttribute('aria-invalid')).toBe(false);
    await user.type(box, 'ZW');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    const error = screen.getByText('Type one of the 16 four-letter types, for example INFP or ESTJ.');
    expect(box.getAttribute('aria-describedby')?.split(' ')).toContain(error.id);
    // The rule stays the tooltip of Next (product.md section 5).
    expect(button('Next').title).toBe('Must enter a valid answer');
    await user.clear(box);
    await user.type(box, 'infp');
    expect(box.hasAttribute('aria-invalid')).toBe(false);
    expect(screen.queryByText(/Type one of the 16/)).toBeNull();
  });

  it("marks the empty 'Please explain' field of 'Another way' itself, and pressing Next takes the participant there", async () => {
    const user = userEvent.setup();
    store.setSurvey(survey('selfAssessment', 'pending', { index: 1, answers: ANSWERS.slice(0, 1) }));
    await open(fakeApi());
    await user.click(screen.getByRole('checkbox', { name: 'Another way' }));
    const explain = screen.getByRole('textbox', { name: 'Please explain' });
    expect(explain.hasAttribute('aria-invalid')).toBe(false);
    await user.click(button('Next'));
    expect(question()).toBe('How did you arrive at that type? Choose all that apply.');
    expect(document.activeElement).toBe(explain);
    expect(explain.getAttribute('aria-invalid')).toBe('true');
    const error = document.getElementById(explain.getAttribute('aria-describedby') ?? '');
    expect(error?.textContent).toBe('Write a few words to explain “Another way”, or untick it.');
    // The tooltip keeps the spec's words.
    expect(button('Next').title).toBe('Must make a selection');
    await user.type(explain, 'A workshop');
    expect(explain.hasAttribute('aria-invalid')).toBe(false);
    expect(blocked(button('Next'))).toBe(false);
  });

  it('answers all four, keeps each step on the server, saves the completed survey, asks for the final score and goes to /survey', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    await open(api);
    await user.type(screen.getByRole('combobox'), 'intj');
    await user.click(button('Next'));
    expect(question()).toBe('How did you arrive at that type? Choose all that apply.');
    await user.click(screen.getByRole('checkbox', { name: 'I took the official MBTI assessment' }));
    await user.click(screen.getByRole('checkbox', { name: 'Another way' }));
    await user.type(screen.getByRole('textbox', { name: 'Please explain' }), 'A workshop');
    await user.click(button('Next'));
    // Single choices move on by themselves.
    await user.click(screen.getByRole('radio', { name: '90% sure' }));
    await waitFor(() => expect(question()).toBe('How much experience do you have with personality type?'));
    await user.click(screen.getByRole('radio', { name: 'I am fairly new to personality type' }));
    await waitFor(() => expect(question()).toBe('Review your answers'));
    await waitFor(() => expect(progressSaves(api)).toEqual([
      ['pending', 1, 1],
      ['pending', 2, 2],
      ['pending', 3, 3],
      ['reviewing', 3, 4],
    ]));

    await user.click(button('Save'));
    await waitFor(() => expect(screen.getByText('now at /survey')).toBeTruthy());
    expect(api.saveSurvey).toHaveBeenLastCalledWith(PG_ID, { id: 'selfAssessment', status: 'completed', index: 3, answers: ANSWERS, typeCode: 'INTJ' });
    expect(api.requestFinalScore).toHaveBeenCalledWith(PG_ID);
    expect(api.fetchUser).toHaveBeenCalledWith(PG_ID);
    expect(store.getState().surveys.selfAssessment).toEqual({ id: 'selfAssessment', status: 'completed', index: 0, answers: [], typeCode: 'INTJ' });
    expect(store.getState().load?.status).toBe('loaded');
  });

  it('a reload resumes at the question it showed (the state lives in the store)', async () => {
    store.setSurvey(survey('selfAssessment', 'pending', { index: 2, answers: ANSWERS.slice(0, 2) }));
    const api = fakeApi();
    await open(api);
    expect(question()).toBe('How sure are you that this type is your best fit?');
    expect(screen.getByText('Question 3 of 4')).toBeTruthy();
    expect(button('Previous').disabled).toBe(false);
    expect(api.saveSurvey).not.toHaveBeenCalled();
  });

  it('keeps only valid answers in the progress it sends', async () => {
    const user = userEvent.setup();
    store.setSurvey(survey('selfAssessment', 'pending', { index: 1, answers: [...ANSWERS.slice(0, 1), { id: 'typeSource', value: ['Other'] }] }));
    const api = fakeApi();
    await open(api);
    await user.click(button('Previous'));
    await waitFor(() => expect(api.saveSurvey).toHaveBeenCalledTimes(1));
    expect(api.saveSurvey).toHaveBeenCalledWith(PG_ID, { id: 'selfAssessment', status: 'pending', index: 0, answers: ANSWERS.slice(0, 1) });
  });

  it('Save is disabled, with its tooltip, while an answer is not valid', async () => {
    store.setSurvey(survey('selfAssessment', 'reviewing', { index: 3, answers: [{ id: 'personalityType', value: 'XYZW' }, ...ANSWERS.slice(1)] }));
    await open(fakeApi());
    expect(button('Save').disabled).toBe(true);
    expect(button('Save').title).toBe('Answer every question before you save.');
  });

  it('shows the server message and stays on the review when the save fails', async () => {
    const user = userEvent.setup();
    store.setSurvey(survey('selfAssessment', 'reviewing', { index: 3, answers: ANSWERS }));
    const saving = deferred<never>();
    const api = fakeApi({ saveSurvey: jest.fn(() => saving.promise) });
    await open(api);
    await user.click(button('Save'));
    expect(screen.getByText('Saving your answers...')).toBeTruthy();
    await act(async () => saving.reject(new ApiError('Finish Nardi before the self-assessment.', 409, 'SURVEY_OUT_OF_ORDER')));
    expect(screen.getByText('Your answers could not be saved.')).toBeTruthy();
    expect(screen.getByText('Finish Nardi before the self-assessment.')).toBeTruthy();
    expect(store.getState().surveys.selfAssessment.status).toBe('reviewing');
    expect(store.getState().load).toEqual({ status: 'save-failed', message: 'Finish Nardi before the self-assessment. (HTTP 409)' });
    expect(api.requestFinalScore).not.toHaveBeenCalled();
  });

  it('a final score that cannot be had yet still ends on /survey, after loading the participant again', async () => {
    const user = userEvent.setup();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    store.setSurvey(survey('selfAssessment', 'reviewing', { index: 3, answers: ANSWERS }));
    const api = fakeApi({ requestFinalScore: jest.fn(async () => Promise.reject(new ApiError('Not found', 404))) });
    await open(api);
    await user.click(button('Save'));
    await waitFor(() => expect(screen.getByText('now at /survey')).toBeTruthy());
    expect(api.fetchUser).toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });
});
