import { NotFound } from '@study/ui';
import { Route, Routes } from 'react-router-dom';
import { NardiIntroPage } from './features/intro';
import { NardiReportPage } from './features/nardi-report';
import { PartOnePage } from './features/part-one';
import { PartFourPage, PartThreePage, PartTwoPage } from './features/snapshots';

/**
 * Exposed as './routes'. The shell mounts it where its matched base is "/", so these paths are the
 * full addresses.
 */
export default function NardiRoutes() {
  return (
    <Routes>
      <Route path="/nardi" element={<NardiIntroPage />} />
      <Route path="/nardi/part-one" element={<PartOnePage />} />
      <Route path="/nardi/part-two" element={<PartTwoPage />} />
      <Route path="/nardi/part-three" element={<PartThreePage />} />
      <Route path="/nardi/part-four" element={<PartFourPage />} />
      <Route path="/nardi-report" element={<NardiReportPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
