import type { EventHandlers } from '@study/service-kit';
import { bindingFor } from '@study/contracts';

/** What this service listens to: participant events (surveys completed, resets, uploads). */
export const SCORING_BINDINGS = [bindingFor('participants')];

/**
 * Handlers by event type. None yet: the scoring flows add theirs; until then every event is
 * acknowledged and logged at debug.
 */
export function scoringEventHandlers(): EventHandlers {
  return {};
}
