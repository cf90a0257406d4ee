import type { EventHandlers } from '@study/service-kit';
import { bindingFor } from '@study/contracts';

/** What this service listens to: scores and reports, which the dashboard shows. */
export const PARTICIPANTS_BINDINGS = [bindingFor('scoring'), bindingFor('reports')];

/**
 * Handlers by event type. None yet: the flows that react to scoring and report events are
 * added with their features; until then every event is acknowledged and logged at debug.
 */
export function participantsEventHandlers(): EventHandlers {
  return {};
}
