import '../../../components/admin.css';
import { Notice, Page, Spinner } from '@study/ui';
import { startDownload } from '../../../api/admin-api';
import { AdminNav } from '../../../components/AdminNav';
import { useMbtiLoad } from '../use-mbti-load';
import { MbtiUploadForm } from './MbtiUploadForm';
import { RejectedRows } from './RejectedRows';
import { StatisticsSection } from './StatisticsSection';
import { UploadResult } from './UploadResult';

export interface MbtiLoadPageProps {
  /** Starts the browser download of a same-origin address (replaced in tests). */
  download?: (url: string) => void;
}

/** /mbti-load: upload the MBTI provider's score export, and download the statistics. */
export function MbtiLoadPage({ download = startDownload }: MbtiLoadPageProps) {
  const state = useMbtiLoad(download);
  const { upload } = state;
  return (
    <Page title="MBTI Scores" lead="Upload the MBTI provider's score export, and download the study statistics.">
      <AdminNav />
      <MbtiUploadForm state={state} />

      {upload.state === 'reading' && <Spinner label="Reading the file..." />}
      {upload.state === 'uploading' && <Spinner label={`Uploading ${upload.rowCount} rows...`} />}
      {upload.state === 'failed' && (
        <Notice style="danger" title="The scores were not uploaded.">
          <p>{upload.message}</p>
        </Notice>
      )}
      {upload.state === 'done' && <UploadResult upload={upload} />}
      {(upload.state === 'done' || upload.state === 'failed') && <RejectedRows rows={upload.rejected} />}

      <StatisticsSection state={state} />
    </Page>
  );
}
