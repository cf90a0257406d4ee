import '../../../components/admin.css';
import './enrollment.css';
import type { Enrollment, EnrollmentStep } from '@study/contracts';
import { Button, Notice, Page, Spinner } from '@study/ui';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { httpAdminApi, type AdminApi } from '../../../api/admin-api';
import { AdminNav } from '../../../components/AdminNav';
import { MasterKeyField } from '../../../components/MasterKeyField';
import { useMasterKey } from '../../../lib/master-key';
import { utcDateTime } from '../../../lib/utc-time';
import { Agreement } from './Agreement';
import { BarChart } from './BarChart';

export interface EnrollmentPageProps {
  api?: AdminApi;
}

type Figures = { state: 'idle' } | { state: 'loading' } | { state: 'loaded'; enrollment: Enrollment } | { state: 'failed'; message: string };

export const STEP_LABELS: Record<EnrollmentStep, string> = {
  enrolled: 'Enrolled',
  consented: 'Consented',
  typeFinder: 'TypeFinder done',
  nardi: 'Nardi done',
  selfAssessment: 'Self-assessment done',
  mbti: 'MBTI result in',
  finalType: 'Final type',
  report: 'Final report',
};

const number = new Intl.NumberFormat('en-US');
function percent(part: number, whole: number): string {
  if (whole <= 0) return '–';
  const value = Math.round((part / whole) * 100);
  return value === 0 && part > 0 ? '<1%' : `${value}%`;
}

function ByType({ enrollment }: { enrollment: Enrollment }) {
  const { perType } = enrollment.targets;
  // Room beyond the target, so its line sits inside the bars rather than on their end.
  const max = Math.max(perType * 1.25, ...enrollment.byType.map((entry) => entry.count));
  return (
    <section className="card" aria-labelledby="by-type-title">
      <h2 id="by-type-title">By final type</h2>
      <figure className="enrollment-figure">
        <figcaption>Participants with each final type against the target of {perType} per type. The table below holds the same figures.</figcaption>
        <BarChart
          bars={enrollment.byType.map(({ typeCode, count }) => ({ label: typeCode, value: count, valueText: `${number.format(count)} / ${perType}` }))}
          max={max}
          target={perType}
          targetLabel={`Target: ${perType} per type`}
        />
      </figure>
      <div className="admin-table-wrap admin-table-wrap--full">
        <table className="admin-table">
          <caption>
            Participants by final type <span className="admin-table__note">(target {perType} each)</span>
          </caption>
          <thead>
            <tr>
              <th scope="col">Type</th>
              <th scope="col" className="admin-table__num">
                Count
              </th>
              <th scope="col" className="admin-table__num">
                Of target
              </th>
            </tr>
          </thead>
          <tbody>
            {enrollment.byType.map(({ typeCode, count }) => (
              <tr key={typeCode}>
                <th scope="row">{typeCode}</th>
                <td className="admin-table__num">{number.format(count)}</td>
                <td className="admin-table__num">{percent(count, perType)}</td>
              </tr>
            ))}
            <tr>
              <th scope="row">Inconclusive</th>
              <td className="admin-table__num">{number.format(enrollment.inconclusive)}</td>
              <td className="admin-table__num">–</td>
            </tr>
          </tbody>
        </table>
      </div>
    </section>
  );
}

function BySteps({ enrollment }: { enrollment: Enrollment }) {
  const enrolled = enrollment.participants;
  return (
    <section className="card" aria-labelledby="by-step-title">
      <h2 id="by-step-title">By step</h2>
      <figure className="enrollment-figure">
        <figcaption>How many enrolled participants have reached each step. The table below holds the same figures.</figcaption>
        <BarChart bars={enrollment.steps.map(({ step, count }) => ({ label: STEP_LABELS[step], value: count, valueText: number.format(count) }))} max={enrolled} />
      </figure>
      <div className="admin-table-wrap admin-table-wrap--full">
        <table className="admin-table">
          <caption>Participants at each step</caption>
          <thead>
            <tr>
              <th scope="col">Step</th>
              <th scope="col" className="admin-table__num">
                Count
              </th>
              <th scope="col" className="admin-table__num">
                Of enrolled
              </th>
            </tr>
          </thead>
          <tbody>
            {enrollment.steps.map(({ step, count }) => (
              <tr key={step}>
                <th scope="row">{STEP_LABELS[step]}</th>
                <td className="admin-table__num">{number.format(count)}</td>
                <td className="admin-table__num">{percent(count, enrolled)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

const defaultApi = httpAdminApi();

/** The study's enrollment at a glance: final types against the targets, and how far participants have got. */
export function EnrollmentPage({ api = defaultApi }: EnrollmentPageProps) {
  const [masterKey, setMasterKey] = useMasterKey();
  const [figures, setFigures] = useState<Figures>({ state: 'idle' });
  const hasKey = masterKey.trim() !== '';

  const load = useCallback(
    async (key: string) => {
      setFigures({ state: 'loading' });
      try {
        setFigures({ state: 'loaded', enrollment: await api.enrollment(key) });
      } catch (error) {
        setFigures({ state: 'failed', message: error instanceof Error ? error.message : String(error) });
      }
    },
    [api],
  );

  // A key kept from another admin page of this tab shows the figures at once (once, on arrival).
  const initialKey = useRef<string | null>(masterKey);
  useEffect(() => {
    const key = initialKey.current;
    initialKey.current = null;
    if (key && key.trim() !== '') void load(key);
  }, [load]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (hasKey && figures.state !== 'loading') void load(masterKey);
  };

  return (
    <Page title="Enrollment" lead="Participants by final type against the targets, how many are at each step, and how the instruments agree." width="wide">
      <AdminNav />
      <form className="card" onSubmit={submit} aria-label="Show the enrollment figures">
        <MasterKeyField value={masterKey} onChange={setMasterKey} />
        <Button type="submit" disabled={!hasKey || figures.state === 'loading'}>
          {figures.state === 'loaded' ? 'Refresh' : 'Show figures'}
        </Button>
      </form>
      {figures.state === 'loading' && <Spinner label="Counting participants..." />}
      {figures.state === 'failed' && (
        <Notice style="danger" title="The figures could not be loaded.">
          <p>{figures.message}</p>
        </Notice>
      )}
      {figures.state === 'loaded' && (
        <section className="admin-section" aria-label="Enrollment figures">
          <div className="enrollment-summary">
            <p className="enrollment-summary__total">
              {number.format(figures.enrollment.participants)} of {number.format(figures.enrollment.targets.total)} participants enrolled ({percent(figures.enrollment.participants, figures.enrollment.targets.total)})
            </p>
            <p className="enrollment-summary__time">As of {utcDateTime(figures.enrollment.generatedAt)} UTC</p>
          </div>
          <div className="enrollment-grid">
            <ByType enrollment={figures.enrollment} />
            <BySteps enrollment={figures.enrollment} />
          </div>
          {figures.enrollment.agreement && <Agreement pairs={figures.enrollment.agreement} />}
        </section>
      )}
    </Page>
  );
}
