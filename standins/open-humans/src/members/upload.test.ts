import request from 'supertest';
import { EXCHANGE, UPLOAD, linkedMember, makeStandin } from '../test-helpers';

const PDF = Buffer.from('%PDF-1.4\n% final report\n');

describe('file upload', () => {
  it('stores the file for the member and lists it with the project as source', async () => {
    const { app } = makeStandin();
    const { tokens } = await linkedMember(app, { sources: ['direct-sharing-128'] });

    const res = await request(app)
      .post(UPLOAD)
      .query({ access_token: tokens.access_token })
      .field('metadata', JSON.stringify({ tags: ['personality', 'report'], description: 'Final personality report' }))
      .attach('data_file', PDF, { filename: 'final-report.pdf', contentType: 'application/pdf' })
      .expect(201);
    expect(res.body).toEqual({ id: expect.any(Number) });

    const member = await request(app).get(EXCHANGE).query({ access_token: tokens.access_token }).expect(200);
    const uploaded = member.body.data.find((f: { id: number }) => f.id === res.body.id);
    expect(uploaded).toMatchObject({
      basename: 'final-report.pdf',
      source: 'direct-sharing-1000',
      metadata: { tags: ['personality', 'report'], description: 'Final personality report' },
    });

    const url = new URL(uploaded.download_url);
    const file = await request(app).get(`${url.pathname}${url.search}`).buffer(true).parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    }).expect(200);
    expect(file.headers['content-type']).toMatch(/application\/pdf/);
    expect(Buffer.compare(file.body as Buffer, PDF)).toBe(0);
  });

  it('accepts the token as a Bearer header and optional datatypes', async () => {
    const { app } = makeStandin();
    const { tokens } = await linkedMember(app);
    const res = await request(app)
      .post(UPLOAD)
      .set('Authorization', `Bearer ${tokens.access_token}`)
      .field('metadata', JSON.stringify({ tags: [], description: 'x' }))
      .field('datatypes', JSON.stringify(['report']))
      .attach('data_file', PDF, 'r.pdf')
      .expect(201);
    const member = await request(app).get(EXCHANGE).set('Authorization', `Bearer ${tokens.access_token}`).expect(200);
    expect(member.body.data.find((f: { id: number }) => f.id === res.body.id).datatypes).toEqual(['report']);
  });

  it.each([
    ['no metadata', undefined, /required/],
    ['metadata that is not JSON', '{tags', /valid JSON/],
    ['metadata without tags', JSON.stringify({ description: 'x' }), /tags/],
    ['metadata without description', JSON.stringify({ tags: [] }), /description/],
    ['a description over 100 characters', JSON.stringify({ tags: [], description: 'd'.repeat(101) }), /at most 100/],
  ])('400 for %s', async (_name, metadata, message) => {
    const { app } = makeStandin();
    const { tokens } = await linkedMember(app);
    const req = request(app).post(UPLOAD).query({ access_token: tokens.access_token }).attach('data_file', PDF, 'r.pdf');
    if (metadata !== undefined) req.field('metadata', metadata);
    const res = await req.expect(400);
    expect(res.body.metadata.join(' ')).toMatch(message);
  });

  it('accepts a description of exactly 100 characters', async () => {
    const { app } = makeStandin();
    const { tokens } = await linkedMember(app);
    await request(app)
      .post(UPLOAD)
      .query({ access_token: tokens.access_token })
      .field('metadata', JSON.stringify({ tags: [], description: 'd'.repeat(100) }))
      .attach('data_file', PDF, 'r.pdf')
      .expect(201);
  });

  it('400 without a data_file, 415 for a non-multipart body', async () => {
    const { app } = makeStandin();
    const { tokens } = await linkedMember(app);
    const missing = await request(app)
      .post(UPLOAD)
      .query({ access_token: tokens.access_token })
      .field('metadata', JSON.stringify({ tags: [], description: 'x' }))
      .expect(400);
    expect(missing.body.data_file).toEqual(['No file was submitted.']);
    await request(app).post(UPLOAD).query({ access_token: tokens.access_token }).send({ metadata: {} }).expect(415);
  });

  it('401 with a bad token, and nothing is stored', async () => {
    const { app } = makeStandin();
    const { memberId } = await linkedMember(app);
    const res = await request(app)
      .post(UPLOAD)
      .query({ access_token: 'bogus' })
      .field('metadata', JSON.stringify({ tags: [], description: 'x' }))
      .attach('data_file', PDF, 'r.pdf')
      .expect(401);
    expect(res.body).toEqual({ detail: 'Invalid token.' });
    const list = await request(app).get('/_standin/members').expect(200);
    const member = list.body.members.find((m: { project_member_id: string }) => m.project_member_id === memberId);
    expect(member.files.map((f: { source: string }) => f.source)).toEqual(['direct-sharing-128']);
  });
});

describe('UPLOAD_MAX_BYTES', () => {
  it("refuses a body over the stand-in's limit with 413 and stores nothing", async () => {
    const { app } = makeStandin({ uploadMaxBytes: 1024 });
    const { memberId, tokens } = await linkedMember(app);
    const big = await request(app)
      .post(UPLOAD)
      .query({ access_token: tokens.access_token })
      .field('metadata', JSON.stringify({ tags: [], description: 'Big' }))
      .attach('data_file', Buffer.alloc(2048, 'a'), { filename: 'big.txt', contentType: 'text/plain' });
    expect(big.status).toBe(413);
    const files = (await request(app).get(`/_standin/members/${memberId}/files`).expect(200)).body.files as Array<{ basename: string }>;
    expect(files.map((f) => f.basename)).not.toContain('big.txt');
  });
});
