import { NotFound } from '@study/ui';
import { Route, Routes } from 'react-router-dom';
import { DashboardPage, type StudyIdFormSlotProps } from './features/dashboard';
import { TestPage, ThankYouPage } from './features/final-report';
import { MbtiPage } from './features/mbti';
import { SelfAssessmentIntro, SelfAssessmentSurvey } from './features/self-assessment';
import { StudyIdPage } from './features/study-id';
import { TypeFinderPage } from './features/typefinder';

function renderStudyIdForm(props: StudyIdFormSlotProps) {
  return <StudyIdPage {...props} />;
}

/**
 * Exposed as './routes'. The shell mounts it where its matched base is "/", so these paths are the
 * full addresses.
 */
export default function DashboardRoutes() {
  return (
    <Routes>
      <Route path="/survey" element={<DashboardPage renderStudyIdForm={renderStudyIdForm} />} />
      <Route path="/survey/:pgId" element={<DashboardPage renderStudyIdForm={renderStudyIdForm} />} />
      <Route path="/self-assessment" element={<SelfAssessmentIntro />} />
      <Route path="/self-assessment/survey" element={<SelfAssessmentSurvey />} />
      <Route path="/typefinder" element={<TypeFinderPage />} />
      <Route path="/mbti" element={<MbtiPage />} />
      <Route path="/test" element={<TestPage />} />
      <Route path="/thank-you" element={<ThankYouPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
