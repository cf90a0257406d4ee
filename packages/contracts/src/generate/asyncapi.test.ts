import { z } from 'zod';
import { eventDefinitions, events, type EventName } from '../events';
import { asyncApiDocument } from './asyncapi';

type Doc = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const doc = asyncApiDocument() as Doc;

/** Follows a local `#/...` reference in the document. */
function resolve(ref: string): unknown {
  return ref
    .slice(2)
    .split('/')
    .reduce<Doc | undefined>((node, key) => node?.[key], doc);
}

function refsIn(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(refsIn);
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, value]) => (key === '$ref' && typeof value === 'string' ? [value] : refsIn(value)));
}

describe('the AsyncAPI document', () => {
  it('is AsyncAPI 3.0 with one channel and one message per event version, addressed by its type', () => {
    expect(doc.asyncapi).toBe('3.0.0');
    const names = Object.keys(events) as EventName[];
    expect(Object.keys(doc.channels)).toEqual(names);
    expect(Object.keys(doc.components.messages)).toEqual(names);
    for (const name of names) {
      expect(doc.channels[name]).toMatchObject({ address: events[name].type, summary: events[name].summary });
      expect(doc.components.messages[name]).toMatchObject({ name: events[name].type, contentType: 'application/cloudevents+json' });
    }
  });

  it("has the producer's send and each consumer's receive of every event", () => {
    const sends = Object.values(doc.operations as Doc).filter((op) => op.action === 'send');
    const receives = Object.values(doc.operations as Doc).filter((op) => op.action === 'receive');
    expect(sends).toHaveLength(eventDefinitions.length);
    expect(receives).toHaveLength(eventDefinitions.reduce((sum, definition) => sum + definition.consumers.length, 0));
    expect(doc.operations.scoringSendsScoreFinalized).toMatchObject({ action: 'send', channel: { $ref: '#/channels/scoreFinalized' }, tags: [{ name: 'svc-scoring' }] });
    expect(doc.operations.reportsReceivesScoreFinalized).toMatchObject({ action: 'receive', tags: [{ name: 'svc-reports' }] });
    expect(doc.operations.reportsReceivesScoreFinalized.description).toContain('scoring.#');
    expect(doc.operations.participantsReceivesConsentWithdrawn.description).toContain('participants.consent.withdrawn.v1');
  });

  it("carries each event's data as zod's JSON Schema of its definition, inside the CloudEvents envelope", () => {
    const { $schema: _schema, ...data } = z.toJSONSchema(events.nardiCompletedV2.schema, { io: 'output', target: 'draft-7' });
    expect(doc.components.schemas['scoring.nardi.completed.v2']).toEqual(data);
    const [envelope, own] = doc.components.messages.nardiCompletedV2.payload.allOf;
    expect(resolve(envelope.$ref)).toMatchObject({ required: expect.arrayContaining(['type', 'subject', 'data']) });
    expect(own.properties.type).toEqual({ const: 'scoring.nardi.completed.v2' });
    expect(resolve(own.properties.data.$ref)).toBe(doc.components.schemas['scoring.nardi.completed.v2']);
  });

  it('refers only to what it holds', () => {
    expect(refsIn(doc).filter((ref) => resolve(ref) === undefined)).toEqual([]);
  });
});
