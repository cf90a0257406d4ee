import type { EventHandlers } from '@study/service-kit';
import { bindingFor } from '@study/contracts';

/** What this service listens to: participant and scoring events, the inputs of the reports. */
export const REPORTS_BINDINGS = [bindingFor('participants'), bindingFor('scoring')];

/**
 * Handlers by event type. None yet: the report flows add theirs; until then every event is
 * acknowledged and logged at debug.
 */
export function reportsEventHandlers(): EventHandlers {
  return {};
}
