import { NotFound } from '@study/ui';
import { Route, Routes } from 'react-router-dom';
import { StudyIdPage } from './features/study-id';

/**
 * Exposed as './routes'. The shell mounts it where its matched base is "/", so these paths are the
 * full addresses.
 */
export default function DashboardRoutes() {
  return (
    <Routes>
      <Route path="/survey" element={<StudyIdPage />} />
      <Route path="/survey/:pgId" element={<StudyIdPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
