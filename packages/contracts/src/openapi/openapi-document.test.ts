import fs from 'node:fs';
import path from 'node:path';
import { stableJson } from '../json-schema/stable-json';
import { apiRoutes } from '../routes';
import { documentedRouteKeys, openApiDocument, tableRouteKeys } from './openapi-document';
import { OPENAPI_FILE } from '../generate/generate';

const committed = path.join(__dirname, '..', '..', '..', '..', OPENAPI_FILE);

describe('the OpenAPI document', () => {
  it('documents every route of the table, and nothing else', () => {
    expect(documentedRouteKeys(openApiDocument()).sort()).toEqual(tableRouteKeys().sort());
    expect(apiRoutes.length).toBeGreaterThan(30);
  });

  it('is committed as the route definitions make it (run `npm run contracts:generate` after changing a route)', () => {
    expect(fs.readFileSync(committed, 'utf8')).toBe(stableJson(openApiDocument()));
  });

  it('names the owner, the access rule and the Problem Details answer of each call', () => {
    const operation = (openApiDocument().paths as Record<string, Record<string, Record<string, unknown>>>)['/api/user/report/{pgId}']?.get;
    expect(operation).toMatchObject({ operationId: 'finalReportPdf', 'x-owner': 'svc-reports', 'x-access': 'participant', security: [{ participantSession: [] }] });
    expect(operation?.responses).toMatchObject({ '200': { content: { 'application/pdf': {} } }, default: { content: { 'application/problem+json': {} } } });
  });

  it('names the gateway as the owner of the routes it answers itself', () => {
    const operation = (openApiDocument().paths as Record<string, Record<string, Record<string, unknown>>>)['/api/error-reports']?.post;
    expect(operation).toMatchObject({ operationId: 'reportErrors', 'x-owner': 'gateway', tags: ['gateway'], 'x-access': 'anyone', security: [] });
    expect(operation?.requestBody).toMatchObject({ content: { 'application/x-sentry-envelope': {} } });
  });
});
