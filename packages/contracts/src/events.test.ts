import { cloudEventSchema, TRACEPARENT_PATTERN } from './cloud-event-envelope';
import { eventDataSchemas } from './catalogue/contract-catalogue';
import {
  cloudEventEnvelopeSchema,
  EVENT_TYPE_PATTERN,
  eventDefinitions,
  events,
  eventsConsumedBy,
  EventTypes,
  eventTopics,
  queueBindings,
  subscriptionMismatches,
  surveysResetDataSchema,
} from './events';
import type { ServiceName } from './routes';

const PG_ID = '6f1c2a9e-3b4d-4c5e-9f60-718293a4b5c6';

describe('the event definitions', () => {
  it('keep every published type as it was', () => {
    expect(EventTypes).toEqual({
      participantConsented: 'participants.participant.consented.v1',
      participantErased: 'participants.participant.erased.v1',
      consentWithdrawn: 'participants.consent.withdrawn.v1',
      surveyCompleted: 'participants.survey.completed.v1',
      surveyRejected: 'participants.survey.rejected.v1',
      nardiAnswered: 'participants.nardi.answered.v1',
      surveysReset: 'participants.surveys.reset.v1',
      mbtiUploaded: 'participants.mbti.uploaded.v1',
      nardiScored: 'scoring.nardi.scored.v1',
      nardiCompleted: 'scoring.nardi.completed.v1',
      nardiCompletedV2: 'scoring.nardi.completed.v2',
      scoreFinalized: 'scoring.score.finalized.v1',
      scoreCleared: 'scoring.score.cleared.v1',
      reportGenerated: 'reports.report.generated.v1',
      reportGeneratedV2: 'reports.report.generated.v2',
    });
  });

  it.each(eventDefinitions.map((definition) => [definition.type, definition] as const))('%s is well formed', (type, definition) => {
    expect(type).toMatch(EVENT_TYPE_PATTERN);
    expect(type.startsWith(`${definition.producer}.`)).toBe(true);
    // An event nobody handles is not published.
    expect(definition.consumers.length).toBeGreaterThan(0);
    expect(new Set(definition.consumers).size).toBe(definition.consumers.length);
    expect(definition.summary).toMatch(/^[^\n|]{10,120}\.$/);
  });

  it('define each type once', () => {
    const types = eventDefinitions.map((definition) => definition.type);
    expect(new Set(types).size).toBe(types.length);
  });

  it("make the catalogue's data schemas and the list of producers", () => {
    expect(eventDataSchemas[EventTypes.surveysReset]).toBe(surveysResetDataSchema);
    expect(Object.keys(eventDataSchemas)).toEqual(Object.values(EventTypes));
    expect(eventTopics).toEqual(['participants', 'scoring', 'reports']);
  });

  it('cannot be changed once defined', () => {
    expect(Object.isFrozen(events.scoreFinalized)).toBe(true);
    expect(Object.isFrozen(events.scoreFinalized.consumers)).toBe(true);
  });
});

describe('queueBindings', () => {
  const bindingsOf = (service: ServiceName) => queueBindings(service, eventsConsumedBy(service)).sort();

  it("give each service's queue the bindings it has always had, so no queue is migrated", () => {
    expect(bindingsOf('scoring')).toEqual(['participants.#']);
    expect(bindingsOf('reports')).toEqual(['participants.#', 'scoring.#']);
    expect(bindingsOf('participants')).toEqual(
      ['participants.consent.withdrawn.v1', 'participants.participant.consented.v1', 'participants.participant.erased.v1', 'reports.#', 'scoring.#'].sort(),
    );
  });

  it("bind another service's events by its topic, once, and a service's own one by one", () => {
    expect(queueBindings('reports', [events.scoreFinalized, events.scoreCleared, events.reportGenerated])).toEqual(['scoring.#', 'reports.report.generated.v1']);
  });
});

describe('subscriptionMismatches', () => {
  const handled = eventsConsumedBy('reports').map((definition) => definition.type);

  it('is empty when a service handles exactly the events that list it', () => {
    expect(subscriptionMismatches('reports', handled)).toEqual([]);
  });

  it('names an event handled but not listed, and one listed but not handled, with the fix', () => {
    const problems = subscriptionMismatches('reports', [...handled.filter((type) => type !== EventTypes.scoreCleared), EventTypes.nardiScored]);
    expect(problems).toEqual([
      expect.stringContaining(`svc-reports subscribes to ${EventTypes.nardiScored}, whose definition does not list 'reports'`),
      expect.stringContaining(`${EventTypes.scoreCleared} lists 'reports' among its consumers, but svc-reports does not subscribe to it`),
    ]);
    expect(problems[0]).toContain('npm run contracts:generate');
  });
});

describe('the CloudEvents envelope', () => {
  const envelope = {
    specversion: '1.0',
    id: 'e1',
    type: EventTypes.scoreCleared,
    source: 'svc-scoring',
    time: '2026-01-02T03:04:05.000Z',
    subject: PG_ID,
    datacontenttype: 'application/json',
    data: {},
  };

  it("is one set of attributes: the bus reads every envelope of this study's events", () => {
    expect(cloudEventEnvelopeSchema.safeParse(envelope).success).toBe(true);
    expect(cloudEventSchema.safeParse(envelope).success).toBe(true);
  });

  it("is narrowed for this study's events: their producers' types, the study ID as subject, nothing else", () => {
    const other = { ...envelope, type: 'notes.note.changed.v1', subject: 'note-1', partitionkey: 'p-1' };
    expect(cloudEventSchema.safeParse(other).success).toBe(true);
    expect(cloudEventEnvelopeSchema.safeParse({ ...envelope, type: other.type }).success).toBe(false);
    expect(cloudEventEnvelopeSchema.safeParse({ ...envelope, subject: other.subject }).success).toBe(false);
    expect(cloudEventEnvelopeSchema.parse({ ...envelope, partitionkey: 'p-1' })).not.toHaveProperty('partitionkey');
  });

  it('carries the distributed-tracing extension (W3C trace context) through', () => {
    const traced = { ...envelope, traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01', tracestate: 'vendor=1' };
    expect(cloudEventEnvelopeSchema.parse(traced)).toMatchObject({ traceparent: traced.traceparent, tracestate: 'vendor=1' });
    expect(TRACEPARENT_PATTERN.test(traced.traceparent)).toBe(true);
  });
});
