import { droppedEventVersions, eventTypeOfSnapshot } from './published-versions';

describe('published event versions', () => {
  it('reads the event type of an event snapshot only', () => {
    expect(eventTypeOfSnapshot('events/scoring.nardi.completed.v1.json')).toBe('scoring.nardi.completed.v1');
    expect(eventTypeOfSnapshot('http/api/user/POST.request.json')).toBeUndefined();
    expect(eventTypeOfSnapshot('cloudevents-envelope.json')).toBeUndefined();
  });

  it('names versions with a snapshot that are neither published nor retired', () => {
    const files = ['events/a.b.c.v1.json', 'events/a.b.c.v2.json', 'events/a.b.d.v1.json', 'http/api/x/POST.request.json'];
    expect(droppedEventVersions(files, ['a.b.c.v2'], [])).toEqual(['a.b.c.v1', 'a.b.d.v1']);
    expect(droppedEventVersions(files, ['a.b.c.v2'], [{ type: 'a.b.c.v1', retiredOn: '2026-11-24', reason: 'read as v2 by all' }])).toEqual(['a.b.d.v1']);
  });
});
