import { render, screen } from '@testing-library/react';
import { NARDI_EXAMPLE_ITEM } from '@study/personality';
import { MemoryRouter } from 'react-router-dom';
import { NARDI_STEPS } from '../../../lib/steps';
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
