// The study's account of a member's browser on the authorize page, against this stand-in's page.
import { approveAsMember } from '@study/participant-client';
import { AUTHORIZE, CLIENT_ID, makeStandin, redeem, REDIRECT_URI } from './test-helpers';

describe("a member approving on the stand-in's authorize page (@study/participant-client approveAsMember)", () => {
  const { standin, app } = makeStandin();
  let url: string;
  beforeAll(async () => {
    url = (await standin.start()).url;
  });
  afterAll(() => standin.stop());

  it("carries the request's parameters through, so the code is bound to its state, redirect_uri and PKCE challenge", async () => {
    const query = new URLSearchParams({
      client_id: CLIENT_ID,
      response_type: 'code',
      redirect_uri: REDIRECT_URI,
      state: 's1',
      // RFC 7636 appendix B.
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    const { code, location } = await approveAsMember(`${url}${AUTHORIZE}?${query.toString()}`, { member: '31415926', sources: ['direct-sharing-128', 'direct-sharing-138'] });
    expect(location.searchParams.get('state')).toBe('s1');
    const tokens = await redeem(app, code, REDIRECT_URI, 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk');
    expect(tokens.access_token).toEqual(expect.any(String));
    const member = (await (await fetch(`${url}/api/direct-sharing/project/exchange-member/?access_token=${tokens.access_token}`)).json()) as { project_member_id: string; sources_shared: string[] };
    expect(member.project_member_id).toBe('31415926');
    expect(member.sources_shared).toEqual(['direct-sharing-128', 'direct-sharing-138']);
  });

  it('says what the stand-in answered when it refuses the authorize request', async () => {
    await expect(approveAsMember(`${url}${AUTHORIZE}?client_id=nobody&response_type=code`, { member: '31415926' })).rejects.toThrow(/The authorize page answered 400: /);
  });
});
