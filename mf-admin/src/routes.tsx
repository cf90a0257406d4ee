import { ADMIN_REMOTE } from '@study/navigation';
import { NotFound } from '@study/ui';
import { Route, Routes } from 'react-router-dom';
import { QueryProvider } from '@study/query-provider';
import { ConsentVersionsPage } from './features/consent-versions';
import { AuditTrailPage } from './features/audit-trail';
import { AnalysisExportPage } from './features/analysis-export';
import { EnrollmentPage } from './features/enrollment';
import { MbtiLoadPage } from './features/mbti-upload';
import { RemindersPage } from './features/reminders';
import { ReadyCsvPage } from './features/roster';
import { StaffPage, StaffSetupPage, StaffSignInPage } from './features/staff';
import { StaffSessionProvider } from './session/staff-session';

const { pages } = ADMIN_REMOTE;

/**
 * Exposed as './routes'. The shell mounts it where its matched base is "/", so these paths are the
 * full addresses (@study/navigation's table, which the gateway and the shell route by). One staff
 * session for all the pages: read once as they open, kept in memory while they are used.
 */
export default function AdminRoutes() {
  return (
    <QueryProvider>
      <StaffSessionProvider>
        <Routes>
          <Route path={pages.mbtiLoad} element={<MbtiLoadPage />} />
          <Route path={pages.enrollment} element={<EnrollmentPage />} />
          <Route path={pages.readyCsv} element={<ReadyCsvPage />} />
          <Route path={pages.consentVersions} element={<ConsentVersionsPage />} />
          <Route path={pages.auditTrail} element={<AuditTrailPage />} />
          <Route path={pages.reminders} element={<RemindersPage />} />
          <Route path={pages.analysisExport} element={<AnalysisExportPage />} />
          <Route path={pages.staff} element={<StaffPage />} />
          <Route path={pages.staffSignIn} element={<StaffSignInPage />} />
          <Route path={pages.staffSetup} element={<StaffSetupPage />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </StaffSessionProvider>
    </QueryProvider>
  );
}
