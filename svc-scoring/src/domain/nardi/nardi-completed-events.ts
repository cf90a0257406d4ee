import { events, nardiCompletedDataSchema, nardiCompletedV2DataSchema, type NardiCompletedV2Data } from '@study/contracts';
import { eventOf, type CloudEvent } from '@study/event-bus';
import type { SourceEvent } from '../score-document';

/**
 * The events announcing one Nardi result: scoring.nardi.completed.v2 and, beside it until every
 * consumer has moved (svc-participants still reads only v1), scoring.nardi.completed.v1. Both
 * are built from the one result, so they carry the same data and completedAt (and envelope
 * time): a consumer that reads both can tell they are the same fact. The caller stores them in
 * the write that stores the result (outbox).
 */
export function nardiCompletedEvents(service: string, source: SourceEvent, result: NardiCompletedV2Data, time: Date): CloudEvent[] {
  const envelope = { source: service, subject: source.pgId, time };
  return [
    eventOf(events.nardiCompletedV2, { ...envelope, data: nardiCompletedV2DataSchema.parse(result) }),
    eventOf(events.nardiCompleted, { ...envelope, data: nardiCompletedDataSchema.parse(result) }),
  ];
}
