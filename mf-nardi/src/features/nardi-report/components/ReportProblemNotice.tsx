import { Button, Notice } from '@study/ui';
import { FailureNotice } from '../../../components/FailureNotice';
import type { ReportProblem } from '../api/report-problem';
import { DashboardLink } from './ReportFrame';

/** Why there is no report to show, as the server said, with what the participant can do next. */
export function ProblemNotice({ problem, onRetry }: { problem: ReportProblem; onRetry: () => void }) {
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
