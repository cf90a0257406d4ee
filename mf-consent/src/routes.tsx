import { NotFound } from '@study/ui';
import { Route, Routes } from 'react-router-dom';
import { ConsentPage } from './features/consent';

/**
 * Exposed as './routes'. The shell mounts it where its matched base is "/", so these paths are the
 * full addresses. /return and /how-it-works belong here too and arrive with their own features.
 */
export default function ConsentRoutes() {
  return (
    <Routes>
      <Route path="/consent" element={<ConsentPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
