import { render, screen, within } from '@testing-library/react';
import { ClientStoreProvider, createClientStore } from '@study/client-state';
import type { SurveyState } from '@study/contracts';
import { NARDI_EXAMPLE_ITEM } from '@study/personality';
import { MemoryRouter } from 'react-router-dom';
import { NARDI_STEPS } from '../../../lib/steps';
import { ANSWERS, nardiState } from '../../../test-support/nardi-fixtures';
import { NardiIntroPage } from './NardiIntroPage';

describe('/nardi intro', () => {
  beforeEach(() => {
    render(
      <MemoryRouter initialEntries={['/nardi']}>
        <NardiIntroPage />
      </MemoryRouter>,
    );
  });

  it('welcomes the participant: about 12 minutes, four parts (one per step the survey counts), 25 questions', () => {
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Nardi Personality Indicator');
    expect(screen.getByText('Welcome! This part of the study takes about 12 minutes.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'It has four parts' })).toBeTruthy();
    expect(NARDI_STEPS).toHaveLength(4);
    const parts = screen.getAllByRole('listitem').filter((item) => item.closest('ol'));
    expect(parts.map((item) => item.querySelector('strong')?.textContent)).toEqual(['25 questions.', 'Your temperament.', 'Your cognitive style.', 'Your type.']);
  });

  it('shows the example question with its statements A and B', () => {
    const example = screen.getByRole('region', { name: 'Example question' });
    expect(example.textContent).toContain(`A: ${NARDI_EXAMPLE_ITEM.A}`);
    expect(example.textContent).toContain(`B: ${NARDI_EXAMPLE_ITEM.B}`);
  });

  it("'I am ready' leads to part one", () => {
    expect(screen.getByRole('link', { name: 'I am ready' }).getAttribute('href')).toBe('/nardi/part-one');
  });
});

describe('/nardi intro for a participant who already began', () => {
  function renderWith(nardi: SurveyState) {
    const store = createClientStore({ storage: null, events: null });
    store.setSurvey(nardi);
    render(
      <ClientStoreProvider store={store}>
        <MemoryRouter initialEntries={['/nardi']}>
          <NardiIntroPage />
        </MemoryRouter>
      </ClientStoreProvider>,
    );
    return store;
  }

  it('after part one (Back from part two lands here) says the answers are kept and continues to part two', () => {
    renderWith(nardiState('part-one'));
    expect(screen.getByRole('status').textContent).toContain('Your answers to the questions are saved and kept');
    const links = screen.getAllByRole('link', { name: 'Continue' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/nardi/part-two', '/nardi/part-two']);
    expect(screen.queryByRole('link', { name: 'I am ready' })).toBeNull();
  });

  it('part way through part one, counts the answers kept and continues there', () => {
    renderWith(nardiState('pending', { index: 3, answers: ANSWERS.slice(0, 3) }));
    expect(screen.getByRole('status').textContent).toContain('Your 3 answers are kept');
    expect(screen.getAllByRole('link', { name: 'Continue' })[0]?.getAttribute('href')).toBe('/nardi/part-one');
  });

  it('with nothing answered yet, is the plain start', () => {
    renderWith(nardiState('pending'));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('link', { name: 'I am ready' }).getAttribute('href')).toBe('/nardi/part-one');
  });

  it('shows the example as quoted text, with nothing to tap', () => {
    renderWith(nardiState('pending'));
    const example = screen.getByRole('region', { name: 'Example question' });
    expect(within(example).queryAllByRole('radio')).toHaveLength(0);
    expect(within(example).queryAllByRole('button')).toHaveLength(0);
    expect(example.classList.contains('card')).toBe(false);
    expect(example.querySelectorAll('q.nardi-example__statement')).toHaveLength(2);
  });
});
