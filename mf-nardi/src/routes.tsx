import { NotFound } from '@study/ui';
import { Route, Routes } from 'react-router-dom';
import { NardiIntroPage } from './features/intro';

/**
 * Exposed as './routes'. The shell mounts it where its matched base is "/", so these paths are the
 * full addresses. The survey parts (/nardi/part-one ...) and /nardi-report arrive with their features.
 */
export default function NardiRoutes() {
  return (
    <Routes>
      <Route path="/nardi" element={<NardiIntroPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
