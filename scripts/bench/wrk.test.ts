import { parseWrk, postScriptText, wrkArgs } from './wrk';

const WRK_OUTPUT = `Running 10s test @ http://127.0.0.1:8080/api/user
  2 threads and 64 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     5.21ms    2.10ms  45.32ms   90.12%
    Req/Sec     6.20k   512.33     7.10k    70.00%
  Latency Distribution
     50%    4.89ms
     75%  850.00us
     90%    1.20s
     99%    1.50m
  123456 requests in 10.01s, 45.67MB read
  Socket errors: connect 0, read 0, write 0, timeout 2
  Non-2xx or 3xx responses: 17
Requests/sec:  12333.45
Transfer/sec:      4.56MB
`;

describe('parseWrk', () => {
  it('reads requests, req/s, the latency percentiles in ms, non-2xx answers, socket errors and bytes per answer', () => {
    const summary = parseWrk(WRK_OUTPUT);
    expect(summary).toEqual({
      requests: 123456,
      rps: 12333.45,
      p50: 4.89,
      p75: 0.85,
      p90: 1200,
      p99: 90_000,
      non2xx: 17,
      errors: 'connect 0, read 0, write 0, timeout 2',
      bytesPerRequest: (45.67 * 1024 * 1024) / 123456,
    });
  });

  it("reads wrk2's percentiles with three decimals", () => {
    const summary = parseWrk('  Latency Distribution (HdrHistogram - Recorded Latency)\n 50.000%    2.00ms\n 99.000%   10.50ms\n');
    expect(summary.p50).toBe(2);
    expect(summary.p99).toBe(10.5);
  });

  it('answers zeros and no figures for output without a summary', () => {
    expect(parseWrk('')).toEqual({ requests: 0, rps: 0, p50: undefined, p75: undefined, p90: undefined, p99: undefined, non2xx: 0, errors: undefined, bytesPerRequest: undefined });
  });

  it('has no bytes per answer when no request was answered', () => {
    expect(parseWrk('  0 requests in 10.00s, 0.00B read\nRequests/sec:      0.00\n').bytesPerRequest).toBeUndefined();
  });

  it('reads plain bytes', () => {
    expect(parseWrk('  4 requests in 1.00s, 2.00KB read\n').bytesPerRequest).toBe(512);
  });
});

describe('postScriptText', () => {
  it('POSTs each body in turn, without a cookie', () => {
    expect(postScriptText(['{"pgId":"a"}', '{"pgId":"b"}'])).toBe(
      'local bodies = {\n[==[{"pgId":"a"}]==],\n[==[{"pgId":"b"}]==]\n}\nlocal cookies = {\n\n}\nlocal i = 0\nwrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\n' +
        'request = function()\n  i = i % #bodies + 1\n  return wrk.format(nil, nil, nil, bodies[i])\nend\n',
    );
  });

  it("sends each body with its participant's cookie", () => {
    const script = postScriptText(['{"pgId":"a"}'], ['session=a']);
    expect(script).toContain('local cookies = {\n[==[session=a]==]\n}');
    expect(script).toContain('return wrk.format(nil, nil, { ["Content-Type"] = "application/json", ["Cookie"] = cookies[i] }, bodies[i])');
  });
});

describe('wrkArgs', () => {
  it('runs one thread for one connection, with latency figures and a 10 s timeout', () => {
    expect(wrkArgs({ url: 'http://x/', connections: 1, seconds: 5 })).toEqual(['-t', '1', '-c', '1', '-d', '5s', '--latency', '--timeout', '10s', 'http://x/']);
  });

  it('runs two threads for many connections, with the script and headers before the URL', () => {
    expect(wrkArgs({ url: 'http://x/', connections: 64, seconds: 10, script: '/tmp/s.lua', headers: { Accept: '*/*', 'Accept-Encoding': 'gzip' } })).toEqual([
      '-t',
      '2',
      '-c',
      '64',
      '-d',
      '10s',
      '--latency',
      '--timeout',
      '10s',
      '-s',
      '/tmp/s.lua',
      '-H',
      'Accept: */*',
      '-H',
      'Accept-Encoding: gzip',
      'http://x/',
    ]);
  });
});
