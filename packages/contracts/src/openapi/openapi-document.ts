import { z } from 'zod';
import { errorBodySchema, ErrorCodes, PROBLEM_CONTENT_TYPE } from '../errors';
import type { BodyContract } from '../http-bodies';
import { routes, routeTable, type RouteDefinition, type RouteName } from '../routes';
import type { Json } from '../json-schema/stable-json';

type JsonObject = { [key: string]: Json };

/** Where the gateway serves the API's documentation: the browsable page and the document itself. */
export const API_DOCS_PATH = '/api/docs';
export const OPENAPI_DOCUMENT_PATH = '/api/docs/openapi.json';

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), without its own $schema. */
function schemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonObject {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io }) as JsonObject;
  return rest;
}

function content(body: BodyContract, io: 'input' | 'output'): JsonObject | undefined {
  if (body.kind === 'none') return undefined;
  if (body.kind === 'json') return { 'application/json': { schema: schemaOf(body.schema, io) } };
  const schema: JsonObject = body.messageSchema ? { type: 'string', contentMediaType: 'application/json', contentSchema: schemaOf(body.messageSchema, io) } : { type: 'string' };
  return { [body.mediaType]: { schema: { ...schema, description: body.description } } };
}

/** The answer a call gives when it works: a redirect, no content, or a body. */
function success(route: RouteDefinition): [string, JsonObject] {
  if (route.response.kind === 'none') return ['204', { description: 'Done; no content.' }];
  if (route.response.kind === 'other' && route.response.mediaType === 'text/plain') return ['302', { description: route.response.description }];
  return ['200', { description: route.summary, content: content(route.response, 'output') ?? {} }];
}

const ACCESS_SECURITY: Record<RouteDefinition['access']['kind'], Json[]> = {
  participant: [{ participantSession: [] }],
  'study-team': [{ masterKey: [] }, { downloadLink: [] }],
  webhook: [{ webhookSignature: [] }],
  anyone: [],
};

function accessNote(route: RouteDefinition): string {
  switch (route.access.kind) {
    case 'participant':
      return `The participant's own session for the study ID in the ${route.access.studyIdIn}${route.access.recentConfirmation ? ', confirmed with Open Humans in the last 10 minutes' : ''}.`;
    case 'study-team':
      return 'The study team: the master key (X-Master-Key, or the path where the spec puts it) or a signed download link.';
    case 'webhook':
      return "An outside party's signed, fresh notice.";
    case 'anyone':
      return 'Anyone.';
  }
}

function parameters(route: RouteDefinition): Json[] {
  const inPath = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((match) => ({ name: match[1] ?? '', in: 'path', required: true, schema: { type: 'string' } }));
  if (!route.query) return inPath;
  const query = schemaOf(route.query, 'input') as { properties?: Record<string, JsonObject>; required?: string[] };
  const inQuery = Object.entries(query.properties ?? {}).map(([name, schema]) => ({ name, in: 'query', required: (query.required ?? []).includes(name), schema }));
  return [...inPath, ...inQuery];
}

function operation(name: string, route: RouteDefinition): JsonObject {
  const [status, answer] = success(route);
  const body = content(route.request, 'input');
  return {
    operationId: name,
    summary: route.summary,
    description: `Who may call it: ${accessNote(route)}`,
    tags: [route.service],
    'x-owner': route.service === 'gateway' ? 'gateway' : `svc-${route.service}`,
    'x-access': route.access.kind,
    ...(route.stream ? { 'x-stream': true } : {}),
    parameters: parameters(route),
    ...(body ? { requestBody: { required: true, content: body } } : {}),
    security: ACCESS_SECURITY[route.access.kind],
    responses: {
      [status]: answer,
      default: { description: 'An error, as Problem Details (RFC 9457) with error, code and requestId.', content: { [PROBLEM_CONTENT_TYPE]: { schema: { $ref: '#/components/schemas/Problem' } } } },
    },
  };
}

/** '/api/user/report/:pgId' -> '/api/user/report/{pgId}'. */
function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z]+)/g, '{$1}');
}

/** The OpenAPI 3.1 document of every route of the table, made from the route definitions alone. */
export function openApiDocument(): JsonObject {
  const paths: Record<string, JsonObject> = {};
  for (const [name, route] of Object.entries(routes) as [RouteName, RouteDefinition][]) {
    const key = openApiPath(route.path);
    paths[key] = { ...(paths[key] ?? {}), [route.method.toLowerCase()]: operation(name, route) };
  }
  const codes = Object.values(ErrorCodes).sort();
  return {
    openapi: '3.1.0',
    info: {
      title: 'Personality genetics study API',
      version: '1',
      description: `Every call of the study's public API, one definition each (@study/contracts routes). Errors answer ${PROBLEM_CONTENT_TYPE}; their \`code\` is one of: ${codes.join(', ')} (and, from the gateway or a busy dependency, SERVICE_UNAVAILABLE, BUSY, UPSTREAM_TIMEOUT).`,
    },
    servers: [{ url: '/' }],
    tags: [
      { name: 'participants', description: 'svc-participants: consent, sessions, surveys, the study team tools.' },
      { name: 'scoring', description: 'svc-scoring: the Nardi results and the final type.' },
      { name: 'reports', description: 'svc-reports: the Nardi report and the final report PDF.' },
      { name: 'gateway', description: 'The gateway itself: the browser error reports.' },
    ],
    paths,
    components: {
      schemas: { Problem: schemaOf(errorBodySchema, 'output') },
      securitySchemes: {
        participantSession: { type: 'apiKey', in: 'cookie', name: 'study_session', description: "The participant's session, opened by POST /api/consent or POST /api/session." },
        masterKey: { type: 'apiKey', in: 'header', name: 'X-Master-Key', description: "The study team's master key." },
        downloadLink: { type: 'apiKey', in: 'query', name: 'token', description: 'A signed one-time download link (POST /api/admin/download-links).' },
        webhookSignature: { type: 'apiKey', in: 'header', name: 'X-Signature', description: 'An HMAC of the exact body (X-TypeFinder-Signature, X-Openhumans-Signature).' },
      },
    },
  };
}

/** Every route of the table, as the document names it: 'POST /api/user/report/{pgId}'. */
export function documentedRouteKeys(document: JsonObject): string[] {
  const paths = (document.paths ?? {}) as Record<string, Record<string, unknown>>;
  return Object.entries(paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`));
}

export const tableRouteKeys = (): string[] => routeTable.map((route) => `${route.method} ${openApiPath(route.path)}`);
