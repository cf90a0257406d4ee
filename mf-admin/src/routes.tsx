import { NotFound } from '@study/ui';
import { Route, Routes } from 'react-router-dom';
import { ReadyCsvPage } from './features/roster';

/**
 * Exposed as './routes'. The shell mounts it where its matched base is "/", so these paths are the
 * full addresses. /mbti-load arrives with its own feature.
 */
export default function AdminRoutes() {
  return (
    <Routes>
      <Route path="/ready-csv" element={<ReadyCsvPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
