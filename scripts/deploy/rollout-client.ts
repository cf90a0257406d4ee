// A participant's client during a rollout: it keeps asking every slice for what a participant's
// screens ask (the shell's page, each remote's manifest, the dashboard's read, the Nardi result,
// the final report), one request every 100 ms in turn. Answers from the slice being replaced are
// left out; every other non-2xx answer or failed request is recorded.
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function requests(pgId, sessionCookie) {
  // The participant's own calls carry their session, as their browser sends it.
  const json = (body) => ({ method: 'POST', headers: { 'content-type': 'application/json', cookie: sessionCookie }, body: JSON.stringify(body) });
  return [
    { slice: 'shell', path: '/' },
    { slice: 'mf-consent', path: '/mf/consent/mf-manifest.json' },
    { slice: 'mf-dashboard', path: '/mf/dashboard/mf-manifest.json' },
    { slice: 'mf-nardi', path: '/mf/nardi/mf-manifest.json' },
    { slice: 'mf-admin', path: '/mf/admin/mf-manifest.json' },
    { slice: 'svc-participants', path: '/api/user', init: json({ pgId }) },
    { slice: 'svc-scoring', path: '/api/user/nardi/final', init: json({ pgId }) },
    { slice: 'svc-reports', path: `/api/user/report/${pgId}`, init: { headers: { cookie: sessionCookie } } },
  ];
}

export function startClient({ baseUrl, pgId, sessionCookie, intervalMs = 100 }) {
  const outage = new Set();
  const failed = [];
  let ok = 0;
  let running = true;
  void (async () => {
    const list = requests(pgId, sessionCookie);
    for (let i = 0; running; i += 1) {
      const request = list[i % list.length];
      const skipped = () => outage.has(request.slice);
      try {
        const res = await fetch(`${baseUrl}${request.path}`, { ...request.init, signal: AbortSignal.timeout(10_000) });
        await res.arrayBuffer();
        if (!skipped()) {
          if (res.ok) ok += 1;
          else failed.push(`${new Date().toISOString()} ${request.slice} ${request.path}: ${res.status}`);
        }
      } catch (err) {
        if (!skipped()) failed.push(`${new Date().toISOString()} ${request.slice} ${request.path}: ${err.message}`);
      }
      await sleep(intervalMs);
    }
  })();
  return {
    /** From now on the slice's answers are not counted: it is being replaced. */
    expectOutage: (slice) => outage.add(slice),
    endOutage: (slice) => outage.delete(slice),
    stop: () => {
      running = false;
      return { ok, failed };
    },
  };
}
