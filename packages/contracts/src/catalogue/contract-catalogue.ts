import type { z } from 'zod';
import { errorBodySchema } from '../errors';
import { cloudEventEnvelopeSchema, eventDefinitions, type EventType } from '../events';
import { routeKey, routeTable } from '../routes';
import { json, type BodyContract } from '../http-bodies';

export type { BodyContract } from '../http-bodies';

export interface HttpContract {
  request: BodyContract;
  /** The success answer; every error answers errorBodySchema (errorBodyContract). */
  response: BodyContract;
}

export { routeKey };

/** The bodies of every route, keyed 'METHOD path', from the route definitions (routes.ts). */
export const httpContracts: Readonly<Record<string, HttpContract>> = Object.fromEntries(routeTable.map((route) => [routeKey(route), { request: route.request, response: route.response }]));

/** Every 4xx/5xx answer of the services and the gateway. */
export const errorBodyContract: BodyContract = json(errorBodySchema);

/** The CloudEvents envelope every event travels in; `data` is the event type's own schema. */
export const eventEnvelopeSchema: z.ZodType = cloudEventEnvelopeSchema;

/** The data schema of every published event type and version, as its consumers parse it (from the definitions in events.ts). */
export const eventDataSchemas: Readonly<Record<EventType, z.ZodType>> = Object.fromEntries(eventDefinitions.map((definition) => [definition.type, definition.schema])) as Record<EventType, z.ZodType>;

/** Every contract a committed JSON Schema is made of. */
export interface ContractCatalogue {
  http: Readonly<Record<string, HttpContract>>;
  errorBody: BodyContract;
  eventEnvelope: z.ZodType;
  eventData: Readonly<Record<string, z.ZodType>>;
}

export const contractCatalogue: ContractCatalogue = {
  http: httpContracts,
  errorBody: errorBodyContract,
  eventEnvelope: eventEnvelopeSchema,
  eventData: eventDataSchemas,
};
