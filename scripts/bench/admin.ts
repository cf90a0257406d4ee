// Figure 8: the admin tools at the study's full size, through the gateway: the upload of one
// MBTI row per stored participant, the same upload again, the statistics download, the roster,
// the enrollment figures, the analysis export and the audit trail's first page.

const TYPES = ['ESTP', 'ISTP', 'ESFP', 'ISFP', 'ESTJ', 'ISTJ', 'ESFJ', 'ISFJ', 'ENTJ', 'INTJ', 'ENTP', 'INTP', 'ENFJ', 'INFJ', 'ENFP', 'INFP'];

function mbtiRow(i) {
  const base = i % 30;
  return { wholeType: TYPES[(i * 7) % TYPES.length], pci1: base, pci2: base + 1, pci3: base + 2, pci4: base + 3, dpref1: base + 4, dpref2: base + 5, dpref3: base + 6, dpref4: base + 7 };
}

async function timed(fn) {
  const started = process.hrtime.bigint();
  const value = await fn();
  return { value, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}

/** Reads a streamed answer to the end, counting bytes and lines without keeping the body. */
async function drain(res) {
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines += 1;
  }
  return { bytes, lines };
}

async function expectOk(res, what) {
  if (res.ok) return res;
  throw new Error(`${what} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
}

/** Answers rows like {what, rows, seconds, bytes}; the stored participants are `pgIds`. */
export async function benchAdmin({ stack, pgIds, storedCount, log }) {
  const key = stack.adminMasterKey;
  const admin = (method, route, body) =>
    fetch(`${stack.url}${route}`, { method, headers: { 'x-master-key': key, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body });
  const results = [];
  const record = (r) => {
    results.push(r);
    log(`  ${r.rows} rows in ${r.seconds.toFixed(2)} s`);
  };
  // A step that fails (a gateway timeout on a busy machine) is reported; the next still runs.
  const step = async (id, what, fn) => {
    const started = process.hrtime.bigint();
    try {
      await fn();
    } catch (err) {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      log(`  ${what} failed after ${seconds.toFixed(1)} s: ${err.message}`);
      results.push({ id, what: `${what} FAILED`, rows: 0, seconds, bytes: undefined, error: err.message });
    }
  };

  const upload = JSON.stringify(Object.fromEntries(pgIds.map((pgId, i) => [pgId, mbtiRow(i)])));
  for (const [id, label] of [
    ['upload', 'MBTI upload, first time (POST /api/user/mbti)'],
    ['reupload', 'MBTI upload, same file again'],
  ]) {
    await step(id, label, async () => {
      log(`${label}...`);
      const run = await timed(async () => (await expectOk(await admin('POST', '/api/user/mbti', upload), 'the MBTI upload')).json());
      const { insertedCount, matchedCount, modifiedCount, unknownPgIds, updatedParticipants } = run.value;
      log(`  inserted ${insertedCount}, matched ${matchedCount}, modified ${modifiedCount}, unknown ${unknownPgIds?.length}, participants updated ${updatedParticipants}`);
      record({ id, what: label, rows: pgIds.length, seconds: run.seconds, bytes: Buffer.byteLength(upload) });
    });
  }

  // The uploads' events (one per new result) go on to svc-scoring and back: the reads below are
  // measured on the settled stack, as a study team member would meet it, and the wait is shown.
  const { waitUntilQuiet } = await import('./idle');
  const quiet = await waitUntilQuiet({ groups: stack.groups });
  log(`  the stack ${quiet.settled ? 'settled' : 'was still busy'} ${quiet.seconds.toFixed(0)} s after the uploads`);

  await step('stats', 'statistics CSV', async () => {
    log('Statistics download (GET /api/stats)...');
    const stats = await timed(async () => drain(await expectOk(await admin('GET', '/api/stats'), 'the statistics download')));
    record({ id: 'stats', what: 'statistics CSV (GET /api/stats)', rows: stats.value.lines - 1, seconds: stats.seconds, bytes: stats.value.bytes });
  });

  await step('roster', 'roster CSV', async () => {
    log('Roster download (GET /api/ohready/{masterKey})...');
    const roster = await timed(async () => drain(await expectOk(await fetch(`${stack.url}/api/ohready/${encodeURIComponent(key)}`), 'the roster download')));
    record({ id: 'roster', what: 'roster CSV (GET /api/ohready/{key})', rows: roster.value.lines - 1, seconds: roster.seconds, bytes: roster.value.bytes });
  });

  await step('enrollment', 'enrollment figures', async () => {
    log('Enrollment figures (GET /api/admin/enrollment)...');
    const enrollment = await timed(async () => (await expectOk(await admin('GET', '/api/admin/enrollment'), 'the enrollment figures')).json());
    record({ id: 'enrollment', what: 'enrollment figures (GET /api/admin/enrollment)', rows: enrollment.value.participants, seconds: enrollment.seconds, bytes: undefined });
  });

  // Issue 13's admin reads: the analysis export (one row per participant, joined in code from two
  // cursors) beside the roster above, and the audit trail that every call above appended to.
  await step('export', 'analysis export CSV', async () => {
    log('Analysis export (GET /api/admin/analysis-export)...');
    const exported = await timed(async () => drain(await expectOk(await admin('GET', '/api/admin/analysis-export'), 'the analysis export')));
    record({ id: 'export', what: 'analysis export CSV (GET /api/admin/analysis-export)', rows: exported.value.lines - 1, seconds: exported.seconds, bytes: exported.value.bytes });
  });

  await step('audit', 'audit trail, first page', async () => {
    log('Audit trail, first page (GET /api/admin/audit)...');
    const page = await timed(async () => (await expectOk(await admin('GET', '/api/admin/audit'), 'the audit trail')).json());
    record({ id: 'audit', what: 'audit trail, first page (GET /api/admin/audit)', rows: page.value.entries.length, seconds: page.seconds, bytes: undefined });
  });

  const statsRows = results.find((r) => r.id === 'stats' && !r.error)?.rows;
  if (statsRows !== undefined && statsRows !== storedCount) log(`  note: the statistics held ${statsRows} rows, ${storedCount} participants are stored`);
  return results;
}
