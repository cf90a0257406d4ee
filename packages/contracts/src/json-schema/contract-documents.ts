import { z } from 'zod';
import { contractCatalogue, type BodyContract, type ContractCatalogue } from '../catalogue/contract-catalogue';
import type { Direction, JsonSchema } from '../compatibility/breaking-changes';
import { stableJson, type Json } from './stable-json';

/** One committed JSON Schema: where it lives, what it describes and who reads or writes it. */
export interface ContractDocument {
  /** Relative to the snapshots folder, e.g. 'events/scoring.nardi.completed.v1.json'. */
  file: string;
  /** What it describes, e.g. 'POST /api/user request body' or 'event scoring.nardi.completed.v1'. */
  title: string;
  direction: Direction;
  /** The event type and version, for an event's data. */
  eventType?: string;
  schema: JsonSchema;
}

/** Requests are described as the service accepts them (before transforms), answers and events as they are sent. */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  return z.toJSONSchema(schema, { io }) as JsonSchema;
}

/**
 * A body that is not JSON is still recorded: its media type (contentMediaType) and, for a
 * stream of JSON messages, each message's schema (contentSchema), so that a change to either
 * shows up as one.
 */
function bodySchema(body: BodyContract, io: 'input' | 'output'): JsonSchema | undefined {
  if (body.kind === 'none') return undefined;
  if (body.kind === 'json') return jsonSchemaOf(body.schema, io);
  const schema: { [keyword: string]: Json } = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    contentMediaType: body.mediaType,
    description: body.description,
  };
  if (body.messageSchema) {
    const { $schema: _schema, ...message } = jsonSchemaOf(body.messageSchema, io) as { [keyword: string]: Json };
    schema.contentSchema = message;
  }
  return schema;
}

/** 'POST /api/user/report/:pgId' -> 'http/api/user/report/{pgId}/POST': the folders follow the path. */
function routeFolder(key: string): string {
  const [method, path = ''] = key.split(' ');
  const segments = path
    .split('/')
    .filter((s) => s !== '')
    .map((s) => (s.startsWith(':') ? `{${s.slice(1)}}` : s));
  return ['http', ...segments, method].join('/');
}

/** Every JSON Schema the catalogue makes, in a stable order. */
export function contractDocuments(catalogue: ContractCatalogue = contractCatalogue): ContractDocument[] {
  const documents: ContractDocument[] = [];
  for (const [key, contract] of Object.entries(catalogue.http)) {
    const request = bodySchema(contract.request, 'input');
    const response = bodySchema(contract.response, 'output');
    if (request) documents.push({ file: `${routeFolder(key)}.request.json`, title: `${key} request body`, direction: 'request', schema: request });
    if (response) documents.push({ file: `${routeFolder(key)}.response.json`, title: `${key} response body`, direction: 'response', schema: response });
  }
  const errorBody = bodySchema(catalogue.errorBody, 'output');
  if (errorBody) documents.push({ file: 'http/error-body.json', title: 'error body (every 4xx/5xx answer)', direction: 'response', schema: errorBody });
  documents.push({ file: 'cloudevents-envelope.json', title: 'CloudEvents envelope', direction: 'event', schema: jsonSchemaOf(catalogue.eventEnvelope, 'output') });
  for (const [type, data] of Object.entries(catalogue.eventData)) {
    documents.push({ file: `events/${type}.json`, title: `event ${type}`, direction: 'event', eventType: type, schema: jsonSchemaOf(data, 'output') });
  }
  // Code-point order: the same whatever the machine's locale.
  return documents.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

/** The committed text of a document. */
export function documentText(document: ContractDocument): string {
  return stableJson(document.schema as Json);
}
