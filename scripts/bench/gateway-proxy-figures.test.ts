import { benchRow, compareWith, describeRow, formatRows, luaScriptText, nginxConfig, parseArgs, parseWrk, pickAsset, type BenchRow } from './gateway-proxy-figures';

const REPORT = `Running 10s test @ http://127.0.0.1:8080/api/user
  2 threads and 64 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     4.12ms    1.01ms  30.00ms   90.00%
    Req/Sec     7.80k   500.00     8.50k    70.00%
  Latency Distribution
     50%  850.00us
     75%    4.50ms
     90%    5.10ms
     99%    1.20s
  155000 requests in 10.00s, 60.00MB read
  Socket errors: connect 0, read 2, write 1, timeout 3
  Non-2xx or 3xx responses: 7
Requests/sec:  15500.12
Transfer/sec:      6.00MB
`;

describe('parseWrk', () => {
  it('reads the counts, the rate and the p50/p99 latencies in ms whatever unit wrk printed', () => {
    expect(parseWrk(REPORT)).toEqual({ requests: 155000, rps: 15500.12, p50Ms: 0.85, p99Ms: 1200, non2xx: 7, socketErrors: 6 });
  });

  it('counts no errors when wrk printed none, and NaN for figures it lacks', () => {
    const figures = parseWrk('  10 requests in 1.00s, 1.00KB read\nRequests/sec:     10.00\n');
    expect(figures.non2xx).toBe(0);
    expect(figures.socketErrors).toBe(0);
    expect(figures.p50Ms).toBeNaN();
    expect(figures.requests).toBe(10);
  });

  it('reads minutes', () => {
    expect(parseWrk('     50%    2.00m\n').p50Ms).toBe(120_000);
  });
});

describe('luaScriptText', () => {
  it('a GET with no headers by default', () => {
    expect(luaScriptText({})).toBe('wrk.method = "GET"\n');
  });

  it('sets the method, the body and each header, quoted for Lua', () => {
    expect(luaScriptText({ method: 'POST', body: '{"pgId":"a"}', headers: { Cookie: 'study_session=x' } })).toBe(
      'wrk.method = "POST"\nwrk.body = "{\\"pgId\\":\\"a\\"}"\nwrk.headers["Cookie"] = "study_session=x"\n',
    );
  });
});

