import request from 'supertest';
import { makeStandin } from './test-helpers';

describe('APPEND_SLASH (Django CommonMiddleware)', () => {
  it('answers a platform path without its trailing slash 301 to the path with it, keeping the query, for any method', async () => {
    const { app } = makeStandin({ masterAccessToken: 'master-token-for-tests-0123' });
    const get = await request(app).get('/api/direct-sharing/project/members?access_token=abc&limit=2').expect(301);
    expect(get.headers.location).toBe('/api/direct-sharing/project/members/?access_token=abc&limit=2');
    expect(get.text).toBe('');
    const post = await request(app).post('/api/direct-sharing/project/remove-members').send({ project_member_ids: ['12345678'] }).expect(301);
    expect(post.headers.location).toBe('/api/direct-sharing/project/remove-members/');
    expect((await request(app).post('/oauth2/token').type('form').send({ grant_type: 'x' }).expect(301)).headers.location).toBe('/oauth2/token/');
    expect((await request(app).get('/direct-sharing/projects/oauth2/authorize?client_id=x').expect(301)).headers.location).toBe('/direct-sharing/projects/oauth2/authorize/?client_id=x');
  });

  it('leaves other paths alone', async () => {
    const { app } = makeStandin();
    await request(app).get('/api/direct-sharing/project/nothing').expect(404);
    await request(app).get('/_standin/members').expect(200);
  });
});
