import { useClientState } from '@study/client-state';
import { FINAL_REPORT_FILENAME } from '@study/contracts';
import { Button, ButtonLink, Notice, Page, Spinner } from '@study/ui';
import { useState } from 'react';
import { useDownloadFinalReport } from '../../../api/download-final-report';
import { errorMessage } from '../../../lib/error-message';
import { saveFile } from '../../../lib/save-file';

export interface FinalReportPageProps {
  /** Where the downloaded file goes; the browser's download by default. */
  save?: (blob: Blob, fileName: string) => void;
}

/** The final report page (/test): download the final report (saved as FINAL_REPORT_FILENAME, product.md section 7), or go back to the dashboard. */
export function FinalReportPage({ save = saveFile }: FinalReportPageProps) {
  const pgId = useClientState((state) => state.pgId);
  const { mutateAsync: downloadFinalReport } = useDownloadFinalReport();
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const download = async () => {
    if (pgId === null) return;
    setDownloading(true);
    setError(null);
    setSaved(false);
    try {
      save(await downloadFinalReport({ pgId }), FINAL_REPORT_FILENAME);
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
      {saved && <Notice style="success" title={`Your report was saved as '${FINAL_REPORT_FILENAME}'.`} />}
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
