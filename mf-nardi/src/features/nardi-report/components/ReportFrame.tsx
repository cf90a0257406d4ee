import { ButtonLink } from '@study/ui';
import type { ReactNode } from 'react';
import { DASHBOARD_PATH } from '../../../lib/steps';

export const REPORT_TITLE = 'Your Nardi report';

export function Frame({ lead, children }: { lead?: ReactNode; children?: ReactNode }) {
  return (
    <div className="page page--narrow nardi-report">
      <h1 className="page__title">{REPORT_TITLE}</h1>
      {lead && <p className="page__lead">{lead}</p>}
      {children}
    </div>
  );
}

export function DashboardLink({ label = 'Back to the dashboard' }: { label?: string }) {
  return (
    <ButtonLink to={DASHBOARD_PATH} variant="ghost">
      {label}
    </ButtonLink>
  );
}
