import { z } from 'zod';
import { cloudEventEnvelopeSchema, eventDefinitions, events, queueBindings, type EventDefinition, type EventName } from '../events';
import type { ServiceName } from '../routes';
import type { Json } from '../json-schema/stable-json';

type JsonObject = { [key: string]: Json };

/** Where the document is committed, from the repository root. */
export const ASYNCAPI_FILE = 'packages/contracts/asyncapi.json';
/** The exchange the services publish on unless EVENTS_EXCHANGE says otherwise. */
const DEFAULT_EXCHANGE = 'study.events';
/** The RabbitMQ message's content type (the broker's CLOUDEVENTS_CONTENT_TYPE). */
const CONTENT_TYPE = 'application/cloudevents+json';
const ENVELOPE_SCHEMA = 'CloudEventEnvelope';
const AMQP_BINDING_VERSION = '0.3.0';

const serviceOf = (name: ServiceName): string => `svc-${name}`;
const capitalized = (name: string): string => `${name.charAt(0).toUpperCase()}${name.slice(1)}`;

/**
 * The AsyncAPI Schema Object is a superset of JSON Schema draft 7: zod writes that draft, and
 * the `$schema` of a standalone document is left out of a schema inside the document.
 */
function payloadSchema(schema: z.ZodType): JsonObject {
  const { $schema: _schema, ...rest } = z.toJSONSchema(schema, { io: 'output', target: 'draft-7' }) as JsonObject;
  return rest;
}

function channel(name: EventName, definition: EventDefinition): JsonObject {
  return {
    address: definition.type,
    title: definition.type,
    summary: definition.summary,
    messages: { [name]: { $ref: `#/components/messages/${name}` } },
    // The routing key is the type, on the durable topic exchange.
    bindings: {
      amqp: {
        is: 'routingKey',
        exchange: { name: DEFAULT_EXCHANGE, type: 'topic', durable: true, autoDelete: false, vhost: '/' },
        bindingVersion: AMQP_BINDING_VERSION,
      },
    },
  };
}

function message(name: EventName, definition: EventDefinition): JsonObject {
  return {
    name: definition.type,
    title: definition.type,
    summary: definition.summary,
    contentType: CONTENT_TYPE,
    // The CloudEvents structured envelope, its type fixed and its data this event's schema.
    payload: {
      allOf: [
        { $ref: `#/components/schemas/${ENVELOPE_SCHEMA}` },
        { type: 'object', properties: { type: { const: definition.type }, data: { $ref: `#/components/schemas/${definition.type}` } } },
      ],
    },
    correlationId: { description: 'The request id that caused the event (x-request-id), when there was one.', location: '$message.payload#/correlationid' },
    bindings: { amqp: { messageType: definition.type, bindingVersion: AMQP_BINDING_VERSION } },
  };
}

/** The producer's send operation and each consumer's receive operation of one event. */
function operations(name: EventName, definition: EventDefinition): [string, JsonObject][] {
  const ref = { channel: { $ref: `#/channels/${name}` }, messages: [{ $ref: `#/channels/${name}/messages/${name}` }] };
  const send: [string, JsonObject] = [
    `${definition.producer}Sends${capitalized(name)}`,
    {
      action: 'send',
      ...ref,
      summary: `${serviceOf(definition.producer)} publishes ${definition.type} (from the outbox of the write that made it, with publisher confirms).`,
      tags: [{ name: serviceOf(definition.producer) }],
      bindings: { amqp: { deliveryMode: 2, bindingVersion: AMQP_BINDING_VERSION } },
    },
  ];
  const receives = definition.consumers.map((consumer): [string, JsonObject] => [
    `${consumer}Receives${capitalized(name)}`,
    {
      action: 'receive',
      ...ref,
      summary: `${serviceOf(consumer)} handles ${definition.type}.`,
      description:
        `From its own quorum queue, bound with ${queueBindings(consumer, [definition]).join(', ')}; acknowledged after the handler's write, ` +
        'an event id already handled is skipped (inbox), a failure is retried with back-off and then parked on `<queue>.dlq`.',
      tags: [{ name: serviceOf(consumer) }],
      bindings: { amqp: { ack: true, bindingVersion: AMQP_BINDING_VERSION } },
    },
  ]);
  return [send, ...receives];
}

/** The AsyncAPI 3.0 document of every event the services publish and handle, from the definitions in events.ts. */
export function asyncApiDocument(): JsonObject {
  const named = Object.entries(events) as [EventName, EventDefinition][];
  const services = [...new Set(eventDefinitions.flatMap((definition) => [definition.producer, ...definition.consumers]))];
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Personality Genetics Study events',
      version: '1.0.0',
      description:
        'The domain events the services publish on the RabbitMQ topic exchange (`study.events` unless EVENTS_EXCHANGE says otherwise), ' +
        'each a CloudEvents 1.0 structured JSON envelope whose `type` is also the routing key and whose `subject` is the study ID. ' +
        'Each event is versioned by its type (`.v<major>`); a breaking change is a new version published beside the old one. ' +
        'Generated from packages/contracts/src/events.ts by `npm run contracts:generate`; do not edit by hand.',
      tags: services.map((service) => ({ name: serviceOf(service) })),
    },
    defaultContentType: CONTENT_TYPE,
    channels: Object.fromEntries(named.map(([name, definition]) => [name, channel(name, definition)])),
    operations: Object.fromEntries(named.flatMap(([name, definition]) => operations(name, definition))),
    components: {
      schemas: {
        [ENVELOPE_SCHEMA]: payloadSchema(cloudEventEnvelopeSchema),
        ...Object.fromEntries(eventDefinitions.map((definition) => [definition.type, payloadSchema(definition.schema)])),
      },
      messages: Object.fromEntries(named.map(([name, definition]) => [name, message(name, definition)])),
    },
  };
}

/** The committed text of the document: in the order it is built (the definitions' order), which is the same every time. */
export function asyncApiText(): string {
  return `${JSON.stringify(asyncApiDocument(), null, 2)}\n`;
}
