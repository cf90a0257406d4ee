import {
  apiRoutes,
  gatewayRoutes,
  routeTable,
  routesOf,
  consentRequestSchema,
  deauthorizeNoticeSchema,
  participantConsentedDataSchema,
  resetSurveysRequestSchema,
  settingsSchema,
  surveyStateSchema,
  cloudEventEnvelopeSchema,
  errorBodySchema,
  problemDetails,
  EVENT_TYPE_PATTERN,
  EventTypes,
  initialSurveyState,
  matchApiRoute,
  pgIdSchema,
  secretPathPrefixes,
  userRequestSchema,
  userViewSchema,
} from './index';

const PG_ID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';

describe('pgIdSchema', () => {
  it.each([
    [PG_ID, true],
    [PG_ID.toUpperCase(), true],
    ['3f2b8c1e-9d4a-3e6f-8a7b-1c2d3e4f5a6b', false],
    ['3f2b8c1e-9d4a-4e6f-ca7b-1c2d3e4f5a6b', false],
    ['not-a-uuid', false],
    ['', false],
  ])('%j valid=%s', (value, valid) => {
    expect(pgIdSchema.safeParse(value).success).toBe(valid);
  });

  it.each([[123], [null], [{ $gt: '' }], [[PG_ID]]])('rejects non-string %j', (value) => {
    expect(pgIdSchema.safeParse(value).success).toBe(false);
  });
});

describe('userRequestSchema', () => {
  it('accepts exactly {pgId}', () => {
    expect(userRequestSchema.parse({ pgId: PG_ID })).toEqual({ pgId: PG_ID });
  });

  it.each([
    [{}],
    [{ pgId: PG_ID, extra: 1 }],
    [{ pgId: { $gt: '' } }],
    [{ pgId: 42 }],
    [[PG_ID]],
    [null],
    ['pgId'],
  ])('rejects %j', (body) => {
    expect(userRequestSchema.safeParse(body).success).toBe(false);
  });
});

describe('errorBodySchema', () => {
  it('accepts the shared error body', () => {
    expect(errorBodySchema.safeParse(problemDetails({ status: 404, message: 'No participant with this study ID.', code: 'PARTICIPANT_NOT_FOUND', requestId: 'abc12345' })).success).toBe(true);
  });

  it.each([
    [{ error: 'x', code: 'not-snake', requestId: 'r' }],
    [{ error: '', code: 'X', requestId: 'r' }],
    [{ error: 'x', code: 'X' }],
  ])('rejects %j', (body) => {
    expect(errorBodySchema.safeParse(body).success).toBe(false);
  });
});

describe('userViewSchema', () => {
  const view = {
    access: { pgId: PG_ID, consent: true, dataReady: false, snpFileUploaded: false },
    selfAssessment: initialSurveyState('selfAssessment'),
    nardi: { ...initialSurveyState('nardi'), status: 'completed', typeCode: 'INTJ', consistency: 7 },
    mbti: initialSurveyState('mbti'),
    typeFinder: { id: 'typeFinder', status: 'completed', index: 0, answers: [], typeCode: 'ENFP' },
    finalScore: null,
  };

  it('accepts a participant view', () => {
    expect(userViewSchema.parse(view)).toEqual(view);
  });

  it('accepts an Inconclusive final score and rejects other non-type codes', () => {
    expect(userViewSchema.safeParse({ ...view, finalScore: { typeCode: 'Inconclusive' } }).success).toBe(true);
    expect(userViewSchema.safeParse({ ...view, finalScore: { typeCode: 'XXXX' } }).success).toBe(false);
  });

  it('starts surveys pending at the first question with no answers', () => {
    expect(initialSurveyState('nardi')).toEqual({ id: 'nardi', status: 'pending', index: 0, answers: [] });
  });
});

describe('event types', () => {
  it.each(Object.values(EventTypes))('%s follows <service>.<entity>.<past tense>.v<major>', (type) => {
    expect(type).toMatch(EVENT_TYPE_PATTERN);
  });

  it.each(['participants.participant.consented', 'billing.invoice.paid.v1', 'participants.participant.consented.v0', 'participants.consented.v1', 'participants.Survey.completed.v1'])(
    'rejects %s',
    (type) => {
      expect(type).not.toMatch(EVENT_TYPE_PATTERN);
    },
  );

  it('validates the CloudEvents envelope', () => {
    const event = {
      specversion: '1.0',
      id: 'e1',
      type: EventTypes.surveyCompleted,
      source: 'svc-participants',
      time: '2025-01-01T00:00:00.000Z',
      subject: PG_ID,
      correlationid: 'req-12345678',
      datacontenttype: 'application/json',
      data: { surveyId: 'nardi' },
    };
    expect(cloudEventEnvelopeSchema.safeParse(event).success).toBe(true);
    expect(cloudEventEnvelopeSchema.safeParse({ ...event, specversion: '0.3' }).success).toBe(false);
    expect(cloudEventEnvelopeSchema.safeParse({ ...event, subject: 'nobody' }).success).toBe(false);
  });
});

