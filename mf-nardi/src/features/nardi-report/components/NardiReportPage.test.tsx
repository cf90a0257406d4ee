import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClientStore } from '@study/client-state';
import { ErrorCodes, NARDI_REPORT_NOT_READY_MESSAGE, type NardiReportView } from '@study/contracts';
import { ApiError, NETWORK_ERROR_MESSAGE } from '@study/ui';
import { currentPath, PG_ID } from '../../../test-support/nardi-fixtures';
import { fakeReportApi, renderReport, REPORT, storeWithStudyId } from '../../../test-support/nardi-report-fixtures';

let store: ClientStore;
afterEach(() => store?.dispose());

const ZERO_MESSAGE = 'Your Nardi report cannot be made from the stored scores: The Nardi dichotomous preference S is 0, so the stored scores are corrupt. Please contact the study team.';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

const reportShown = () => screen.findByRole('region', { name: 'Your top three types' });

describe('/nardi-report states', () => {
  it('without a study ID: says so, links to the dashboard and asks the server nothing', async () => {
    store = storeWithStudyId(null);
    const api = fakeReportApi();
    await renderReport({ store, api });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('We do not know your study ID on this device yet.');
    expect(screen.getByRole('link', { name: 'Go to the dashboard' }).getAttribute('href')).toBe('/survey');
    expect(api.fetchReport).not.toHaveBeenCalled();
  });

  it('shows a loading state until the report arrives', async () => {
    store = storeWithStudyId();
    const answer = deferred<NardiReportView>();
    await renderReport({ store, api: fakeReportApi(() => answer.promise) });
    expect(screen.getByRole('status').textContent).toContain('Loading your Nardi report...');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your Nardi report');
    answer.resolve(REPORT);
    await reportShown();
    expect(screen.queryByText('Loading your Nardi report...')).toBeNull();
  });

  it('409: the report is not ready yet, with the way back to the dashboard and a check again', async () => {
    store = storeWithStudyId();
    const api = fakeReportApi();
    api.fetchReport.mockRejectedValueOnce(new ApiError(NARDI_REPORT_NOT_READY_MESSAGE, 409, ErrorCodes.NARDI_REPORT_NOT_READY));
    await renderReport({ store, api });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Your report is not ready yet.')).toBeTruthy();
    expect(alert.textContent).toContain(NARDI_REPORT_NOT_READY_MESSAGE);
    expect(screen.queryByRole('region', { name: 'Your top three types' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' }).getAttribute('href')).toBe('/survey');

    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await reportShown();
    expect(api.fetchReport).toHaveBeenCalledTimes(2);
  });

  it('422: an error naming the problem, with its code, and no retry', async () => {
    store = storeWithStudyId();
    const api = fakeReportApi(async () => {
      throw new ApiError(ZERO_MESSAGE, 422, ErrorCodes.ZERO_DICHOTOMY);
    });
    await renderReport({ store, api });
    const alert = await screen.findByRole('alert');
    expect(alert.className).toContain('notice--danger');
    expect(within(alert).getByText('Your Nardi report cannot be shown.')).toBeTruthy();
    expect(alert.textContent).toContain('The Nardi dichotomous preference S is 0');
    expect(alert.textContent).toContain('Error code: ZERO_DICHOTOMY');
    expect(screen.queryByRole('button', { name: /again/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' }).getAttribute('href')).toBe('/survey');
  });

  it('404: the study ID is unknown, with the way to the dashboard', async () => {
    store = storeWithStudyId();
    const api = fakeReportApi(async () => {
      throw new ApiError('No participant with this study ID.', 404, ErrorCodes.PARTICIPANT_NOT_FOUND);
    });
    await renderReport({ store, api });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('We could not find your study ID.')).toBeTruthy();
    expect(alert.textContent).toContain('No participant with this study ID.');
    expect(screen.getByRole('link', { name: 'Go to the dashboard' }).getAttribute('href')).toBe('/survey');
  });

  it('a network failure: the message with a retry that loads the report', async () => {
    store = storeWithStudyId();
    const api = fakeReportApi();
    api.fetchReport.mockRejectedValueOnce(new ApiError(NETWORK_ERROR_MESSAGE));
    await renderReport({ store, api });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Your Nardi report could not be loaded.')).toBeTruthy();
    expect(alert.textContent).toContain(NETWORK_ERROR_MESSAGE);
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await reportShown();
    expect(api.fetchReport).toHaveBeenCalledTimes(2);
  });

  it('the dashboard link goes to /survey', async () => {
    store = storeWithStudyId();
    await renderReport({ store, api: fakeReportApi() });
    await reportShown();
    await userEvent.click(screen.getAllByRole('link', { name: 'Back to the dashboard' })[0] as HTMLElement);
    await waitFor(() => expect(currentPath()).toBe('/survey'));
  });
});

describe('/nardi-report over HTTP', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
  });

  // jsdom has no Response: the parts of one that requestJson reads.
  const jsonResponse = (status: number, body: unknown) =>
    ({ ok: status >= 200 && status < 300, status, statusText: '', text: async () => JSON.stringify(body), json: async () => body }) as Response;

  it('posts {pgId} to /api/user/nardi/report and shows the answer', async () => {
    const fetchMock = jest.fn(async () => jsonResponse(200, REPORT));
    global.fetch = fetchMock as unknown as typeof fetch;
    store = storeWithStudyId();
    await renderReport({ store });
    await reportShown();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/user/nardi/report');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ pgId: PG_ID });
  });

  it("shows the server's 409 error body as 'not ready yet'", async () => {
    global.fetch = jest.fn(async () => jsonResponse(409, { error: NARDI_REPORT_NOT_READY_MESSAGE, code: 'NARDI_REPORT_NOT_READY', requestId: 'req-12345678' })) as unknown as typeof fetch;
    store = storeWithStudyId();
    await renderReport({ store });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your report is not ready yet.');
    expect(alert.textContent).toContain(NARDI_REPORT_NOT_READY_MESSAGE);
  });

  it('an answer that is not a report is an error with a retry, never a half-drawn report', async () => {
    global.fetch = jest.fn(async () => jsonResponse(200, { ...REPORT, topTypes: REPORT.topTypes.slice(0, 2) })) as unknown as typeof fetch;
    store = storeWithStudyId();
    await renderReport({ store });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The study server sent an answer this page cannot read.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
