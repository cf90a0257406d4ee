import { events, pgIdSchema } from '@study/contracts';
import { on, type CloudEvent, type Subscription } from '@study/event-bus';
import { normalizePgId } from '@study/personality';
import { PERSONAL_DATA_COLLECTIONS } from '../../data-access/personal-data';
import type { ReportsDeps } from '../../domain/deps';
import { eraseParticipant } from '@study/personal-data';
import { clearFinalScore, recordFinalScore } from '../../domain/final-report/record-final-score';
import { recordConsent, recordNardiResult, resetNardi } from '../../domain/nardi-report/record-nardi-events';

/** A subject that is not a study ID is a producer bug: failing parks it on the DLQ to be seen. */
function subjectOf(event: CloudEvent): string {
  return normalizePgId(pgIdSchema.parse(event.subject));
}

/** What this service listens to: participant and scoring events, the inputs of the reports (and erasures). */
export function reportsSubscriptions(deps: ReportsDeps): Subscription[] {
  return [
    on(events.participantConsented, (_data, event) => recordConsent(deps, subjectOf(event), new Date(event.time))),
    on(events.nardiCompletedV2, (data, event) => recordNardiResult(deps, subjectOf(event), data, event.type)),
    // Still read while a svc-scoring release older than v2 may run: the same result, recorded once per completion.
    on(events.nardiCompleted, (data, event) => recordNardiResult(deps, subjectOf(event), data, event.type)),
    on(events.surveysReset, ({ surveys }, event) => resetNardi(deps, subjectOf(event), new Date(event.time), surveys)),
    on(events.scoreFinalized, (data, event) => recordFinalScore(deps, subjectOf(event), data)),
    on(events.scoreCleared, (data, event) => clearFinalScore(deps, subjectOf(event), data)),
    on(events.participantErased, (_data, event) => eraseParticipant({ ...deps, collections: PERSONAL_DATA_COLLECTIONS }, subjectOf(event))),
  ];
}
