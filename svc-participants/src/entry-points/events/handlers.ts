import type { EventHandlers } from '@study/service-kit';
import { bindingFor, EventTypes, nardiCompletedDataSchema, pgIdSchema } from '@study/contracts';
import { normalizePgId } from '@study/personality';
import type { ParticipantsDeps } from '../../domain/deps';
import { recordNardiResult } from '../../domain/surveys/record-nardi-result';

/** What this service listens to: scores and reports, which the dashboard shows. */
export const PARTICIPANTS_BINDINGS = [bindingFor('scoring'), bindingFor('reports')];

/** Handlers by event type; any other type is acknowledged and logged at debug. */
export function participantsEventHandlers(deps: ParticipantsDeps): EventHandlers {
  return {
    [EventTypes.nardiCompleted]: async (event) => {
      // A subject or data that breaks the contract is a producer bug: failing parks it on the DLQ to be seen.
      const pgId = normalizePgId(pgIdSchema.parse(event.subject));
      await recordNardiResult(deps, pgId, nardiCompletedDataSchema.parse(event.data));
    },
  };
}
