import { useClientState } from '@study/client-state';
import { Button, ButtonLink, Notice, Page, Spinner } from '@study/ui';
import { useState } from 'react';
import { errorMessage } from '../../../lib/error-message';
import { saveFile } from '../../../lib/save-file';
import { httpReportApi, REPORT_FILE_NAME, type ReportApi } from '../api/report-api';

export interface FinalReportPageProps {
  api?: ReportApi;
  /** Where the downloaded file goes; the browser's download by default. */
  save?: (blob: Blob, fileName: string) => void;
}

/** The final report page (/test): download the final report, or go back to the dashboard. */
export function FinalReportPage({ api = httpReportApi, save = saveFile }: FinalReportPageProps) {
  const pgId = useClientState((state) => state.pgId);
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const download = async () => {
    if (pgId === null) return;
    setDownloading(true);
    setError(null);
    setSaved(false);
    try {
      save(await api.downloadReport(pgId), REPORT_FILE_NAME);
      setSaved(true);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Page title="Your Final Report" lead="Your results from all the assessments in one PDF document.">
      {pgId === null && (
        <Notice style="info" title="We do not know your study ID yet.">
          <p>Open your dashboard with your study ID first; the report is made for that study ID.</p>
        </Notice>
      )}
      {error !== null && (
        <Notice style="danger" title="The report could not be downloaded.">
          <p>{error}</p>
        </Notice>
      )}
      {saved && <Notice style="success" title={`Your report was saved as '${REPORT_FILE_NAME}'.`} />}
      {downloading && <Spinner label="Preparing your report..." />}
      <div className="btn-row">
        <Button onClick={() => void download()} disabled={pgId === null || downloading} aria-busy={downloading}>
          Download Final Report
        </Button>
        <ButtonLink to="/survey" variant="secondary">
          Go to the Dashboard
        </ButtonLink>
      </div>
    </Page>
  );
}
