import '../../../components/admin.css';
import './enrollment.css';
import { Button, Notice, Page, Spinner } from '@study/ui';
import { AdminNav } from '../../../components/AdminNav';
import { TOOL_PAGES } from '../../../session/capabilities';
import { StaffGate } from '../../../session/StaffGate';
import { useEnrollment } from '../use-enrollment';
import { EnrollmentFigures } from './EnrollmentFigures';

export { STEP_LABELS } from '../enrollment-texts';

function EnrollmentTools() {
  const { figures, submit } = useEnrollment();
  return (
    <>
      <form className="card" onSubmit={submit} aria-label="Show the enrollment figures">
        <Button type="submit" disabled={figures.state === 'loading'}>
          {figures.state === 'loaded' ? 'Refresh' : 'Show figures'}
        </Button>
      </form>
      {figures.state === 'loading' && <Spinner label="Counting participants..." />}
      {figures.state === 'failed' && (
        <Notice style="danger" title="The figures could not be loaded.">
          <p>{figures.message}</p>
        </Notice>
      )}
      {figures.state === 'loaded' && <EnrollmentFigures enrollment={figures.data} />}
    </>
  );
}

/** The study's enrollment at a glance: final types against the targets, and how far participants have got. */
export function EnrollmentPage() {
  return (
    <Page title="Enrollment" lead="Participants by final type against the targets, how many are at each step, and how the instruments agree." width="wide">
      <AdminNav />
      <StaffGate access={TOOL_PAGES.enrollment}>
        <EnrollmentTools />
      </StaffGate>
    </Page>
  );
}
