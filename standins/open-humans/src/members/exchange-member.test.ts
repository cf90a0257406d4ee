import request from 'supertest';
import { EXCHANGE, linkedMember, makeStandin } from '../test-helpers';

interface Page {
  count: number;
  next: string | null;
  previous: string | null;
  data: { id: number; source: string; basename: string }[];
}

function pathOf(url: string): string {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
}

describe('exchange-member', () => {
  it('pages the data with full next/previous URLs carrying the access token', async () => {
    const { app } = makeStandin({ pageSize: 2 });
    const { memberId, tokens } = await linkedMember(app, { sources: ['direct-sharing-128'] });
    // Five files: 23andMe from the authorization plus four uploads set by the test controls.
    const files = [
      { source: 'direct-sharing-128' },
      ...[1, 2, 3, 4].map((n) => ({ source: 'direct-sharing-1000', basename: `report-${n}.pdf` })),
    ];
    await request(app).post(`/_standin/members/${memberId}/files`).send({ files }).expect(200);

    const first = (await request(app).get(EXCHANGE).query({ access_token: tokens.access_token }).expect(200)).body as Page;
    expect(first.count).toBe(5);
    expect(first.data).toHaveLength(2);
    expect(first.previous).toBeNull();
    expect(first.next).not.toBeNull();
    const next = new URL(first.next!);
    expect(next.origin).toBe('http://oh.test');
    expect(next.pathname).toBe(EXCHANGE);
    expect(next.searchParams.get('access_token')).toBe(tokens.access_token);
    expect(next.searchParams.get('limit')).toBe('2');
    expect(next.searchParams.get('offset')).toBe('2');

    const seen = [...first.data];
    let page = first;
    let pages = 1;
    while (page.next) {
      page = (await request(app).get(pathOf(page.next)).expect(200)).body as Page;
      seen.push(...page.data);
      pages++;
    }
    expect(pages).toBe(3);
    expect(page.data).toHaveLength(1);
    expect(page.previous).not.toBeNull();
    expect(new URL(page.previous!).searchParams.get('offset')).toBe('2');
    expect(seen.map((f) => f.basename)).toEqual(['genome_23andme.txt', 'report-1.pdf', 'report-2.pdf', 'report-3.pdf', 'report-4.pdf']);
    expect(new Set(seen.map((f) => f.id)).size).toBe(5);
  });

  it('takes limit and offset from the caller, capped at 200', async () => {
    const { app } = makeStandin({ pageSize: 1 });
    const { memberId, tokens } = await linkedMember(app);
    await request(app)
      .post(`/_standin/members/${memberId}/files`)
      .send({ files: [{ source: 'direct-sharing-128' }, { source: 'direct-sharing-1000' }, { source: 'direct-sharing-1000' }] })
      .expect(200);
    const all = await request(app).get(EXCHANGE).query({ access_token: tokens.access_token, limit: 500 }).expect(200);
    expect(all.body.data).toHaveLength(3);
    expect(all.body.next).toBeNull();
    const tail = await request(app).get(EXCHANGE).query({ access_token: tokens.access_token, limit: 10, offset: 1 }).expect(200);
    expect(tail.body.data).toHaveLength(2);
    expect(new URL(tail.body.previous).searchParams.has('offset')).toBe(false);
  });

  it('shows files only from shared sources and the project itself', async () => {
    const { app } = makeStandin();
    const { memberId, tokens } = await linkedMember(app, { sources: ['direct-sharing-138'] });
    await request(app)
      .post(`/_standin/members/${memberId}/files`)
      .send({ files: [{ source: 'direct-sharing-128' }, { source: 'direct-sharing-138' }, { source: 'direct-sharing-1000' }] })
      .expect(200);
    const res = await request(app).get(EXCHANGE).query({ access_token: tokens.access_token }).expect(200);
    expect(res.body.data.map((f: { source: string }) => f.source)).toEqual(['direct-sharing-138', 'direct-sharing-1000']);
  });

  it('can share a genotype source with no file in it (sources_shared alone does not tell)', async () => {
    const { app } = makeStandin();
    const { memberId, tokens } = await linkedMember(app);
    await request(app).post(`/_standin/members/${memberId}/files`).send({ files: [], sources_shared: ['direct-sharing-128'] }).expect(200);
    const res = await request(app).get(EXCHANGE).query({ access_token: tokens.access_token }).expect(200);
    expect(res.body.sources_shared).toEqual(['direct-sharing-128']);
    expect(res.body.data).toEqual([]);
  });

  it('builds links from the Host header when PUBLIC_URL is not set', async () => {
    const { app } = makeStandin({ publicUrl: undefined, pageSize: 1 });
    const { memberId, tokens } = await linkedMember(app);
    await request(app).post(`/_standin/members/${memberId}/files`).send({ files: [{ source: 'direct-sharing-128' }, { source: 'direct-sharing-128' }] });
    const res = await request(app).get(EXCHANGE).set('Host', 'localhost:4201').query({ access_token: tokens.access_token }).expect(200);
    expect(res.body.next).toMatch(/^http:\/\/localhost:4201\/api\/direct-sharing\/project\/exchange-member\/\?/);
    expect(res.body.data[0].download_url).toMatch(/^http:\/\/localhost:4201\/data-files\//);
  });

  it('401 Invalid token. for an unknown token and asks for credentials when none are sent', async () => {
    const { app } = makeStandin();
    const unknown = await request(app).get(EXCHANGE).query({ access_token: 'constructor' }).expect(401);
    expect(unknown.body).toEqual({ detail: 'Invalid token.' });
    const none = await request(app).get(EXCHANGE).expect(401);
    expect(none.body.detail).toMatch(/not provided/);
  });
});

describe('token revocation (test control)', () => {
  it('a revoked access token gets 401; its refresh token still works unless revoked too', async () => {
    const { app } = makeStandin();
    const { tokens } = await linkedMember(app);
    await request(app).get(EXCHANGE).query({ access_token: tokens.access_token }).expect(200);

    const revoke = await request(app).post(`/_standin/tokens/${tokens.access_token}/revoke`).send({}).expect(200);
    expect(revoke.body).toEqual({ revoked: true, refresh_token_revoked: false });
    const res = await request(app).get(EXCHANGE).query({ access_token: tokens.access_token }).expect(401);
    expect(res.body).toEqual({ detail: 'Invalid token.' });
    await request(app).post(`/_standin/tokens/${tokens.access_token}/revoke`).send({}).expect(404);

    const refreshed = await request(app)
      .post('/oauth2/token/')
      .auth('study-client', 'study-secret-123')
      .type('form')
      .send({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token })
      .expect(200);

    await request(app).post(`/_standin/tokens/${refreshed.body.access_token}/revoke`).send({ refresh_token: true }).expect(200);
    const gone = await request(app)
      .post('/oauth2/token/')
      .auth('study-client', 'study-secret-123')
      .type('form')
      .send({ grant_type: 'refresh_token', refresh_token: refreshed.body.refresh_token })
      .expect(400);
    expect(gone.body.error).toBe('invalid_grant');
  });
});
