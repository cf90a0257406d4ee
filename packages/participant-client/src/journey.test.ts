import { scoreNardi } from '@study/personality';
import { ParticipantClient } from './client';
import { answerNardi, completeJourney, declineSurvey, firstOffers, join, nardiAnswers, takeTypeFinder, withdraw } from './journey';

const PG_ID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';
const BASE = 'http://study.test';
const OH = 'http://oh.test';
const WIDGET = 'http://typefinder.test/widget';
const survey = (id: string) => ({ id, status: 'pending', index: 0, answers: [] });
const VIEW = {
  access: { pgId: PG_ID, consent: true, dataReady: false, snpFileUploaded: true },
  selfAssessment: survey('selfAssessment'),
  nardi: survey('nardi'),
  mbti: survey('mbti'),
  typeFinder: survey('typeFinder'),
  finalScore: null,
};

interface Seen {
  method: string;
  url: string;
  body?: string;
  cookie?: string;
}

/**
 * A stack in one function: the study's routes the journey calls, the Open Humans stand-in's
 * authorize form and the TypeFinder widget. `overrides` answers a path first (return undefined to fall through).
 */
function fakeStack(overrides: (seen: Seen, count: number) => Response | undefined = () => undefined) {
  const seen: Seen[] = [];
  const counts = new Map<string, number>();
  const ok = (body: unknown, headers: Record<string, string> = {}) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', ...headers } });
  const handler = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input));
    const headers = (init.headers ?? {}) as Record<string, string>;
    const entry: Seen = { method: init.method ?? 'GET', url: url.toString(), body: typeof init.body === 'string' ? init.body : init.body instanceof URLSearchParams ? init.body.toString() : undefined, cookie: headers.cookie };
    seen.push(entry);
    const key = `${entry.method} ${url.pathname}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    const overridden = overrides(entry, counts.get(key)!);
    if (overridden) return overridden;
    switch (key) {
      case 'GET /api/authorization':
        return new Response('', { status: 302, headers: { location: `${OH}/direct-sharing/projects/oauth2/authorize/?client_id=c&state=${url.searchParams.get('state')}&code_challenge=x`, 'set-cookie': 'study_authorization=sealed; Path=/api; HttpOnly' } });
      case 'GET /direct-sharing/projects/oauth2/authorize/': {
        // The authorize page: the request's parameters as hidden fields, a suggested member, 23andMe checked.
        const hidden = [...url.searchParams].map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`).join('');
        const form = `<form method="post" action="/direct-sharing/projects/oauth2/authorize/">${hidden}<input id="member" name="member" value="99999999"><input type="checkbox" name="sources" value="direct-sharing-128" checked></form>`;
        return new Response(form, { status: 200, headers: { 'content-type': 'text/html' } });
      }
      case 'POST /direct-sharing/projects/oauth2/authorize/':
        return new Response('', { status: 302, headers: { location: `${BASE}/return?code=the-code&state=s` } });
      case 'GET /api/consent/text':
        return ok({ versionId: 'v2', text: '# Consent', publishedAt: '2026-01-01T00:00:00.000Z', hash: 'a'.repeat(64) });
      case 'GET /api/settings':
        return ok({ resetSurveysEnabled: false, studyEmailHost: 'study.example.org' });
      case 'POST /api/consent':
        return ok({ pgId: PG_ID }, { 'set-cookie': 'study_session=s1; Path=/; HttpOnly' });
      case 'POST /widget':
        return new Response('<p>Results sent</p>', { status: 200 });
      case 'POST /api/user/tfresult':
        return ok({ typeCode: 'ENFP' });
      case 'POST /api/user/survey':
      case 'POST /api/user/survey/upd':
      case 'POST /api/user':
        return ok(VIEW);
      case 'POST /api/user/nardi':
        return ok(scoreNardi(nardiAnswers(1)));
      case 'POST /api/user/withdraw':
        return ok({ outcome: 'withdrawn', removedFromOpenHumans: true });
      default:
        return new Response(JSON.stringify({ error: `no route ${key}`, code: 'NOT_FOUND' }), { status: 404, headers: { 'content-type': 'application/problem+json' } });
    }
  };
  jest.spyOn(globalThis, 'fetch').mockImplementation(handler as typeof fetch);
  const client = new ParticipantClient({ baseUrl: BASE, typeFinderWidgetUrl: WIDGET, fetchImpl: handler as typeof fetch, pollMs: 1 });
  return { client, seen };
}

afterEach(() => jest.restoreAllMocks());

describe('join', () => {
  it("authorizes on the Open Humans stand-in and consents with the code, state, consent version and 18+, from the browser holding the authorization cookie; the session is kept", async () => {
    const { client, seen } = fakeStack();
    const joined = await join(client, { member: '12345678' });
    expect(joined).toEqual({ pgId: PG_ID, studyEmail: `${PG_ID}@study.example.org`, member: '12345678' });
    const start = seen.find((s) => s.url.startsWith(`${BASE}/api/authorization?`));
    const state = new URL(start!.url).searchParams.get('state');
    expect(state).toMatch(/^[0-9a-f]{32}$/);
    const approve = new URLSearchParams(seen.find((s) => s.method === 'POST' && s.url.startsWith(OH))!.body);
    expect(approve.get('member')).toBe('12345678');
    expect(approve.get('decision')).toBe('authorize');
    // The authorize request's parameters went back as the page's hidden fields.
    expect(approve.get('state')).toBe(state);
    const consent = seen.find((s) => s.url === `${BASE}/api/consent`)!;
    expect(JSON.parse(consent.body!)).toEqual({ code: 'the-code', state, versionId: 'v2', adult: true });
    expect(consent.cookie).toBe('study_authorization=sealed');
    expect(client.sessions.headersFor(PG_ID)).toEqual({ cookie: 'study_session=s1' });
  });
});

