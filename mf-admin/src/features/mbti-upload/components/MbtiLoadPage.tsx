import '../../../components/admin.css';
import { Notice, Page, Spinner } from '@study/ui';
import { startDownload } from '../../../api/admin-api';
import { AdminNav } from '../../../components/AdminNav';
import { Capabilities, TOOL_PAGES } from '../../../session/capabilities';
import { IfAllowed, StaffGate } from '../../../session/StaffGate';
import { useStaffSession } from '../../../session/staff-session';
import { useMbtiLoad } from '../use-mbti-load';
import { MbtiUploadForm } from './MbtiUploadForm';
import { RejectedRows } from './RejectedRows';
import { StatisticsSection } from './StatisticsSection';
import { UploadResult } from './UploadResult';

export interface MbtiLoadPageProps {
  /** Starts the browser download of a same-origin address (replaced in tests). */
  download?: (url: string) => void;
}

function MbtiLoadTools({ download }: { download: (url: string) => void }) {
  const state = useMbtiLoad(download);
  const { can } = useStaffSession();
  const { upload } = state;
  return (
    <>
      <IfAllowed allowed={can(Capabilities.mbtiUpload)} what="uploading MBTI scores">
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
      </IfAllowed>

      <IfAllowed allowed={can(Capabilities.statisticsDownload)} what="downloading the statistics">
        <StatisticsSection state={state} />
      </IfAllowed>
    </>
  );
}

/** /mbti-load: upload the MBTI provider's score export, and download the statistics. */
export function MbtiLoadPage({ download = startDownload }: MbtiLoadPageProps) {
  return (
    <Page title="MBTI Scores" lead="Upload the MBTI provider's score export, and download the study statistics.">
      <AdminNav />
      <StaffGate access={TOOL_PAGES.mbtiLoad}>
        <MbtiLoadTools download={download} />
      </StaffGate>
    </Page>
  );
}
