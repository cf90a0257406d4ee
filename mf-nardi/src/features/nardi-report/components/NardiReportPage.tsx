import './nardi-report.css';
import { useClientState } from '@study/client-state';
import type { NardiReportView } from '@study/contracts';
import { Button, ButtonLink, Notice, Spinner } from '@study/ui';
import { useEffect, useState, type ReactNode } from 'react';
import { FailureNotice } from '../../../components/FailureNotice';
import { DASHBOARD_PATH } from '../../../lib/steps';
import { useNardiReportApi } from '../api/report-api-context';
import { reportProblem, type ReportProblem } from '../api/report-problem';
import { SECTION_TEXT } from '../report-texts';
import { NardiReport } from './NardiReport';

export const REPORT_TITLE = 'Your Nardi report';

type ReportState = { status: 'loading' } | { status: 'ready'; report: NardiReportView } | { status: 'problem'; problem: ReportProblem };

function Frame({ lead, children }: { lead?: ReactNode; children?: ReactNode }) {
  return (
    <div className="page page--narrow nardi-report">
      <h1 className="page__title">{REPORT_TITLE}</h1>
      {lead && <p className="page__lead">{lead}</p>}
      {children}
    </div>
  );
}

function DashboardLink({ label = 'Back to the dashboard' }: { label?: string }) {
  return (
    <ButtonLink to={DASHBOARD_PATH} variant="ghost">
      {label}
    </ButtonLink>
  );
}

function ProblemNotice({ problem, onRetry }: { problem: ReportProblem; onRetry: () => void }) {
  switch (problem.kind) {
    case 'not-ready':
      return (
        <>
          <Notice style="warning" title="Your report is not ready yet.">
            <p>{problem.message}</p>
          </Notice>
          <div className="btn-row">
            <DashboardLink />
            <Button variant="secondary" onClick={onRetry}>
              Check again
            </Button>
          </div>
        </>
      );
    case 'cannot-build':
      return (
        <>
          <Notice style="danger" title="Your Nardi report cannot be shown.">
            <p>{problem.message}</p>
            {problem.code && <p className="nardi-report__code">Error code: {problem.code}</p>}
          </Notice>
          <div className="btn-row">
            <DashboardLink />
          </div>
        </>
      );
    case 'not-found':
      return (
        <>
          <Notice style="danger" title="We could not find your study ID.">
            <p>{problem.message}</p>
            <p>Check the study ID on your dashboard and open the report from there.</p>
          </Notice>
          <div className="btn-row">
            <DashboardLink label="Go to the dashboard" />
          </div>
        </>
      );
    case 'failed':
      return (
        <>
          <FailureNotice title="Your Nardi report could not be loaded." message={problem.message} onRetry={onRetry} />
          <div className="btn-row">
            <DashboardLink />
          </div>
        </>
      );
  }
}

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
  const api = useNardiReportApi();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<ReportState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    api.fetchReport(pgId, controller.signal).then(
      (report) => {
        if (!controller.signal.aborted) setState({ status: 'ready', report });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'problem', problem: reportProblem(error) });
      },
    );
    return () => controller.abort();
  }, [api, pgId, attempt]);

  const retry = () => setAttempt((count) => count + 1);

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
