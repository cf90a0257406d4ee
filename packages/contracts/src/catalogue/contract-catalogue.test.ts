import { EventTypes } from '../events';
import { contractDocuments } from '../json-schema/contract-documents';
import { routeTable } from '../routes';
import { contractCatalogue, routeKey } from './contract-catalogue';

describe('contract catalogue', () => {
  it('has the bodies of every route of the table (the services\' and the gateway\'s), and of nothing else', () => {
    const routes = routeTable.map(routeKey).sort();
    expect(Object.keys(contractCatalogue.http).sort()).toEqual(routes);
  });

  it('has the data schema of every event type in EventTypes, and of nothing else', () => {
    expect(Object.keys(contractCatalogue.eventData).sort()).toEqual(Object.values(EventTypes).sort());
  });

  it('gives a GET no request body and a POST one', () => {
    const requestKinds = routeTable.map((route) => [route.method, routeKey(route), contractCatalogue.http[routeKey(route)]?.request.kind]);
    expect(requestKinds.filter(([method, , kind]) => (method === 'GET') !== (kind === 'none'))).toEqual([]);
  });

  it('names the media type of every body that is not JSON, and the message schema of the result stream', () => {
    const other = Object.entries(contractCatalogue.http).flatMap(([key, { request, response }]) =>
      [request, response].flatMap((body) => (body.kind === 'other' ? [`${key} ${body.mediaType}${body.messageSchema ? ' +messages' : ''}`] : [])),
    );
    expect(other.sort()).toEqual([
      'GET /api/admin/analysis-export text/csv',
      'GET /api/admin/audit/export text/csv',
      'GET /api/admin/roster text/csv',
      'GET /api/authorization text/plain',
      'GET /api/consent/pdf/:pgId application/pdf',
      'GET /api/ohready/:masterKey text/csv',
      'GET /api/stats text/csv',
      'GET /api/user/events/:pgId text/event-stream +messages',
      'GET /api/user/report/:pgId application/pdf',
      'POST /api/error-reports application/x-sentry-envelope',
      'POST /api/typefinder/import text/csv',
    ]);
  });

  it('turns into one JSON Schema per body and event, each at its own file', () => {
    const documents = contractDocuments();
    const files = documents.map((d) => d.file);
    expect(new Set(files).size).toBe(files.length);
    expect(files).toEqual(
      expect.arrayContaining([
        'http/api/user/POST.request.json',
        'http/api/user/POST.response.json',
        'http/api/user/report/{pgId}/GET.response.json',
        'http/error-body.json',
        'cloudevents-envelope.json',
        'events/scoring.nardi.completed.v1.json',
      ]),
    );
    // A GET has no request body to record.
    expect(files).not.toContain('http/api/settings/GET.request.json');
    expect(documents.filter((d) => d.direction === 'event' && d.eventType)).toHaveLength(Object.values(EventTypes).length);
  });
});
