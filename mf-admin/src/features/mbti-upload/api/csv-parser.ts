// csv-parse's browser build: its default build needs Node's Buffer and streams.
export { parse } from 'csv-parse/browser/esm/sync';