describe('nginxConfig', () => {
  const config = nginxConfig({ work: '/tmp/run', port: 8081, upstreamPort: 4101, shellDist: '/repo/shell/dist' });

  it('proxies the API prefix to the upstream through a keep-alive pool', () => {
    expect(config).toContain('upstream service { server 127.0.0.1:4101; keepalive 64; }');
    expect(config).toMatch(/location \/api\/ \{\n\s+proxy_pass http:\/\/service;/);
    expect(config).toContain('proxy_set_header Connection "";');
  });

  it('listens on its port and serves the shell with the index as fallback, its files in the run folder', () => {
    expect(config).toContain('listen 127.0.0.1:8081;');
    expect(config).toContain('root /repo/shell/dist;');
    expect(config).toContain('try_files $uri /index.html;');
    expect(config).toContain('pid /tmp/run/nginx.pid;');
  });
});

describe('pickAsset', () => {
  it('takes the hashed main script even when another hashed script is larger', () => {
    expect(pickAsset([{ name: 'main.0123abcd.js', size: 10 }, { name: 'vendor.89abcdef.js', size: 99 }, { name: 'index.html', size: 500 }])).toBe('main.0123abcd.js');
  });

  it('otherwise the largest hashed script; nothing without one', () => {
    expect(pickAsset([{ name: 'a.0123abcd.js', size: 10 }, { name: 'b.89abcdef01.js', size: 20 }, { name: 'main.js', size: 90 }])).toBe('b.89abcdef01.js');
    expect(pickAsset([{ name: 'main.js', size: 90 }])).toBeUndefined();
  });
});

const wrk = { requests: 1000, rps: 500, p50Ms: 1.5, p99Ms: 9.25, non2xx: 2, socketErrors: 1 };

describe('benchRow and compareWith', () => {
  it('a row counts errors from both kinds and has no comparison yet', () => {
    expect(benchRow('POST /api/user', 'gateway', 64, wrk, 0.25)).toEqual({
      scenario: 'POST /api/user',
      target: 'gateway',
      connections: 64,
      rps: 500,
      p50Ms: 1.5,
      p99Ms: 9.25,
      requests: 1000,
      errors: 3,
      cpuMsPerRequest: 0.25,
      relative: undefined,
    });
  });

  it('sets each row relative to the reference, and leaves rows alone without one', () => {
    const rows = [benchRow('s', 'gateway', 64, wrk, undefined), benchRow('s', 'nginx', 64, { ...wrk, rps: 1000 }, undefined)];
    compareWith(rows, undefined);
    expect(rows.map((r) => r.relative)).toEqual([undefined, undefined]);
    compareWith(rows, rows[1]);
    expect(rows.map((r) => r.relative)).toEqual([0.5, 1]);
  });

  it('describes a row in one line, CPU and errors only when known', () => {
    expect(describeRow(benchRow('GET /', 'nginx', 1, { ...wrk, non2xx: 0, socketErrors: 0 }, undefined))).toBe('GET / via nginx (1 conn): 500 req/s, p50 1.50 ms, p99 9.25 ms');
    expect(describeRow(benchRow('GET /', 'gw', 64, wrk, 0.1234))).toBe('GET / via gw (64 conn): 500 req/s, p50 1.50 ms, p99 9.25 ms, 0.123 ms CPU/req, 3 errors');
  });
});

describe('formatRows', () => {
  it('aligns the columns: names to the left, figures to the right, - for what is unknown', () => {
    const rows: BenchRow[] = [
      { ...benchRow('POST /api/user', 'direct', 64, wrk, undefined) },
      { ...benchRow('POST /api/user', 'gateway', 64, { ...wrk, rps: 250, p50Ms: NaN }, 0.5), relative: 0.5 },
    ];
    expect(formatRows(rows).split('\n')).toEqual([
      'scenario        target   conn  req/s  p50 ms  p99 ms  CPU ms/req  relative  errors',
      'POST /api/user  direct     64    500    1.50    9.25           -         -       3',
      'POST /api/user  gateway    64    250       -    9.25       0.500     0.50x       3',
    ]);
  });
});

describe('parseArgs', () => {
  const resolve = (file: string): string => `/abs/${file}`;

  it('reads each option, gateways resolved and in order', () => {
    expect(parseArgs(['--duration', '3', '--connections', '16', '--upstream', 'http://127.0.0.1:4101', '--log-level', 'warn', '--no-files', '--gateway', 'old=a/main.js', '--gateway', 'new=b/main.js'], resolve)).toEqual({
      durationSeconds: 3,
      connections: 16,
      upstreamUrl: 'http://127.0.0.1:4101',
      gatewayLogLevel: 'warn',
      files: false,
      gateways: [
        { label: 'old', entry: '/abs/a/main.js' },
        { label: 'new', entry: '/abs/b/main.js' },
      ],
    });
  });

  it('sets nothing it was not given', () => {
    expect(parseArgs([], resolve)).toEqual({});
  });

  it('refuses an unknown argument, a missing value and a gateway without a label or path', () => {
    expect(() => parseArgs(['--fast'], resolve)).toThrow('unknown argument --fast');
    expect(() => parseArgs(['--duration'], resolve)).toThrow('--duration needs a value');
    expect(() => parseArgs(['--gateway', 'main.js'], resolve)).toThrow(/label=path/);
    expect(() => parseArgs(['--gateway', 'old='], resolve)).toThrow(/label=path/);
  });
});
