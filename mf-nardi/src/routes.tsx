import { NotFound } from '@study/ui';
import { Route, Routes } from 'react-router-dom';
import { NardiIntroPage } from './features/intro';
import { PartOnePage } from './features/part-one';
import { PartFourPage, PartThreePage, PartTwoPage } from './features/snapshots';

/**
 * Exposed as './routes'. The shell mounts it where its matched base is "/", so these paths are the
 * full addresses. /nardi-report arrives with its feature.
 */
export default function NardiRoutes() {
  return (
    <Routes>
      <Route path="/nardi" element={<NardiIntroPage />} />
      <Route path="/nardi/part-one" element={<PartOnePage />} />
      <Route path="/nardi/part-two" element={<PartTwoPage />} />
      <Route path="/nardi/part-three" element={<PartThreePage />} />
      <Route path="/nardi/part-four" element={<PartFourPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
