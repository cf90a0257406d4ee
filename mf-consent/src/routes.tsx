import { NotFound } from '@study/ui';
import { Route, Routes } from 'react-router-dom';
import { ConsentPage } from './features/consent';
import { HowItWorksPage } from './features/how-it-works';
import { ReturnPage } from './features/return';

/**
 * Exposed as './routes'. The shell mounts it where its matched base is "/", so these paths are the
 * full addresses.
 */
export default function ConsentRoutes() {
  return (
    <Routes>
      <Route path="/consent" element={<ConsentPage />} />
      <Route path="/return" element={<ReturnPage />} />
      <Route path="/how-it-works" element={<HowItWorksPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
