import request from 'supertest';
import { API_DOCS_PATH, OPENAPI_DOCUMENT_PATH, routeTable } from '@study/contracts';
import { startGatewayWithServicesDown, type RunningGateway } from '../test-support/harness';

describe('GET /api/docs', () => {
  let running: RunningGateway;

  beforeAll(async () => {
    // The documentation is the gateway's own answer: no service needs to be up.
    running = await startGatewayWithServicesDown();
  });

  afterAll(async () => {
    await running?.gateway.stop();
  });

  it('serves the OpenAPI 3.1 document, which holds every route of the table', async () => {
    const res = await request(running.url).get(OPENAPI_DOCUMENT_PATH).expect(200).expect('content-type', /^application\/json/);
    expect(res.body.openapi).toBe('3.1.0');
    const documented = Object.entries(res.body.paths as Record<string, Record<string, unknown>>).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`));
    expect(documented.sort()).toEqual(routeTable.map((route) => `${route.method} ${route.path.replace(/:([A-Za-z]+)/g, '{$1}')}`).sort());
  });

  it('serves a page to browse it, with its scripts from this origin only', async () => {
    const page = await request(running.url).get(API_DOCS_PATH).expect(200).expect('content-type', /^text\/html/);
    expect(page.text).toContain(`${API_DOCS_PATH}/swagger-ui-bundle.js`);
    expect(page.text).not.toMatch(/<script>(?!<\/script>)/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    await request(running.url).get(`${API_DOCS_PATH}/swagger-ui-bundle.js`).expect(200).expect('content-type', /javascript/);
    await request(running.url).get(`${API_DOCS_PATH}/swagger-ui.css`).expect(200).expect('content-type', /css/);
    const init = await request(running.url).get(`${API_DOCS_PATH}/docs-init.js`).expect(200);
    expect(init.text).toContain(OPENAPI_DOCUMENT_PATH);
  });
});
