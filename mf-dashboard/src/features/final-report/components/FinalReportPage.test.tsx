import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createClientStore, type ClientStore } from '@study/client-state';
import { ApiError } from '@study/ui';
import { downloadFinalReport } from '../../../api/download-final-report';
import { saveFile } from '../../../lib/save-file';
import { deferred, PG_ID, renderScreen, storeWith } from '../../../test-support/participant-fixtures';
import { FinalReportPage } from './FinalReportPage';
import { ThankYouPage } from './ThankYouPage';

let store: ClientStore;
beforeEach(() => {
  store = storeWith();
});
afterEach(() => {
  store.dispose();
  jest.restoreAllMocks();
});

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('FinalReportPage (/test)', () => {
  it("downloads the participant's report and saves it as 'Final Report.pdf'", async () => {
    const pdf = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    const download = deferred<Blob>();
    const api = { downloadReport: jest.fn(() => download.promise) };
    const save = jest.fn();
    await renderScreen(store, '/test', <FinalReportPage save={save} />, api);
    await userEvent.click(button('Download Final Report'));
    expect(api.downloadReport).toHaveBeenCalledWith(PG_ID);
    expect(button('Download Final Report').disabled).toBe(true);
    expect(screen.getByText('Preparing your report...')).toBeTruthy();
    await act(async () => download.resolve(pdf));
    expect(save).toHaveBeenCalledWith(pdf, 'Final Report.pdf');
    expect(screen.getByText("Your report was saved as 'Final Report.pdf'.")).toBeTruthy();
  });

  it("shows the server's error and saves nothing when the download fails", async () => {
    const api = { downloadReport: jest.fn(async () => Promise.reject(new ApiError('Your final report is not ready yet.', 409))) };
    const save = jest.fn();
    await renderScreen(store, '/test', <FinalReportPage save={save} />, api);
    await userEvent.click(button('Download Final Report'));
    expect(await screen.findByText('The report could not be downloaded.')).toBeTruthy();
    expect(screen.getByText('Your final report is not ready yet.')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
  });

  it('the other button goes to /survey', async () => {
    await renderScreen(store, '/test', <FinalReportPage />);
    await userEvent.click(screen.getByRole('link', { name: 'Go to the Dashboard' }));
    expect(screen.getByText('now at /survey')).toBeTruthy();
  });

  it('cannot download without a study ID', async () => {
    store.dispose();
    store = createClientStore({ storage: null, events: null });
    await renderScreen(store, '/test', <FinalReportPage />);
    expect(button('Download Final Report').disabled).toBe(true);
    expect(screen.getByText('We do not know your study ID yet.')).toBeTruthy();
  });
});

describe('downloadFinalReport', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });
  const answering = (response: Partial<Response>) => {
    const fetchMock = jest.fn(async () => response as Response);
    globalThis.fetch = fetchMock as typeof fetch;
    return fetchMock;
  };

  it('asks for a PDF at /api/user/report/{pgId} and answers the blob', async () => {
    const pdf = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    const fetchMock = answering({ ok: true, status: 200, blob: async () => pdf });
    await expect(downloadFinalReport({ pgId: PG_ID })).resolves.toBe(pdf);
    expect(fetchMock).toHaveBeenCalledWith(`/api/user/report/${PG_ID}`, { headers: { accept: 'application/pdf' }, cache: 'no-store' });
  });

  it("turns an error body into an ApiError with the server's message", async () => {
    const body = JSON.stringify({ error: 'No participant with this study ID.', code: 'PARTICIPANT_NOT_FOUND', requestId: 'r-123456789' });
    answering({ ok: false, status: 404, statusText: 'Not Found', text: async () => body });
    await expect(downloadFinalReport({ pgId: PG_ID })).rejects.toEqual(new ApiError('No participant with this study ID.', 404, 'PARTICIPANT_NOT_FOUND'));
  });

  it('says what the server answered when the body is not an error body', async () => {
    answering({ ok: false, status: 502, statusText: 'Bad Gateway', text: async () => '<html>' });
    await expect(downloadFinalReport({ pgId: PG_ID })).rejects.toThrow('The report could not be downloaded: the study server answered 502 Bad Gateway');
  });
});

describe('saveFile', () => {
  it('hands the blob to the browser as a download with the given name', () => {
    jest.useFakeTimers();
    try {
      const urls = { create: jest.fn(() => 'blob:report'), revoke: jest.fn() };
      Object.assign(URL, { createObjectURL: urls.create, revokeObjectURL: urls.revoke });
      const clicked: HTMLAnchorElement[] = [];
      jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        clicked.push(this);
      });
      saveFile(new Blob(['x']), 'Final Report.pdf');
      expect(clicked.map((link) => [link.download, link.getAttribute('href')])).toEqual([['Final Report.pdf', 'blob:report']]);
      expect(document.querySelector('a[download]')).toBeNull();
      jest.runAllTimers();
      expect(urls.revoke).toHaveBeenCalledWith('blob:report');
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('/thank-you', () => {
  it("has the heading 'Thank You'", async () => {
    await renderScreen(store, '/thank-you', <ThankYouPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Thank You' })).toBeTruthy();
  });
});
