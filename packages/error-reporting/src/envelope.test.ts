import { envelopeEventId, errorReports, MalformedEnvelopeError, parseEnvelope, SUMMARY_LIMITS } from './envelope';

const EVENT_ID = '0123456789abcdef0123456789abcdef';
const PG_ID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';

const line = (value: unknown) => JSON.stringify(value);
const envelope = (...lines: string[]) => Buffer.from(lines.join('\n'));

const errorEvent = {
  event_id: EVENT_ID,
  level: 'error',
  release: '@study/mf-nardi@0.2.0',
  environment: 'production',
  tags: { route: '/nardi/part-one', remote: 'mf_nardi', kind: 'boundary' },
  exception: {
    values: [
      {
        type: 'TypeError',
        value: `Cannot read properties of undefined (reading 'answers') for ${PG_ID}`,
        mechanism: { type: 'generic', handled: true },
        stacktrace: {
          frames: [
            { filename: 'http://127.0.0.1:8080/main.1a2b3c4d.js', function: 'renderRoot', lineno: 2, colno: 100 },
            { filename: 'http://127.0.0.1:8080/mf/nardi/305.87e7f8b9.js', function: 'PartOnePage', lineno: 1, colno: 4242 },
          ],
        },
      },
    ],
  },
};

describe('parseEnvelope', () => {
  it('reads the header and each item, a payload by its line or by its length in bytes', () => {
    const sized = line({ reason: 'queue_overflow', note: 'é' });
    const parsed = parseEnvelope(
      envelope(
        line({ event_id: EVENT_ID, sent_at: '2026-11-27T14:00:00.000Z', dsn: 'http://study@127.0.0.1:8080/1' }),
        line({ type: 'event' }),
        line(errorEvent),
        line({ type: 'client_report', length: Buffer.byteLength(sized) }),
        `${sized}`,
        '',
      ),
    );
    expect(parsed.header.event_id).toBe(EVENT_ID);
    expect(parsed.items.map((item) => item.type)).toEqual(['event', 'client_report']);
    expect(parsed.items[1]?.payload).toEqual({ reason: 'queue_overflow', note: 'é' });
    expect(envelopeEventId(parsed)).toBe(EVENT_ID);
  });

  it('passes item types it does not read without reading their payload', () => {
    const parsed = parseEnvelope(envelope(line({}), line({ type: 'attachment', length: 3 }), 'a\nb', line({ type: 'transaction' }), line({ type: 'transaction', spans: [] })));
    expect(parsed.items.map((item) => [item.type, item.payload === undefined])).toEqual([
      ['attachment', true],
      ['transaction', false],
    ]);
    expect(envelopeEventId(parsed)).toBeUndefined();
  });

  it.each([
    ['an empty body', ''],
    ['a header that is not JSON', 'not json\n{"type":"event"}\n{}'],
    ['a header that is not an object', '[1]\n{"type":"event"}\n{}'],
    ['no item', line({ event_id: EVENT_ID })],
    ['an item without a type', `${line({})}\n${line({ length: 2 })}\n{}`],
    ['an event payload that is not JSON', `${line({})}\n${line({ type: 'event' })}\n{oops`],
    ['a length past the end', `${line({})}\n${line({ type: 'event', length: 500 })}\n{}`],
    ['a negative length', `${line({})}\n${line({ type: 'event', length: -1 })}\n{}`],
  ])('refuses %s with a message saying what is wrong', (_what, body) => {
    expect(() => parseEnvelope(Buffer.from(body))).toThrow(MalformedEnvelopeError);
  });

  it('refuses an envelope of too many items', () => {
    const items = Array.from({ length: 21 }, () => `${line({ type: 'client_report' })}\n${line({})}`);
    expect(() => parseEnvelope(envelope(line({}), ...items))).toThrow('more than 20 items');
  });
});

describe('errorReports', () => {
  it('sums each error event up: route, remote, release, kind, message and the innermost frames first, without study IDs', () => {
    const [report, ...others] = errorReports(parseEnvelope(envelope(line({ event_id: EVENT_ID }), line({ type: 'event' }), line(errorEvent), line({ type: 'transaction' }), line({ type: 'transaction' }))));
    expect(others).toEqual([]);
    expect(report).toEqual({
      eventId: EVENT_ID,
      route: '/nardi/part-one',
      remote: 'mf_nardi',
      release: '@study/mf-nardi@0.2.0',
      kind: 'boundary',
      level: 'error',
      environment: 'production',
      message: "TypeError: Cannot read properties of undefined (reading 'answers') for :id",
      stack: ['PartOnePage (/mf/nardi/305.87e7f8b9.js:1:4242)', 'renderRoot (/main.1a2b3c4d.js:2:100)'],
    });
  });

  it('bounds every field, whatever the browser sent', () => {
    const frames = Array.from({ length: 200 }, (_, i) => ({ filename: `http://h/${'x'.repeat(1000)}.js`, function: `f${i}`, lineno: i }));
    const huge = { ...errorEvent, release: 'r'.repeat(10_000), tags: { route: `/${'a'.repeat(5000)}`, remote: 'not a name!' }, exception: { values: [{ type: 'Error', value: 'm'.repeat(10_000), stacktrace: { frames } }] } };
    const [report] = errorReports(parseEnvelope(envelope(line({}), line({ type: 'event' }), line(huge))));
    expect(report?.stack).toHaveLength(SUMMARY_LIMITS.frames);
    expect(report?.stack.every((frame) => frame.length <= SUMMARY_LIMITS.frame)).toBe(true);
    expect(report?.message.length).toBeLessThanOrEqual(SUMMARY_LIMITS.message);
    expect(report?.release.length).toBeLessThanOrEqual(200);
    expect(report?.route.length).toBeLessThanOrEqual(200);
    expect(report?.remote).toBe('unknown');
  });

  it('names an uncaught error and an unhandled rejection by the handler that caught them, and a message event by its message', () => {
    const byMechanism = (type: string) => ({ exception: { values: [{ type: 'Error', value: 'x', mechanism: { type } }] } });
    const reports = errorReports(
      parseEnvelope(
        envelope(
          line({}),
          line({ type: 'event' }),
          line(byMechanism('auto.browser.global_handlers.onerror')),
          line({ type: 'event' }),
          line(byMechanism('auto.browser.global_handlers.onunhandledrejection')),
          line({ type: 'event' }),
          line({ message: { formatted: 'Something odd' } }),
        ),
      ),
    );
    expect(reports.map((r) => [r.kind, r.message, r.route, r.remote, r.release])).toEqual([
      ['uncaught', 'Error: x', 'unknown', 'unknown', 'unknown'],
      ['unhandled-rejection', 'Error: x', 'unknown', 'unknown', 'unknown'],
      ['captured', 'Something odd', 'unknown', 'unknown', 'unknown'],
    ]);
  });
});
