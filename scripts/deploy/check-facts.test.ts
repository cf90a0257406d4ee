import { containerOf, parseSmokeParticipant, serviceOf, stringAt } from './check-facts';

describe('compose names', () => {
  it("names a service's container in the project, and reads the service back", () => {
    expect(containerOf('study-check-42', 'svc-participants')).toBe('study-check-42_svc-participants_1');
    expect(serviceOf('study-check-42', 'study-check-42_svc-participants_1')).toBe('svc-participants');
    expect(serviceOf('study-check-42', 'study-check-42_standin-open-humans_1')).toBe('standin-open-humans');
  });
});

describe('parseSmokeParticipant', () => {
  it('takes the study ID and session the smoke test left, and refuses a file without them', () => {
    const json = { pgId: '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b', finalType: 'INTJ', sessionCookie: 'study_session=abc' };
    expect(parseSmokeParticipant(json)).toEqual({ pgId: json.pgId, sessionCookie: 'study_session=abc' });
    expect(() => parseSmokeParticipant({ pgId: json.pgId })).toThrow('participant.json');
    expect(() => parseSmokeParticipant(null)).toThrow('participant.json');
  });
});

describe('stringAt', () => {
  it('follows the keys to a text, and answers undefined where a step or the text is missing', () => {
    const health = { status: 'ok', services: { scoring: { status: 'ready', release: 'check-abc-scoring2' }, reports: { status: 'down' } } };
    expect(stringAt(health, 'services', 'scoring', 'release')).toBe('check-abc-scoring2');
    expect(stringAt(health, 'services', 'reports', 'release')).toBeUndefined();
    expect(stringAt(health, 'services', 'missing', 'release')).toBeUndefined();
    expect(stringAt({ release: 7 }, 'release')).toBeUndefined();
    expect(stringAt({}, 'release')).toBeUndefined();
    expect(stringAt({ release: 'local' }, 'release')).toBe('local');
  });
});
