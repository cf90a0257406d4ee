import { act, render, screen, waitFor, within } from '@testing-library/react';
import type { SurveyStates } from '@study/client-state';
import { getPersonalityType, SHARE_HASHTAGS } from '@study/personality';
import { createQueryClient } from '@study/query-provider';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { PG_ID, survey } from '../../../test-support/participant-fixtures';
import { serveDashboardApi } from '../../../test-support/serve-dashboard-api';
import type { SharePort } from '../share/share-port';
import { FinalScoreCard, type FinalScoreCardProps, RECONNECTING_TEXT, REPORT_PENDING_TEXT } from './FinalScoreCard';

function surveys(overrides: Partial<SurveyStates> = {}): SurveyStates {
  return {
    typeFinder: survey('typeFinder', 'completed', { typeCode: 'ENTJ' }),
    nardi: survey('nardi', 'completed', { typeCode: 'INTJ', consistency: 7 }),
    selfAssessment: survey('selfAssessment', 'completed', { typeCode: 'INTJ' }),
    mbti: survey('mbti'),
    ...overrides,
  };
}

function renderCard(props: Partial<FinalScoreCardProps> = {}) {
  render(
    <QueryClientProvider client={createQueryClient({ gcTime: Infinity })}>
      <MemoryRouter>
        <FinalScoreCard pgId={PG_ID} finalScore={{ typeCode: 'INTJ' }} surveys={surveys()} {...props} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return within(screen.getByRole('region', { name: 'Your final type' }));
}

/** The per-survey results as [name, result] pairs. */
function scoreRows(card: ReturnType<typeof renderCard>): string[][] {
  return card.getAllByRole('term').map((term) => [term.textContent ?? '', term.nextElementSibling?.textContent ?? '']);
}

describe('FinalScoreCard with a final type', () => {
  it('shows the type, its title and description, and each survey result', () => {
    const card = renderCard();
    const intj = getPersonalityType('INTJ');
    expect(card.getByText('INTJ', { selector: '.final-score__code' })).toBeTruthy();
    expect(card.getByText(intj.title)).toBeTruthy();
    expect(card.getByText(intj.description)).toBeTruthy();
    expect(scoreRows(card)).toEqual([
      ['TypeFinder', 'ENTJ'],
      ['Nardi Personality Indicator', 'INTJconsistency 7/10'],
      ['Self-Assessment', 'INTJ'],
    ]);
  });

  it("says 'Declined' for a declined self-assessment and adds the official MBTI type when given", () => {
    const card = renderCard({ surveys: surveys({ selfAssessment: survey('selfAssessment', 'rejected') }), mbtiTypeCode: 'ENTJ' });
    expect(scoreRows(card).slice(2)).toEqual([
      ['Self-Assessment', 'Declined'],
      ['Official MBTI', 'ENTJ'],
    ]);
  });

  it('offers the report download once the PDF is stored, saved as "Final Report.pdf", and links to the Nardi report', async () => {
    const pdf = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    const downloadReport = jest.fn(async () => pdf);
    const saveReport = jest.fn();
    serveDashboardApi({ downloadReport });
    const card = renderCard({ finalReport: { generatedAt: '2025-03-01T10:00:00.000Z' }, saveReport });
    expect(card.getByRole('link', { name: 'View Nardi report' }).getAttribute('href')).toBe('/nardi-report');
    expect(card.queryByRole('status')).toBeNull();
    await act(async () => card.getByRole('button', { name: 'Download Final Report' }).click());
    expect(downloadReport).toHaveBeenCalledWith(PG_ID);
    await waitFor(() => expect(saveReport).toHaveBeenCalledWith(pdf, 'Final Report.pdf'));
  });

  it('keeps the participant on the dashboard when the report cannot be downloaded, saying why, and lets them try again', async () => {
    let calls = 0;
    const downloadReport = jest.fn(async () => {
      calls += 1;
      if (calls === 1) throw new Error('The final report is not ready yet.');
      return new Blob(['%PDF-1.7']);
    });
    const saveReport = jest.fn();
    serveDashboardApi({ downloadReport });
    const card = renderCard({ finalReport: { generatedAt: '2025-03-01T10:00:00.000Z' }, saveReport });
    await act(async () => card.getByRole('button', { name: 'Download Final Report' }).click());
    const alert = await card.findByRole('alert');
    expect(alert.textContent).toContain('Final Report.pdf could not be downloaded.');
    expect(alert.textContent).toContain('The final report is not ready yet. You can try again.');
    expect(saveReport).not.toHaveBeenCalled();
    await act(async () => card.getByRole('button', { name: 'Download Final Report' }).click());
    await waitFor(() => expect(saveReport).toHaveBeenCalledTimes(1));
    expect(card.queryByRole('alert')).toBeNull();
  });

  it('says the report is being made until it is stored, and that the connection is being restored when it dropped', () => {
    const card = renderCard({ finalReport: null, connected: false });
    expect(card.queryByRole('button', { name: 'Download Final Report' })).toBeNull();
    expect(card.getByRole('status').textContent).toBe(REPORT_PENDING_TEXT);
    expect(card.getByText(RECONNECTING_TEXT)).toBeTruthy();
  });

  it("shares the type's share text with the hashtags and the site address", async () => {
    const share = { share: jest.fn<ReturnType<SharePort['share']>, Parameters<SharePort['share']>>(async () => 'shared') };
    const card = renderCard({ share, siteUrl: 'https://study.example.org/' });
    await act(async () => card.getByRole('button', { name: 'Share' }).click());
    expect(share.share).toHaveBeenCalledWith({ text: `${getPersonalityType('INTJ').shareText} ${SHARE_HASHTAGS}`, url: 'https://study.example.org/' });
    expect(SHARE_HASHTAGS).toBe('#personality #dna');
  });
});

describe('FinalScoreCard when Inconclusive', () => {
  it('explains what Inconclusive means, still lists the results, and offers no share', () => {
    const card = renderCard({ finalScore: { typeCode: 'Inconclusive' }, surveys: surveys({ selfAssessment: survey('selfAssessment', 'completed', { typeCode: 'ESFP' }) }) });
    expect(card.getByText('Inconclusive', { selector: '.final-score__code' })).toBeTruthy();
    expect(card.getByText(/point to different types and you were less than 80% sure of your own choice/)).toBeTruthy();
    expect(scoreRows(card).map(([name]) => name)).toEqual(['TypeFinder', 'Nardi Personality Indicator', 'Self-Assessment']);
    expect(card.queryByRole('button', { name: 'Share' })).toBeNull();
    expect(card.queryByRole('button', { name: 'Download Final Report' })).toBeNull();
    expect(card.getByRole('status').textContent).toBe(REPORT_PENDING_TEXT);
  });
});

describe('FinalScoreCard without a final type', () => {
  it('lists what is still to do', () => {
    const card = renderCard({ finalScore: null, surveys: surveys({ selfAssessment: survey('selfAssessment', 'pending') }) });
    expect(card.getByText('Your final type is worked out from all three assessments. Still to do:')).toBeTruthy();
    expect(card.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Self-Assessment']);
    expect(card.queryByRole('button', { name: 'Download Final Report' })).toBeNull();
  });

  it('says the final type is being worked out once all three are done', () => {
    const card = renderCard({ finalScore: null });
    expect(card.getByRole('status').textContent).toMatch(/Your final type is being worked out and will appear here in a moment/);
    expect(card.queryByText(/reload/i)).toBeNull();
  });
});
