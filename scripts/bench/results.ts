// What one bench run measured: printed as it goes, summed up against the targets (summary.ts) and
// written to the run's results.json. A figure is absent when it was not asked for or failed.
import type { AdminResult } from './admin';
import type { IdleFigure } from './idle';
import type { measurePages } from './pages';
import type { PdfReadFigure, PipelineRun } from './pipeline';
import type { ProxyFigure, ProxyTarget } from './proxy';
import type { RenderFigure } from './render';
import type { StaticFigures } from './static';

/** One page in Chromium at one CPU slowdown: pages.ts's figures, its count of JavaScript files as `scripts`. */
export type PageFigure = Awaited<ReturnType<typeof measurePages>>[number] & { scripts: number };

export interface BenchResults {
  /** Participants stored for the figures that read them. */
  storedCount: number;
  /** Short durations: not the real figures. */
  quick: boolean;
  /** Figures that failed, with the first line of why. */
  failed?: Record<string, string>;
  render?: RenderFigure;
  /** Idle CPU with no participants and with storedCount of them. */
  idle?: { none?: IdleFigure; stored?: IdleFigure };
  /** The stack's CPU per participant made through the API up to the last save (ms). */
  journeyCpuMs?: number;
  admin?: AdminResult[];
  /** By the way in: gateway, direct, nginx (when it ran). */
  proxy?: Partial<Record<ProxyTarget['name'], ProxyFigure>>;
  static?: StaticFigures;
  pipeline?: PipelineRun[];
  pdfRead?: PdfReadFigure;
  /** By CPU slowdown (1, 4), then by page path. */
  pages?: Record<number, Record<string, PageFigure>>;
}
