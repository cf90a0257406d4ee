import { z } from 'zod';
import { ConfigError, loadConfig } from './config';
import { byteSizeSetting, mbtiUploadLimitSetting, parseByteSize, parseTrustProxy } from './settings';

describe('parsers', () => {
  it('parseByteSize counts 1kb as 1024 bytes', () => {
    expect(parseByteSize('100kb')).toBe(102_400);
    expect(parseByteSize('5mb')).toBe(5_242_880);
    expect(parseByteSize('512')).toBe(512);
    expect(() => parseByteSize('big')).toThrow();
  });

  it('parseTrustProxy understands booleans, hop counts and address lists', () => {
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('TRUE')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('loopback')).toBe('loopback');
  });
});

describe('size settings', () => {
  const schema = z.object({ LIMIT: byteSizeSetting('100kb', 'the largest body'), MBTI_UPLOAD_LIMIT: mbtiUploadLimitSetting() });

  it('read a size as bytes; MBTI_UPLOAD_LIMIT defaults to 5mb', () => {
    expect(loadConfig(schema, {})).toEqual({ LIMIT: 102_400, MBTI_UPLOAD_LIMIT: 5_242_880 });
    expect(loadConfig(schema, { LIMIT: '2.5mb' }).LIMIT).toBe(Math.floor(2.5 * 1024 * 1024));
  });

  it('refuse what is not a size, saying what is expected', () => {
    expect(() => loadConfig(schema, { MBTI_UPLOAD_LIMIT: '5 megabytes' })).toThrow(ConfigError);
    expect(() => loadConfig(schema, { LIMIT: 'huge' })).toThrow(/LIMIT: not valid; expected the largest body, a size like 100kb or 5mb/);
  });
});
