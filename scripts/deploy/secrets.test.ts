import { fillSecrets, GENERATED_SECRETS, generateSecrets, type GeneratedSecret } from './secrets';

const secrets = generateSecrets((bytes) => 'ab'.repeat(bytes));

describe('generateSecrets', () => {
  it('makes every secret as hex of its length', () => {
    expect(Object.keys(secrets).sort()).toEqual(Object.keys(GENERATED_SECRETS).sort());
    expect(secrets.TOKEN_ENCRYPTION_KEY).toMatch(/^(ab){32}$/);
    expect(secrets.REDIS_PASSWORD).toHaveLength(48);
  });
});

describe('fillSecrets', () => {
  it('fills empty and missing secrets, keeps set values, comments and other settings', () => {
    const text = ['# the admin key', 'ADMIN_MASTER_KEY=', 'TOKEN_ENCRYPTION_KEY=kept-as-set', 'STUDY_NAME=Study', 'MONGO_PASSWORD=  ', ''].join('\n');
    const { text: out, filled } = fillSecrets(text, secrets);
    const lines = out.split('\n');
    expect(lines.slice(0, 4)).toEqual(['# the admin key', `ADMIN_MASTER_KEY=${secrets.ADMIN_MASTER_KEY}`, 'TOKEN_ENCRYPTION_KEY=kept-as-set', 'STUDY_NAME=Study']);
    expect(lines).toContain(`MONGO_PASSWORD=${secrets.MONGO_PASSWORD}`);
    expect(out.endsWith('\n')).toBe(true);
    const expected: GeneratedSecret[] = ['ADMIN_MASTER_KEY', 'MONGO_PASSWORD', 'PARTICIPANT_SESSION_SECRET', 'LOG_FINGERPRINT_KEY', 'TYPEFINDER_WEBHOOK_SECRET', 'RABBITMQ_PASSWORD', 'REDIS_PASSWORD'];
    expect(filled).toEqual(expected);
    // A second run finds nothing to fill.
    expect(fillSecrets(out, generateSecrets(() => 'other')).filled).toEqual([]);
  });
});
