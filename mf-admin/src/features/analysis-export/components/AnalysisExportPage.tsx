import '../../../components/admin.css';
import { ANALYSIS_DICTIONARY_FILE_NAME, ANALYSIS_EXPORT_FILE_NAME } from '@study/contracts';
import { Button, Notice, Page, Spinner } from '@study/ui';
import { useState } from 'react';
import { AdminNav } from '../../../components/AdminNav';
import { Capabilities, TOOL_PAGES, type Capability } from '../../../session/capabilities';
import { RoleRefusal, StaffGate } from '../../../session/StaffGate';
import { useStaffSession } from '../../../session/staff-session';
import type { AnalysisResource } from '../api/create-analysis-link';
import { formatBytes, useDownloadFile } from '../api/download-file';
import { messageOf } from '../../../lib/message-of';

type Status = { state: 'idle' } | { state: 'generating'; bytes: number } | { state: 'done'; bytes: number } | { state: 'failed'; message: string };

const FILES = [
  {
    resource: 'export',
    capability: Capabilities.analysisExportDownload,
    fileName: ANALYSIS_EXPORT_FILE_NAME,
    title: 'Analysis export',
    what: 'the analysis export',
    description:
      "One row per participant, pseudonymous (study ID and Open Humans member id only): every instrument's result (TypeFinder, Nardi with its 16 type scores and the dichotomy, temperament, pair and style scores, the self-assessment answers, the official MBTI scores), the final type and how it was decided, the genotype sources and the timestamps.",
    button: `Download ${ANALYSIS_EXPORT_FILE_NAME}`,
  },
  {
    resource: 'dictionary',
    capability: Capabilities.analysisDictionary,
    fileName: ANALYSIS_DICTIONARY_FILE_NAME,
    title: 'Data dictionary',
    what: 'the data dictionary',
    description: 'Every column of the export with its type, its allowed values and its meaning, and how the file is written (JSON).',
    button: 'Download the data dictionary',
  },
] as const satisfies readonly { resource: AnalysisResource; capability: Capability; fileName: string; title: string; what: string; description: string; button: string }[];

function AnalysisExportTools() {
  const { can } = useStaffSession();
  const [statuses, setStatuses] = useState<Record<AnalysisResource, Status>>({ export: { state: 'idle' }, dictionary: { state: 'idle' } });
  const { mutateAsync: downloadFile } = useDownloadFile();
  const setStatus = (resource: AnalysisResource, status: Status) => setStatuses((current) => ({ ...current, [resource]: status }));

  const start = async (file: (typeof FILES)[number]) => {
    if (statuses[file.resource].state === 'generating') return;
    setStatus(file.resource, { state: 'generating', bytes: 0 });
    try {
      const onProgress = (received: number) => setStatus(file.resource, { state: 'generating', bytes: received });
      const { bytes } = await downloadFile({ resource: file.resource, fileName: file.fileName, onProgress });
      setStatus(file.resource, { state: 'done', bytes });
    } catch (error) {
      setStatus(file.resource, { state: 'failed', message: messageOf(error) });
    }
  };

  return (
    <>
      {FILES.map((file) => {
        const status = statuses[file.resource];
        const headingId = `analysis-export-${file.resource}`;
        return (
          <section key={file.resource} className="card admin-section" aria-labelledby={headingId}>
            <h2 id={headingId}>{file.title}</h2>
            <p className="admin-help">{file.description}</p>
            {!can(file.capability) && <RoleRefusal what={`downloading ${file.what}`} />}
            {can(file.capability) && (
              <Button onClick={() => void start(file)} disabled={status.state === 'generating'}>
                {file.button}
              </Button>
            )}
            {status.state === 'generating' && <Spinner label={status.bytes > 0 ? `Generating... ${formatBytes(status.bytes)} received` : 'Generating...'} />}
            {status.state === 'done' && <Notice style="success" title={`${file.fileName} has been downloaded (${formatBytes(status.bytes)}).`} />}
            {status.state === 'failed' && (
              <Notice style="danger" title={`${capitalized(file.what)} could not be downloaded.`}>
                <p>{status.message}</p>
              </Notice>
            )}
          </section>
        );
      })}
    </>
  );
}

/** /analysis-export: download the analysis export and its data dictionary. */
export function AnalysisExportPage() {
  return (
    <Page title="Analysis export" lead="Download the study's data ready for analysis, and the data dictionary that names every column.">
      <AdminNav />
      <StaffGate access={TOOL_PAGES.analysisExport}>
        <AnalysisExportTools />
      </StaffGate>
    </Page>
  );
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
