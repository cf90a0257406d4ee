import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createClientStore, type ClientStore } from '@study/client-state';
import type { ConsentTextView, Settings, SurveyState, UserView } from '@study/contracts';
import { ApiError } from '@study/ui';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { DashboardPage, type ConsentRenewalSlotProps } from '../features/dashboard';
import { ConsentRenewalPage } from '../features/consent-renewal';
import { Providers } from '../test-support/participant-fixtures';
import { serveDashboardApi, type DashboardApi } from '../test-support/serve-dashboard-api';

const PG_ID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';
const SETTINGS: Settings = { resetSurveysEnabled: false, studyEmailHost: 'study.example.org' };
const V2: ConsentTextView = { versionId: 'v2', hash: 'd'.repeat(64), publishedAt: '2026-03-01T12:00:00.000Z', text: '# 1. Invitation\n\nThe new text of the form.' };
const RENEWAL = { versionId: 'v2', publishedAt: V2.publishedAt, agreedVersionId: 'v1' };

const survey = (id: SurveyState['id']) => ({ id, status: 'pending', index: 0, answers: [] }) as SurveyState;
function userView(consentRenewal: UserView['consentRenewal']): UserView {
  return {
    access: { pgId: PG_ID, consent: true, dataReady: false, snpFileUploaded: true },
    typeFinder: survey('typeFinder'),
    nardi: survey('nardi'),
    selfAssessment: survey('selfAssessment'),
    mbti: survey('mbti'),
    finalScore: null,
    finalReport: null,
    consentRenewal,
  } as UserView;
}

function Where() {
  return <p>now at {useLocation().pathname}</p>;
}

let store: ClientStore;
beforeEach(() => {
  store = createClientStore({ storage: null, events: null });
});
afterEach(() => store.dispose());

/** The dashboard (its own feature) with this screen in its slot, as routes.tsx puts them together. */
async function renderDashboard(dashboardApi: DashboardApi, consentApi: DashboardApi) {
  serveDashboardApi({ ...dashboardApi, ...consentApi });
  const renderRenewal = (props: ConsentRenewalSlotProps) => <ConsentRenewalPage {...props} />;
  await act(async () => {
    render(
      <Providers store={store}>
        <MemoryRouter initialEntries={[`/survey/${PG_ID}`]}>
          <Routes>
            <Route path="/survey/:pgId" element={<DashboardPage renderStudyIdForm={() => null} renderConsentRenewal={renderRenewal} />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </Providers>,
    );
  });
}

function apis(renewals: UserView['consentRenewal'][]) {
  const views = [...renewals];
  const dashboardApi: DashboardApi = {
    fetchUser: jest.fn(async () => userView(views.length > 1 ? views.shift() : views[0])),
    fetchSettings: jest.fn(async () => SETTINGS),
    resetSurveys: jest.fn(),
  };
  const consentApi = { fetchConsentText: jest.fn(async () => V2), renewConsent: jest.fn(async () => ({ versionId: 'v2', givenAt: '2026-03-02T09:00:00.000Z' })) };
  return { dashboardApi, consentApi };
}

describe('agreeing again to a new consent text', () => {
  it('comes before the dashboard: the new text with its version, the 18+ checkbox, then Agree records it and opens the dashboard', async () => {
    const { dashboardApi, consentApi } = apis([RENEWAL, null]);
    await renderDashboard(dashboardApi, consentApi);
    expect(screen.getByRole('heading', { name: 'The consent form has changed' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Participant Dashboard' })).toBeNull();
    expect(await screen.findByText('The new text of the form.')).toBeTruthy();
    expect(screen.getByText(/You agreed to version/).textContent).toContain('You agreed to version v1 of the consent form. Version v2 has been published since.');
    expect(document.querySelector('.consent-renewal__version')?.textContent).toBe('Consent version v2');

    const agree = screen.getByRole('button', { name: 'Agree' }) as HTMLButtonElement;
    expect(agree.disabled).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: /18 years of age or older/ }));
    expect(agree.disabled).toBe(false);
    await userEvent.click(agree);

    expect(consentApi.renewConsent).toHaveBeenCalledWith(PG_ID, 'v2');
    expect(await screen.findByRole('heading', { name: 'Participant Dashboard' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download your consent (PDF)' })).toBeTruthy();
  });

  it("offers 'Disagree', which leaves for the home page without recording anything", async () => {
    const { dashboardApi, consentApi } = apis([RENEWAL]);
    await renderDashboard(dashboardApi, consentApi);
    await userEvent.click(screen.getByRole('link', { name: 'Disagree' }));
    expect(screen.getByText('now at /')).toBeTruthy();
    expect(consentApi.renewConsent).not.toHaveBeenCalled();
  });

  it("shows the server's refusal and stays (e.g. a newer text was published meanwhile)", async () => {
    const { dashboardApi, consentApi } = apis([RENEWAL]);
    consentApi.renewConsent.mockRejectedValueOnce(new ApiError('versionId: v2 is not the current consent text (v3 is).', 409));
    await renderDashboard(dashboardApi, consentApi);
    await userEvent.click(await screen.findByRole('checkbox', { name: /18 years of age or older/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Agree' }));
    expect(await screen.findByText('versionId: v2 is not the current consent text (v3 is).')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Participant Dashboard' })).toBeNull();
  });

  it('says why the new text could not be loaded, and Try again loads it', async () => {
    const { dashboardApi, consentApi } = apis([RENEWAL]);
    consentApi.fetchConsentText.mockRejectedValueOnce(new ApiError('The study server is busy.', 503));
    await renderDashboard(dashboardApi, consentApi);
    expect(await screen.findByText('The consent text could not be loaded.')).toBeTruthy();
    expect(screen.getByText('The study server is busy.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Agree' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('The new text of the form.')).toBeTruthy();
    expect(screen.queryByText('The consent text could not be loaded.')).toBeNull();
    expect(consentApi.fetchConsentText).toHaveBeenCalledTimes(2);
  });

  it('opens the dashboard at once when no renewal is due', async () => {
    const { dashboardApi, consentApi } = apis([null]);
    await renderDashboard(dashboardApi, consentApi);
    expect(screen.getByRole('heading', { name: 'Participant Dashboard' })).toBeTruthy();
    expect(consentApi.fetchConsentText).not.toHaveBeenCalled();
  });
});
