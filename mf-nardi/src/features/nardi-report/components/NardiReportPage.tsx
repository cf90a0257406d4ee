import './nardi-report.css';
import { useClientState } from '@study/client-state';
import type { NardiReportView } from '@study/contracts';
import { Button, ButtonLink, Notice, Spinner } from '@study/ui';
import { DASHBOARD_PATH } from '../../../lib/steps';
import { useNardiReport } from '../api/get-nardi-report';
import { reportProblem, type ReportProblem } from '../api/report-problem';
import { SECTION_TEXT } from '../report-texts';
import { NardiReport } from './NardiReport';
import { DashboardLink, Frame } from './ReportFrame';
import { ProblemNotice } from './ReportProblemNotice';

export { REPORT_TITLE } from './ReportFrame';

type ReportState = { status: 'loading' } | { status: 'ready'; report: NardiReportView } | { status: 'problem'; problem: ReportProblem };

const madeOn = (iso: string) => new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

function LoadedReport({ report }: { report: NardiReportView }) {
  return (
    <Frame lead={SECTION_TEXT.intro}>
      <p className="nardi-report__meta">
        Study ID <span className="nardi-report__id">{report.pgId}</span>
        <span aria-hidden="true"> · </span>
        <span className="nardi-report__date">
          made on <time dateTime={report.generatedAt}>{madeOn(report.generatedAt)}</time>
        </span>
      </p>
      <div className="btn-row nardi-report__actions">
        <Button variant="secondary" onClick={() => window.print()}>
          Print
        </Button>
        <DashboardLink />
      </div>
      <NardiReport report={report} />
      <div className="btn-row nardi-report__actions">
        <DashboardLink />
      </div>
    </Frame>
  );
}

/** Asks for the report of this study ID when shown, and again on a retry. */
function ReportLoader({ pgId }: { pgId: string }) {
  const query = useNardiReport(pgId);
  const state: ReportState = query.isFetching || query.isPending ? { status: 'loading' } : query.isError ? { status: 'problem', problem: reportProblem(query.error) } : { status: 'ready', report: query.data };
  const retry = () => void query.refetch();

  if (state.status === 'ready') return <LoadedReport report={state.report} />;
  return (
    <Frame>
      {state.status === 'loading' ? <Spinner label="Loading your Nardi report..." /> : <ProblemNotice problem={state.problem} onRetry={retry} />}
    </Frame>
  );
}

/**
 * /nardi-report: the participant's Nardi report, asked for with the study ID this device
 * knows (POST /api/user/nardi/report), with the server's answer shown as it is when there is
 * no report to show.
 */
export function NardiReportPage() {
  const pgId = useClientState((state) => state.pgId);
  if (pgId === null) {
    return (
      <Frame>
        <Notice style="warning" title="We do not know your study ID on this device yet.">
          <p>Open your dashboard with your study ID, then open your Nardi report from there.</p>
        </Notice>
        <div className="btn-row">
          <ButtonLink to={DASHBOARD_PATH}>Go to the dashboard</ButtonLink>
        </div>
      </Frame>
    );
  }
  return <ReportLoader key={pgId} pgId={pgId} />;
}
