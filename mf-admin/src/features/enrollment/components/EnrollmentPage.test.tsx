import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { enrollmentSteps, type Enrollment, type PairAgreement } from '@study/contracts';
import { TYPE_CODES } from '@study/personality';
import { renderPage } from '../../../test-support/render';
import { requestsOf, serveAdminApi } from '../../../test-support/serve-admin-api';
import { staffSession } from '../../../test-support/staff-sessions';
import { EnrollmentPage } from './EnrollmentPage';

const ENROLLMENT: Enrollment = {
  targets: { perType: 200, total: 6000 },
  participants: 450,
  byType: TYPE_CODES.map((typeCode) => ({ typeCode, count: typeCode === 'INTJ' ? 210 : typeCode === 'ENFP' ? 50 : 0 })),
  inconclusive: 4,
  steps: enrollmentSteps.map((step, i) => ({ step, count: 450 - i * 50 })),
  generatedAt: '2026-03-01T12:00:00.000Z',
};

/** The enrollment call as the test fakes it. */
interface EnrollmentApi {
  enrollment(): Promise<Enrollment>;
}

function fakeApi(enrollment: () => Promise<Enrollment>) {
  return { enrollment: jest.fn(enrollment) };
}

/** The page for a signed-in viewer, its call answered by the fake. */
function renderEnrollment(api: EnrollmentApi) {
  serveAdminApi({ enrollment: () => api.enrollment() }, { session: staffSession('viewer') });
  return renderPage(<EnrollmentPage />, '/enrollment');
}

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((row) => [within(row).getByRole('rowheader').textContent, ...within(row).getAllByRole('cell').map((cell) => cell.textContent)]);

describe('/enrollment', () => {
  it('shows the figures as charts and tables as the page opens for a signed-in person', async () => {
    const api = fakeApi(async () => ENROLLMENT);
    renderEnrollment(api);

    expect(await screen.findByText('450 of 6,000 participants enrolled (8%)')).toBeTruthy();
    expect(screen.getByText(/^As of /).textContent).toBe('As of 2026-03-01 12:00 UTC');
    const byType = screen.getByRole('table', { name: 'Participants by final type (target 200 each)' });
    const typeRows = rowsOf(byType);
    expect(typeRows).toHaveLength(17);
    expect(typeRows.find((row) => row[0] === 'INTJ')).toEqual(['INTJ', '210', '105%']);
    expect(typeRows.find((row) => row[0] === 'ENFP')).toEqual(['ENFP', '50', '25%']);
    expect(typeRows.at(-1)).toEqual(['Inconclusive', '4', '–']);

    const steps = rowsOf(screen.getByRole('table', { name: 'Participants at each step' }));
    expect(steps.map((row) => row[0])).toEqual(['Enrolled', 'Consented', 'TypeFinder done', 'Nardi done', 'Self-assessment done', 'MBTI result in', 'Final type', 'Final report']);
    expect(steps[1]).toEqual(['Consented', '400', '89%']);
  });

  it('draws one SVG bar per type with the target line, hidden from screen readers (the table says the same)', async () => {
    const { container } = renderEnrollment(fakeApi(async () => ENROLLMENT));
    await screen.findByRole('table', { name: /^Participants by final type/ });
    const [typesChart] = Array.from(container.querySelectorAll('.bar-chart'));
    expect(typesChart?.getAttribute('aria-hidden')).toBe('true');
    const bars = Array.from(typesChart?.querySelectorAll('svg') ?? []);
    expect(bars).toHaveLength(16);
    // The scale runs to 250 (a quarter beyond the target): INTJ's 210 fills 84 %, the target line sits at 80 %.
    const intj = bars[TYPE_CODES.indexOf('INTJ')];
    expect(Number(intj?.querySelector('.bar-chart__fill')?.getAttribute('width'))).toBeCloseTo(84);
    expect(Number(intj?.querySelector('.bar-chart__target')?.getAttribute('x1'))).toBeCloseTo(80);
    expect(intj?.querySelector('.bar-chart__fill')?.getAttribute('class')).toContain('bar-chart__fill--reached');
    expect(bars[TYPE_CODES.indexOf('ISTP')]?.querySelector('.bar-chart__fill')).toBeNull();
  });

  it('shows the agreement between instruments when the figures carry it, and no such section otherwise', async () => {
    const pair: PairAgreement = {
      first: 'typeFinder',
      second: 'nardi',
      n: 0,
      wholeType: { agreeing: 0, percent: null },
      letters: (['EI', 'SN', 'TF', 'JP'] as const).map((dichotomy) => ({ dichotomy, agreeing: 0, percent: null, kappa: null })),
      confusion: TYPE_CODES.map(() => TYPE_CODES.map(() => 0)),
    };
    const { unmount } = renderEnrollment(fakeApi(async () => ({ ...ENROLLMENT, agreement: [pair] })));
    expect(await screen.findByRole('heading', { name: 'Agreement between instruments' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Agreement of TypeFinder and Nardi (n = 0)' })).toBeTruthy();
    unmount();

    renderEnrollment(fakeApi(async () => ENROLLMENT));
    await screen.findByRole('table', { name: /^Participants by final type/ });
    expect(screen.queryByRole('heading', { name: 'Agreement between instruments' })).toBeNull();
  });

  it('shows a refusal as a danger notice', async () => {
    const api = fakeApi(async () => Promise.reject(new Error('The figures are not available right now.')));
    renderEnrollment(api);
    const alert = await screen.findByRole('alert');
    expect(alert.className).toContain('notice--danger');
    expect(alert.textContent).toContain('The figures are not available right now.');
    expect(api.enrollment).toHaveBeenCalledTimes(1);
  });

  it('counts again on Refresh, the spinner showing meanwhile', async () => {
    let answer: (enrollment: Enrollment) => void = () => undefined;
    const api = fakeApi(async () => ENROLLMENT);
    const user = userEvent.setup();
    renderEnrollment(api);
    expect(await screen.findByText('450 of 6,000 participants enrolled (8%)')).toBeTruthy();

    api.enrollment.mockImplementationOnce(() => new Promise<Enrollment>((resolve) => (answer = resolve)));
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Counting participants...')).toBeTruthy();
    expect(screen.queryByText('450 of 6,000 participants enrolled (8%)')).toBeNull();
    await act(async () => answer({ ...ENROLLMENT, participants: 600 }));
    expect(await screen.findByText('600 of 6,000 participants enrolled (10%)')).toBeTruthy();
    expect(api.enrollment).toHaveBeenCalledTimes(2);
  });
});

describe('/enrollment over HTTP', () => {
  it('asks who is signed in, then for the figures once, with the session cookie and no key', async () => {
    const served = serveAdminApi({ enrollment: async () => ENROLLMENT }, { session: staffSession('viewer') });
    renderPage(<EnrollmentPage />, '/enrollment');
    await screen.findByRole('table', { name: 'Participants at each step' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const requests = requestsOf(served);
    expect(requests.map(({ method, url }) => `${method} ${url}`)).toEqual(['GET /api/admin/session', 'GET /api/admin/enrollment']);
    for (const request of requests) {
      expect(request.credentials).toBe('same-origin');
      expect(request.headers['x-master-key']).toBeUndefined();
    }
  });
});
