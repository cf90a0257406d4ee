import { bindingFor, EventTypes, pgIdSchema } from '@study/contracts';
import { normalizePgId } from '@study/personality';
import type { EventHandlers, ServiceContext } from '@study/service-kit';
import { PERSONAL_DATA_COLLECTIONS } from '../../data-access/personal-data';
import { eraseParticipant } from '../../domain/erase-participant';

/** What this service listens to: participant events (surveys completed, resets, uploads, erasures). */
export const SCORING_BINDINGS = [bindingFor('participants')];

/** Handlers by event type; any other type is acknowledged and logged at debug. */
export function scoringEventHandlers(ctx: Pick<ServiceContext, 'db' | 'lock' | 'logger'>): EventHandlers {
  return {
    [EventTypes.participantErased]: async (event) => {
      // A subject that is not a study ID is a producer bug: failing parks it on the DLQ to be seen.
      const pgId = normalizePgId(pgIdSchema.parse(event.subject));
      await eraseParticipant({ db: ctx.db, lock: ctx.lock, logger: ctx.logger, collections: PERSONAL_DATA_COLLECTIONS }, pgId);
    },
  };
}