describe('takeTypeFinder', () => {
  it("posts the quiz's letters for the study email to the widget, then claims the result", async () => {
    const { client, seen } = fakeStack();
    await expect(takeTypeFinder(client, PG_ID, 'enfp')).resolves.toBe('ENFP');
    const widget = new URLSearchParams(seen.find((s) => s.url === WIDGET)!.body);
    expect(Object.fromEntries(widget)).toEqual({ email: `${PG_ID}@study.example.org`, energy: 'E', information: 'N', decisions: 'F', lifestyle: 'P' });
    expect(seen.at(-1)).toMatchObject({ method: 'POST', url: `${BASE}/api/user/tfresult`, body: JSON.stringify({ pgId: PG_ID }) });
  });

  it("throws a widget's refusal without the screens' policy", async () => {
    const { client } = fakeStack((s) => (s.url === WIDGET ? new Response('Results not sent', { status: 502 }) : undefined));
    await expect(takeTypeFinder(client, PG_ID)).rejects.toThrow('the TypeFinder widget answered 502');
  });
});

describe('answerNardi', () => {
  it('saves the 25 answers, waits for the scores, and takes the first offer of each part', async () => {
    const { client, seen } = fakeStack((s, count) => (s.url.endsWith('/api/user/nardi') && count === 1 ? new Response(JSON.stringify({ error: 'not yet', code: 'NARDI_NOT_SCORED' }), { status: 409, headers: { 'content-type': 'application/problem+json' } }) : undefined));
    const taken = await answerNardi(client, PG_ID, { variant: 1 });
    const offers = firstOffers(scoreNardi(nardiAnswers(1)));
    expect(taken).toMatchObject(offers);
    const bodies = seen.filter((s) => s.url.startsWith(`${BASE}/api/user/survey`)).map((s) => JSON.parse(s.body!));
    expect(bodies[0].survey).toMatchObject({ id: 'nardi', status: 'part-one', index: 24, answers: nardiAnswers(1) });
    expect(bodies.slice(1).map((b) => b.update.nardi)).toEqual([
      { status: 'part-two', selectedTemperament: offers.selectedTemperament },
      { status: 'part-three', selectedFP: offers.selectedFP },
      { status: 'completed', selectedTypeCode: offers.selectedTypeCode },
    ]);
    expect(seen.filter((s) => s.url.endsWith('/api/user/nardi'))).toHaveLength(2);
  });

  it("stops before part four when asked to", async () => {
    const { client, seen } = fakeStack();
    await answerNardi(client, PG_ID, { through: 'part-three' });
    expect(seen.filter((s) => s.url.endsWith('/api/user/survey/upd'))).toHaveLength(2);
  });
});

describe('declineSurvey', () => {
  it.each(['nardi', 'selfAssessment'] as const)("sets the %s survey's status to rejected, nothing else", async (survey) => {
    const { client, seen } = fakeStack();
    await declineSurvey(client, PG_ID, survey);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', url: `${BASE}/api/user/survey/upd` });
    expect(JSON.parse(seen[0]!.body!)).toEqual({ pgId: PG_ID, update: { [survey]: { status: 'rejected' } } });
  });
});

describe('withdraw', () => {
  it('withdraws keeping the data unless erasure is asked for, with the participant session', async () => {
    const { client, seen } = fakeStack();
    client.sessions.hold(PG_ID, 'study_session=s1');
    await expect(withdraw(client, PG_ID)).resolves.toEqual({ outcome: 'withdrawn', removedFromOpenHumans: true });
    await withdraw(client, PG_ID, { erase: true });
    expect(seen.map((s) => JSON.parse(s.body!))).toEqual([{ pgId: PG_ID, erase: false }, { pgId: PG_ID, erase: true }]);
    expect(seen[0]).toMatchObject({ url: `${BASE}/api/user/withdraw`, cookie: 'study_session=s1' });
  });
});

describe('completeJourney', () => {
  it('goes from consent to the report: Nardi type, self-assessment, final type, the PDF once listed', async () => {
    const pdf = Buffer.from('%PDF-1.7 test');
    const { client, seen } = fakeStack((s, count) => {
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      if (s.url.endsWith('/api/user/nardi/final')) return json({ typeCode: 'INFP', consistency: 7 });
      if (s.url.endsWith('/api/user/survey/final')) return json({ typeCode: 'ENFP', computedAt: '2026-01-01T00:00:00.000Z' });
      if (s.url === `${BASE}/api/user` && count >= 3) return json({ ...VIEW, finalReport: { generatedAt: '2026-01-01T00:00:00.000Z' } });
      if (s.url === `${BASE}/api/user/report/${PG_ID}`) return new Response(pdf, { status: 200, headers: { 'content-type': 'application/pdf' } });
      return undefined;
    });
    const journey = await completeJourney(client, { member: '12345678', typeFinderType: 'ENFP' });
    expect(journey).toMatchObject({ pgId: PG_ID, typeFinderType: 'ENFP', finalType: 'ENFP', nardi: { typeCode: 'INFP' } });
    expect(journey.report?.toString()).toBe(pdf.toString());
    const selfAssessment = seen.map((s) => (s.body?.includes('"selfAssessment"') ? JSON.parse(s.body) : undefined)).find(Boolean);
    expect(selfAssessment.survey).toMatchObject({ id: 'selfAssessment', status: 'completed', typeCode: 'ENFP', answers: expect.arrayContaining([{ id: 'confidence', value: '100%' }]) });
    expect(seen.find((s) => s.url.endsWith(`/report/${PG_ID}`))?.cookie).toBe('study_session=s1');
  });
});
