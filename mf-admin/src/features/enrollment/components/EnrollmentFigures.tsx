import type { Enrollment } from '@study/contracts';
import { utcDateTime } from '../../../lib/utc-time';
import { number, percent } from '../enrollment-texts';
import { Agreement } from './Agreement';
import { ByType } from './ByType';
import { BySteps } from './BySteps';

/** The figures read: the total against the target, by final type, by step, and the agreement between instruments when there is one. */
export function EnrollmentFigures({ enrollment }: { enrollment: Enrollment }) {
  return (
    <section className="admin-section" aria-label="Enrollment figures">
      <div className="enrollment-summary">
        <p className="enrollment-summary__total">
          {number.format(enrollment.participants)} of {number.format(enrollment.targets.total)} participants enrolled ({percent(enrollment.participants, enrollment.targets.total)})
        </p>
        <p className="enrollment-summary__time">As of {utcDateTime(enrollment.generatedAt)} UTC</p>
      </div>
      <div className="enrollment-grid">
        <ByType enrollment={enrollment} />
        <BySteps enrollment={enrollment} />
      </div>
      {enrollment.agreement && <Agreement pairs={enrollment.agreement} />}
    </section>
  );
}
