import { NotFound } from '@study/ui';
import { Route, Routes } from 'react-router-dom';
import { EnrollmentPage } from './features/enrollment';
import { MbtiLoadPage } from './features/mbti-upload';
import { ReadyCsvPage } from './features/roster';

/**
 * Exposed as './routes'. The shell mounts it where its matched base is "/", so these paths are the
 * full addresses.
 */
export default function AdminRoutes() {
  return (
    <Routes>
      <Route path="/mbti-load" element={<MbtiLoadPage />} />
      <Route path="/enrollment" element={<EnrollmentPage />} />
      <Route path="/ready-csv" element={<ReadyCsvPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
