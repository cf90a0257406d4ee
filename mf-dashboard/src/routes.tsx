import { NotFound } from '@study/ui';
import { Route, Routes } from 'react-router-dom';
import { DashboardPage, type StudyIdFormSlotProps } from './features/dashboard';
import { StudyIdPage } from './features/study-id';

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
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
