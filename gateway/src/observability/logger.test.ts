import { scrubSecretPaths } from './logger';

describe('scrubSecretPaths', () => {
  it('replaces the master key in any path-like text with its parameter name', () => {
    expect(scrubSecretPaths('{"msg":"GET /api/ohready/s3cr3t-Key_1?x=1 failed"}')).toBe('{"msg":"GET /api/ohready/:masterKey?x=1 failed"}');
    expect(scrubSecretPaths('http://127.0.0.1:4101/API/OHREADY/abc/def')).toBe('http://127.0.0.1:4101/API/OHREADY/:masterKey/def');
  });

  it('leaves the route template and other paths alone', () => {
    const line = '{"route":"/api/ohready/:masterKey","other":"/api/user/report/3f0c6f5e"}';
    expect(scrubSecretPaths(line)).toBe(line);
  });
});