describe('apiRoutes', () => {
  const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

  it('lists every call of the product spec, the two webhooks, the TypeFinder import, the admin tools, the settings, the authorization start, the participant session and the result stream, each once', () => {
    expect(apiRoutes.map(key).sort()).toEqual(
      [
        'POST /api/user',
        'POST /api/user/survey',
        'POST /api/user/survey/upd',
        'POST /api/user/nardi',
        'POST /api/user/nardi/report',
        'POST /api/user/nardi/final',
        'POST /api/user/survey/final',
        'POST /api/user/reset',
        'POST /api/user/withdraw',
        'POST /api/user/mbti',
        'POST /api/user/tfresult',
        'GET /api/authorization',
        'POST /api/consent',
        'POST /api/session',
        'POST /api/session/end',
        'GET /api/user/report/:pgId',
        'GET /api/ohready/:masterKey',
        'GET /api/stats',
        'POST /api/typefinder/results',
        'POST /api/typefinder/import',
        'POST /api/openhumans/deauthorize',
        'GET /api/settings',
        'GET /api/admin/enrollment',
        'POST /api/admin/download-links',
        'GET /api/admin/audit',
        'GET /api/admin/audit/entries',
        'GET /api/admin/roster',
        'GET /api/admin/audit/export',
        'POST /api/admin/sign-in',
        'POST /api/admin/sign-in/passkey/options',
        'POST /api/admin/sign-in/passkey',
        'POST /api/admin/staff/setup',
        'POST /api/admin/staff/setup/complete',
        'GET /api/admin/session',
        'POST /api/admin/sign-out',
        'POST /api/admin/passkeys/options',
        'POST /api/admin/passkeys',
        'GET /api/admin/staff',
        'POST /api/admin/staff',
        'POST /api/admin/staff/:staffId/role',
        'POST /api/admin/staff/:staffId/remove',
        'POST /api/admin/reminders/preview',
        'POST /api/admin/reminders/send',
        'GET /api/admin/analysis-export',
        'GET /api/admin/analysis-export/dictionary',
        'GET /api/user/events/:pgId',
        'GET /api/consent/text',
        'POST /api/consent/renew',
        'GET /api/consent/pdf/:pgId',
        'GET /api/admin/consent-versions',
        'POST /api/admin/consent-versions',
      ].sort(),
    );
  });

  it.each([
    ['POST', '/api/user', 'participants'],
    ['GET', '/api/user/events/6f1c2a9e-3b4d-4c5e-9f60-718293a4b5c6', 'participants'],
    ['POST', '/api/user/survey/upd', 'participants'],
    ['GET', '/api/ohready/s3cret', 'participants'],
    ['POST', '/api/openhumans/deauthorize', 'participants'],
    ['POST', '/api/user/withdraw', 'participants'],
    ['POST', '/api/typefinder/import', 'participants'],
    ['POST', '/api/user/tfresult', 'participants'],
    ['POST', '/api/user/nardi/final', 'scoring'],
    ['GET', '/api/settings', 'participants'],
    ['POST', '/api/user/nardi', 'scoring'],
    ['POST', '/api/user/survey/final', 'scoring'],
    ['POST', '/api/user/nardi/report', 'reports'],
    ['GET', `/api/user/report/${PG_ID}?download=1`, 'reports'],
    ['post', '/API/User/', 'participants'],
  ])('%s %s belongs to %s', (method, path, service) => {
    expect(matchApiRoute(path, method)?.service).toBe(service);
  });

  it.each([
    ['GET', '/api/user'],
    ['POST', '/api/user/unknown'],
    ['GET', '/api/ohready'],
    ['GET', '/api/ohready/a/b'],
  ])('%s %s belongs to no service', (method, path) => {
    expect(matchApiRoute(path, method)).toBeUndefined();
  });

  it('leaves the routes the gateway answers itself out of what it forwards, and still names them', () => {
    expect(gatewayRoutes.map(key)).toEqual(['POST /api/error-reports']);
    expect(apiRoutes.map(key)).not.toContain('POST /api/error-reports');
    expect(routeTable).toHaveLength(apiRoutes.length + gatewayRoutes.length);
    expect(routesOf('participants').map(key)).not.toContain('POST /api/error-reports');
    expect(matchApiRoute('/api/error-reports', 'POST')?.service).toBe('gateway');
  });

  it('names the template of a secret-carrying path whatever the method', () => {
    expect(matchApiRoute('/api/ohready/s3cret')?.path).toBe('/api/ohready/:masterKey');
  });

  it('lists the prefixes under which paths carry secrets', () => {
    expect(secretPathPrefixes).toEqual(['/api/ohready/']);
  });
});

