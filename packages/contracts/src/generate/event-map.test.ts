import { defineEvent, events } from '../events';
import { EVENT_MAP_END, EVENT_MAP_START, eventMapTable, withEventMap } from './event-map';

describe('the event map', () => {
  it('lists each event under its producer, with its consumers and summary, producers in the order of their first event', () => {
    const lines = eventMapTable().split('\n');
    expect(lines.slice(0, 2)).toEqual(['| Producer | Event | Consumers | What it says |', '| --- | --- | --- | --- |']);
    expect(lines).toContain(`| svc-scoring | \`scoring.score.finalized.v1\` | svc-participants, svc-reports | ${events.scoreFinalized.summary} |`);
    expect(lines.slice(2).map((line) => line.split(' | ')[0])).toEqual([...Array(8).fill('| svc-participants'), ...Array(5).fill('| svc-scoring'), '| svc-reports', '| svc-reports']);
  });

  it('keeps a | in a summary inside its cell', () => {
    const piped = defineEvent({ type: 'reports.report.piped.v1', schema: events.reportGenerated.schema, producer: 'reports', consumers: ['scoring'], summary: 'a | b' });
    expect(eventMapTable([piped])).toContain('| a \\| b |');
  });

  it('replaces only what is between the markers, and again gives the same text', () => {
    const readme = `# Title\n\n## Events\n\nProse.\n\n${EVENT_MAP_START}\nold table\n${EVENT_MAP_END}\n\n## Next\n`;
    const once = withEventMap(readme, '| t |');
    expect(once).toBe(`# Title\n\n## Events\n\nProse.\n\n${EVENT_MAP_START}\n${once.split('\n')[7]}\n\n| t |\n\n${EVENT_MAP_END}\n\n## Next\n`);
    expect(once.split('\n')[7]).toContain('npm run contracts:generate');
    expect(withEventMap(once, '| t |')).toBe(once);
  });

  it('refuses a README without the markers', () => {
    expect(() => withEventMap('# Title\n', '| t |')).toThrow(/event-map:start/);
  });
});
