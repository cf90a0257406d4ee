import type { ScoringDeps } from '../deps';

/** What the Nardi use cases work with (the scoring dependencies). */
export type NardiDeps = ScoringDeps;
