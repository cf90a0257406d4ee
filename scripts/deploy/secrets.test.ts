import { randomBytes } from 'node:crypto';
import { masterKeyProblem } from '@study/staff-auth/src/master-key';
import { fillSecrets, GENERATED_SECRETS, generateSecrets, weakMasterKeyWarning, type GeneratedSecret } from './secrets';

const secrets = generateSecrets((bytes) => 'ab'.repeat(bytes));

describe('generateSecrets', () => {
  it('makes every secret as hex of its length', () => {
    expect(Object.keys(secrets).sort()).toEqual(Object.keys(GENERATED_SECRETS).sort());
    expect(secrets.TOKEN_ENCRYPTION_KEY).toMatch(/^(ab){32}$/);
    expect(secrets.REDIS_PASSWORD).toHaveLength(48);
    expect(secrets.ADMIN_MASTER_KEY).toHaveLength(64);
  });

  it('makes a master key svc-participants accepts (32 random bytes)', () => {
    const key = generateSecrets((bytes) => randomBytes(bytes).toString('hex')).ADMIN_MASTER_KEY;
    expect(masterKeyProblem(key)).toBeNull();
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

describe('weakMasterKeyWarning', () => {
  it('says nothing while the key is empty (deploy:env fills it) or strong enough, a key made by an earlier deploy:env (24 bytes) included', () => {
    expect(weakMasterKeyWarning('ADMIN_MASTER_KEY=\nSTUDY_NAME=Study\n')).toBeUndefined();
    expect(weakMasterKeyWarning(`ADMIN_MASTER_KEY=${randomBytes(24).toString('hex')}\n`)).toBeUndefined();
    expect(weakMasterKeyWarning(`ADMIN_MASTER_KEY="${randomBytes(32).toString('base64url')}"\n`)).toBeUndefined();
  });

  it('says why a weak key set by hand stops svc-participants and how to replace it, without showing it', () => {
    const warning = weakMasterKeyWarning('# the admin key\nADMIN_MASTER_KEY=admin-master-key-1234\n') ?? '';
    expect(warning).toContain('ADMIN_MASTER_KEY in this file is too weak (it has 21 characters, at least 32 are needed): svc-participants will refuse to start with it');
    expect(warning).toContain('openssl rand -hex 32');
    expect(warning).not.toContain('admin-master-key-1234');
  });
});