describe('survey state', () => {
  it('keeps consistency for the Nardi survey only', () => {
    expect(surveyStateSchema.safeParse({ ...initialSurveyState('nardi'), consistency: 7 }).success).toBe(true);
    expect(surveyStateSchema.safeParse({ ...initialSurveyState('mbti'), consistency: 7 }).success).toBe(false);
  });

  it('keeps the part two to four choices for the Nardi survey only, with known codes', () => {
    const choices = { selectedTemperament: 'NT', selectedFP: 'NTJ', selectedTypeCode: 'INTJ' };
    expect(surveyStateSchema.safeParse({ ...initialSurveyState('nardi'), status: 'part-three', ...choices }).success).toBe(true);
    expect(surveyStateSchema.safeParse({ ...initialSurveyState('selfAssessment'), selectedTemperament: 'NT' }).success).toBe(false);
    expect(surveyStateSchema.safeParse({ ...initialSurveyState('nardi'), selectedTemperament: 'XX' }).success).toBe(false);
    expect(surveyStateSchema.safeParse({ ...initialSurveyState('nardi'), selectedFP: 'NTX' }).success).toBe(false);
  });

  it('requires each survey of the user view under its own name', () => {
    const view = {
      access: { pgId: PG_ID, consent: true, dataReady: false, snpFileUploaded: true },
      selfAssessment: initialSurveyState('selfAssessment'),
      nardi: initialSurveyState('mbti'),
      mbti: initialSurveyState('mbti'),
      typeFinder: initialSurveyState('typeFinder'),
      finalScore: null,
    };
    expect(userViewSchema.safeParse(view).success).toBe(false);
    expect(userViewSchema.safeParse({ ...view, nardi: initialSurveyState('nardi') }).success).toBe(true);
  });
});

describe('consent and Open Humans contracts', () => {
  const STATE = '0123456789abcdef0123456789abcdef';
  it.each([
    [{ code: 'AbC123xyz', state: STATE, versionId: 'v1', adult: true }, true],
    [{ code: 'AbC123xyz' }, false],
    [{ code: 'AbC123xyz', versionId: 'v1', adult: true }, false],
    [{ code: 'AbC123xyz', state: 'A'.repeat(32), versionId: 'v1', adult: true }, false],
    [{ code: 'AbC123xyz', state: STATE.slice(1), versionId: 'v1', adult: true }, false],
    [{ code: 'AbC123xyz', state: STATE, versionId: 'v1' }, false],
    [{ code: 'AbC123xyz', adult: true }, false],
    [{ code: '', state: STATE, versionId: 'v1', adult: true }, false],
    [{ code: 'has space', state: STATE, versionId: 'v1', adult: true }, false],
    [{ code: 'x'.repeat(513), state: STATE, versionId: 'v1', adult: true }, false],
    [{ code: 42, state: STATE, versionId: 'v1', adult: true }, false],
    [{ code: { $ne: '' }, state: STATE, versionId: 'v1', adult: true }, false],
    [{ code: 'abc', state: STATE, versionId: 'v1', adult: true, pgId: PG_ID }, false],
    [{}, false],
  ])('consent request %j valid=%s', (body, valid) => {
    expect(consentRequestSchema.safeParse(body).success).toBe(valid);
  });

  it('describes the settings the frontends read', () => {
    const settings = { resetSurveysEnabled: false, studyEmailHost: 'study.example.org' };
    expect(settingsSchema.parse(settings)).toEqual(settings);
    expect(settingsSchema.safeParse({ ...settings, typeFinderWidgetUrl: 'http://127.0.0.1:4202/widget' }).success).toBe(true);
    expect(settingsSchema.safeParse({ ...settings, typeFinderWidgetUrl: 'javascript:alert(1)' }).success).toBe(false);
  });

  it.each([
    [{ project_member_id: '12345678', erasure_requested: true, timestamp: '2025-01-01T00:00:00Z' }, true],
    [{ project_member_id: '1234567', erasure_requested: true, timestamp: '2025-01-01T00:00:00Z' }, false],
    [{ project_member_id: 12345678, erasure_requested: true, timestamp: '2025-01-01T00:00:00Z' }, false],
    [{ project_member_id: '12345678', erasure_requested: 'yes', timestamp: '2025-01-01T00:00:00Z' }, false],
    [{ project_member_id: '12345678', erasure_requested: false }, false],
    [{ project_member_id: '12345678', erasure_requested: false, timestamp: 'now', extra: 1 }, false],
  ])('deauthorization notice %j valid=%s', (body, valid) => {
    expect(deauthorizeNoticeSchema.safeParse(body).success).toBe(valid);
  });

  it('accepts exactly {pgId} for a reset', () => {
    expect(resetSurveysRequestSchema.safeParse({ pgId: PG_ID }).success).toBe(true);
    expect(resetSurveysRequestSchema.safeParse({ pgId: PG_ID, all: true }).success).toBe(false);
  });

  it('describes the consented event data', () => {
    expect(participantConsentedDataSchema.safeParse({ snpFileUploaded: true, reauthorized: false }).success).toBe(true);
    expect(participantConsentedDataSchema.safeParse({ snpFileUploaded: 'yes', reauthorized: false }).success).toBe(false);
  });
});
