import vm from 'node:vm';
import request from 'supertest';
import { startGateway, type RunningGateway } from '../test-support/harness';
import { scriptSafeJson, studyConfigScript } from './study-config';

/** Runs the script as a browser would and answers what it put on window. */
function evaluate(script: string): unknown {
  const window: Record<string, unknown> = {};
  vm.runInNewContext(script, { window });
  return window.__STUDY_CONFIG__;
}

function directives(csp: string | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (csp ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

describe('the /config.js script', () => {
  it('sets window.__STUDY_CONFIG__ to the public settings', () => {
    const config = { studyName: 'A Study', howItWorksVideoUrl: 'https://www.youtube-nocookie.com/embed/abc', contactEmail: 'team@example.org' };
    expect(evaluate(studyConfigScript(config))).toEqual(config);
  });

  it.each([
    ['a closing script tag', 'https://example.org/</script><script>alert(1)</script>'],
    ['an HTML comment opener', 'https://example.org/<!--'],
    ['quotes and backslashes', `https://example.org/"';\\`],
    ['line and paragraph separators', 'https://example.org/\u2028\u2029'],
  ])('cannot be broken out of with %s', (_what, value) => {
    const config = { studyName: value, contactEmail: 'team@example.org', howItWorksVideoUrl: value };
    const script = studyConfigScript(config);
    expect(script).not.toMatch(/[<>\u2028\u2029]/);
    expect(evaluate(script)).toEqual(config);
  });

  it('escapes only what must be escaped', () => {
    expect(scriptSafeJson({ a: 'x&y<z>' })).toBe('{"a":"x\\u0026y\\u003cz\\u003e"}');
  });
});

describe('GET /config.js', () => {
  let running: RunningGateway | undefined;
  afterEach(async () => {
    await running?.gateway.stop();
    running = undefined;
  });

  it('serves the settings from HOW_IT_WORKS_VIDEO_URL and STUDY_CONTACT_EMAIL, never cached, and lets the video be framed', async () => {
    running = await startGateway({
      HOW_IT_WORKS_VIDEO_URL: 'https://www.youtube-nocookie.com/embed/abc123?rel=0',
      STUDY_CONTACT_EMAIL: 'team@example.org',
      CSP_FRAME_SRC: "'self' https://widget.example.com",
    });
    const res = await request(running.url).get('/config.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(evaluate(res.text)).toEqual({
      studyName: 'Personality Genetics Study',
      howItWorksVideoUrl: 'https://www.youtube-nocookie.com/embed/abc123?rel=0',
      contactEmail: 'team@example.org',
    });
    expect(directives(res.headers['content-security-policy']).get('frame-src')).toEqual(["'self'", 'https://widget.example.com', 'https://www.youtube-nocookie.com']);
  });

  it('publishes the study name and contact address only when no video is configured; frame-src stays as configured', async () => {
    running = await startGateway({});
    const res = await request(running.url).get('/config.js');
    expect(res.status).toBe(200);
    expect(evaluate(res.text)).toEqual({ studyName: 'Personality Genetics Study', contactEmail: 'study-team@example.org' });
    expect(directives(res.headers['content-security-policy']).get('frame-src')).toEqual(["'self'"]);
  });

  it("replaces frame-src 'none' by the video's origin", async () => {
    running = await startGateway({ CSP_FRAME_SRC: "'none'", HOW_IT_WORKS_VIDEO_URL: 'https://player.vimeo.com/video/1' });
    const res = await request(running.url).get('/config.js');
    expect(directives(res.headers['content-security-policy']).get('frame-src')).toEqual(['https://player.vimeo.com']);
  });
});
