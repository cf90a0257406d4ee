import { DASHBOARD_REMOTE } from '@study/navigation';
import { NotFound } from '@study/ui';
import { Route, Routes } from 'react-router-dom';
import { QueryProvider } from '@study/query-provider';
import { ConsentRenewalPage } from './features/consent-renewal';
import { DashboardPage, type ConsentRenewalSlotProps, type StudyIdFormSlotProps, type WithdrawSlotProps } from './features/dashboard';
import { FinalReportPage, ThankYouPage } from './features/final-report';
import { MbtiPage } from './features/mbti';
import { SelfAssessmentIntro, SelfAssessmentSurvey } from './features/self-assessment';
import { StudyIdPage } from './features/study-id';
import { TypeFinderPage } from './features/typefinder';
import { WithdrawnPage, WithdrawPanel } from './features/withdraw';

function renderStudyIdForm(props: StudyIdFormSlotProps) {
  return <StudyIdPage {...props} />;
}

function renderConsentRenewal(props: ConsentRenewalSlotProps) {
  return <ConsentRenewalPage {...props} />;
}

function renderWithdraw({ pgId, withdrawn }: WithdrawSlotProps) {
  return <WithdrawPanel pgId={pgId} withdrawn={withdrawn} />;
}

const { pages } = DASHBOARD_REMOTE;

/**
 * Exposed as './routes'. The shell mounts it where its matched base is "/", so these paths are the
 * full addresses (@study/navigation's table, which the gateway and the shell route by).
 */
export default function DashboardRoutes() {
  return (
    <QueryProvider>
      <Routes>
        <Route path={pages.survey} element={<DashboardPage renderStudyIdForm={renderStudyIdForm} renderConsentRenewal={renderConsentRenewal} renderWithdraw={renderWithdraw} />} />
        <Route path={pages.surveyForStudyId} element={<DashboardPage renderStudyIdForm={renderStudyIdForm} renderConsentRenewal={renderConsentRenewal} renderWithdraw={renderWithdraw} />} />
        <Route path={pages.withdrawn} element={<WithdrawnPage />} />
        <Route path={pages.selfAssessment} element={<SelfAssessmentIntro />} />
        <Route path={pages.selfAssessmentSurvey} element={<SelfAssessmentSurvey />} />
        <Route path={pages.typeFinder} element={<TypeFinderPage />} />
        <Route path={pages.mbti} element={<MbtiPage />} />
        <Route path={pages.test} element={<FinalReportPage />} />
        <Route path={pages.thankYou} element={<ThankYouPage />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </QueryProvider>
  );
}
