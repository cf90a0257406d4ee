import { eventDefinitions, eventTopics, type EventDefinition } from '../events';

/** Where the map is committed, from the repository root, and the comments it sits between there. */
export const EVENT_MAP_FILE = 'README.md';
export const EVENT_MAP_START = '<!-- event-map:start -->';
export const EVENT_MAP_END = '<!-- event-map:end -->';

// A `|` would end a table cell early.
const cell = (text: string): string => text.replace(/\|/g, '\\|');

/**
 * The event map as a Markdown table: by producer, each event with the services that handle
 * it and its summary, in the order of the definitions.
 */
export function eventMapTable(definitions: readonly EventDefinition[] = eventDefinitions): string {
  const rows = eventTopics.flatMap((producer) =>
    definitions
      .filter((definition) => definition.producer === producer)
      .map((definition) => `| svc-${producer} | \`${definition.type}\` | ${definition.consumers.map((consumer) => `svc-${consumer}`).join(', ')} | ${cell(definition.summary)} |`),
  );
  return ['| Producer | Event | Consumers | What it says |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

/** The README with the text between the markers made the current map; throws when the markers are missing. */
export function withEventMap(readme: string, table: string = eventMapTable()): string {
  const start = readme.indexOf(EVENT_MAP_START);
  const end = readme.indexOf(EVENT_MAP_END);
  if (start < 0 || end < start) throw new Error(`${EVENT_MAP_FILE} has no ${EVENT_MAP_START} ... ${EVENT_MAP_END} section for the event map`);
  const generated = '<!-- Made by `npm run contracts:generate` from packages/contracts/src/events.ts: edit the definitions, not this table. -->';
  return `${readme.slice(0, start)}${EVENT_MAP_START}\n${generated}\n\n${table}\n\n${readme.slice(end)}`;
}
