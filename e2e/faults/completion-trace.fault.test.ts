// One participant's completion, traced: every process of a private stack exports its spans by
// OTLP to a receiver here, and the spans that end in the stored PDF form one trace, from the
// gateway through svc-participants, the broker, svc-scoring and svc-reports to the PDF's storage
// and its upload to Open Humans. It runs in the fault lab only because the lab starts a whole
// stack with settings of its own (the OTLP endpoint); no fault is injected.
import { startOtlpReceiver, SpanKinds, type OtlpReceiver, type ReceivedSpan } from '@study/tracing/testing';
import { FaultStack } from '../support/fault-lab';
import { awaitOutcome, finishParticipant, prepareParticipant, StudyClient } from '../support/participant-flow';

jest.setTimeout(300_000);

let stack: FaultStack | undefined;
let receiver: OtlpReceiver | undefined;
afterAll(async () => {
  await stack?.remove();
  await receiver?.close();
});

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits until `found` answers something from the spans received so far (the exporters batch every 200 ms). */
async function waitForSpans<T>(spans: ReceivedSpan[], found: (spans: ReceivedSpan[]) => T | undefined, timeoutMs = 30_000): Promise<T | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = found(spans);
    if (answer !== undefined || Date.now() > deadline) return answer;
    await sleep(250);
  }
}

/** The PDF's storage: svc-reports inserting the file into its final-report-files collection. */
const isPdfStorage = (span: ReceivedSpan) => span.service === 'svc-reports' && span.kind === SpanKinds.client && span.name === 'insert final-report-files';
/** Its upload: svc-participants' call to Open Humans while it handles the report's event. */
const isUpload = (span: ReceivedSpan, trace: readonly ReceivedSpan[]) =>
  span.service === 'svc-participants' && span.kind === SpanKinds.client && span.name === 'POST' && trace.some((p) => p.spanId === span.parentSpanId && /^process reports\.report\.generated\./.test(p.name));

test('one completion gives one trace: gateway, svc-participants, the broker hop, svc-scoring, svc-reports, the stored PDF and its upload', async () => {
  receiver = await startOtlpReceiver();
  stack = await FaultStack.start('trace', { env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: '200' } });
  const client = new StudyClient({ url: stack.info.url, typeFinderWidgetUrl: stack.info.typeFinderWidgetUrl }, Date.now() + 180_000);
  const ready = await prepareParticipant(client, 0);
  const finished = await finishParticipant(client, ready);
  expect(finished.aborted).toBeUndefined();
  const outcome = await awaitOutcome(client, ready.pgId);
  expect(outcome.pdf?.subarray(0, 5).toString()).toBe('%PDF-');

  const spans = receiver.spans;
  // The trace the PDF was stored in, once its upload has been exported too.
  const traceId = await waitForSpans(spans, (all) => {
    const stored = all.find(isPdfStorage);
    const trace = stored ? all.filter((s) => s.traceId === stored.traceId) : [];
    return trace.some((s) => isUpload(s, trace)) ? stored!.traceId : undefined;
  });
  expect(traceId).toBeDefined();
  // Spans that ended with the last ones may still be on their way.
  await sleep(1_000);
  const trace = spans.filter((s) => s.traceId === traceId);
  const ids = new Set(trace.map((s) => s.spanId));
  const roots = trace.filter((s) => !s.parentSpanId || !ids.has(s.parentSpanId));
  const summary = (s: ReceivedSpan) => `${s.service} ${s.kind} ${s.name}`;

  // One trace, one root: the gateway's answer to the browser's call; every other span hangs off it.
  expect(roots.map(summary)).toEqual([expect.stringMatching(/^gateway 2 /)]);
  const has = (service: string, kind: number, name: RegExp = /./) => trace.some((s) => s.service === service && s.kind === kind && name.test(s.name));
  expect({
    gatewayServer: has('gateway', SpanKinds.server),
    gatewayToParticipants: has('gateway', SpanKinds.client),
    participantsServer: has('svc-participants', SpanKinds.server, /^POST \/api\/user\/survey$/),
    participantsPublish: has('svc-participants', SpanKinds.producer, /^publish participants\.survey\.completed\./),
    scoringProcess: has('svc-scoring', SpanKinds.consumer, /^process participants\.survey\.completed\./),
    scoringPublish: has('svc-scoring', SpanKinds.producer, /^publish scoring\.score\.finalized\./),
    reportsProcess: has('svc-reports', SpanKinds.consumer, /^process scoring\.score\.finalized\./),
    pdfStored: trace.some(isPdfStorage),
    reportsPublish: has('svc-reports', SpanKinds.producer, /^publish reports\.report\.generated\./),
    participantsProcess: has('svc-participants', SpanKinds.consumer, /^process reports\.report\.generated\./),
    upload: trace.some((s) => isUpload(s, trace)),
  }).toEqual({
    gatewayServer: true,
    gatewayToParticipants: true,
    participantsServer: true,
    participantsPublish: true,
    scoringProcess: true,
    scoringPublish: true,
    reportsProcess: true,
    pdfStored: true,
    reportsPublish: true,
    participantsProcess: true,
    upload: true,
  });
  // No study ID leaves a process in a span.
  const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
  expect(spans.filter((s) => uuid.test(JSON.stringify([s.name, s.attributes]))).map(summary)).toEqual([]);
});
