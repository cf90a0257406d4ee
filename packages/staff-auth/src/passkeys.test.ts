import { createPublicKey } from 'node:crypto';
import {
  credentialIdOf,
  PASSKEY_CHALLENGE_TTL_MS,
  passkeyAuthenticationOptions,
  passkeyRegistrationOptions,
  userHandleOf,
  verifyPasskeyAuthentication,
  verifyPasskeyRegistration,
  type RelyingParty,
  type StoredPasskey,
} from './passkeys';
import { SoftAuthenticator } from './testing/soft-authenticator';

const rp: RelyingParty = { id: '127.0.0.1', name: 'Personality Study', origin: 'http://127.0.0.1:8080' };
const jane = { staffId: 'staff-0001', email: 'jane@example.org', name: 'Jane Roe' };
const now = new Date('2026-03-01T10:00:00Z');

/** A registered passkey and the authenticator holding it. */
async function registered(authenticator = new SoftAuthenticator({ origin: rp.origin })): Promise<{ authenticator: SoftAuthenticator; passkey: StoredPasskey }> {
  const { options, challenge } = await passkeyRegistrationOptions(rp, jane, []);
  const result = await verifyPasskeyRegistration(rp, authenticator.create(options), challenge, 'Work laptop', now);
  if (!result.verified) throw new Error(`registration refused: ${result.reason}`);
  return { authenticator, passkey: result.passkey };
}

const refused = expect.objectContaining({ verified: false, reason: expect.any(String) });

describe('passkey registration', () => {
  it('asks for a discoverable ES256-capable credential for the staff id, with no attestation, excluding the passkeys already held', async () => {
    const { passkey } = await registered();
    const { options, challenge } = await passkeyRegistrationOptions(rp, jane, [passkey]);
    expect(options.rp).toEqual({ id: rp.id, name: rp.name });
    expect(options.user).toEqual({ id: Buffer.from(jane.staffId).toString('base64url'), name: jane.email, displayName: jane.name });
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', requireResidentKey: true, userVerification: 'required' });
    expect(options.attestation).toBe('none');
    expect(options.pubKeyCredParams.map((param) => param.alg)).toContain(-7);
    expect(options.excludeCredentials).toEqual([{ id: passkey.credentialId, type: 'public-key', transports: ['internal'] }]);
    expect(options.timeout).toBe(PASSKEY_CHALLENGE_TTL_MS);
    expect(challenge).toBe(options.challenge);
    expect(Buffer.from(challenge, 'base64url')).toHaveLength(32);
    expect((await passkeyRegistrationOptions(rp, jane, [])).challenge).not.toBe(challenge);
  });

  it('verifies a new credential and answers the passkey to store', async () => {
    const authenticator = new SoftAuthenticator({ origin: rp.origin });
    const { options, challenge } = await passkeyRegistrationOptions(rp, jane, []);
    const response = authenticator.create(options);
    const result = await verifyPasskeyRegistration(rp, response, challenge, '  Work laptop ', now);
    expect(result).toEqual({
      verified: true,
      passkey: { credentialId: response.id, publicKey: expect.stringMatching(/^[A-Za-z0-9_-]+$/), counter: 0, transports: ['internal'], createdAt: now, label: 'Work laptop' },
    });
    expect(authenticator.credentials.get(response.id)?.userHandle).toBe(Buffer.from(jane.staffId).toString('base64url'));
  });

  it('names an unnamed passkey and refuses a label over 60 characters', async () => {
    const { options, challenge } = await passkeyRegistrationOptions(rp, jane, []);
    const response = new SoftAuthenticator({ origin: rp.origin }).create(options);
    const unnamed = await verifyPasskeyRegistration(rp, response, challenge, '  ', now);
    expect(unnamed.verified && unnamed.passkey.label).toBe('Passkey');
    expect(await verifyPasskeyRegistration(rp, response, challenge, 'x'.repeat(61), now)).toEqual(refused);
  });

  it('refuses another challenge, another origin, another RP id and an unverified person', async () => {
    const { options, challenge } = await passkeyRegistrationOptions(rp, jane, []);
    const { challenge: otherChallenge } = await passkeyRegistrationOptions(rp, jane, []);
    const create = (tweaks: Parameters<SoftAuthenticator['create']>[1]) => new SoftAuthenticator({ origin: rp.origin }).create(options, tweaks);

    expect(await verifyPasskeyRegistration(rp, create({}), otherChallenge, 'Laptop')).toEqual({ verified: false, reason: expect.stringContaining('challenge') });
    expect(await verifyPasskeyRegistration(rp, create({ origin: 'https://study.example.evil' }), challenge, 'Laptop')).toEqual({ verified: false, reason: expect.stringContaining('origin') });
    expect(await verifyPasskeyRegistration(rp, create({ rpId: 'example.evil' }), challenge, 'Laptop')).toEqual({ verified: false, reason: expect.stringContaining('RP ID') });
    expect(await verifyPasskeyRegistration(rp, create({ userVerified: false }), challenge, 'Laptop')).toEqual({ verified: false, reason: expect.stringContaining('User verification') });
    // The same answer against the RP it was made for passes: the refusals above are the tweaks'.
    expect((await verifyPasskeyRegistration(rp, create({}), challenge, 'Laptop')).verified).toBe(true);
  });

  it('refuses what is not a registration, without throwing', async () => {
    const { options, challenge } = await passkeyRegistrationOptions(rp, jane, []);
    const good = new SoftAuthenticator({ origin: rp.origin }).create(options);
    const garbage: unknown[] = [
      undefined,
      null,
      'credential',
      42,
      [],
      {},
      { ...good, type: 'password' },
      { ...good, id: 'not base64url!', rawId: 'not base64url!' },
      { ...good, id: 'A'.repeat(1024), rawId: 'A'.repeat(1024) },
      { ...good, rawId: 'AAAA' },
      { ...good, response: null },
      { ...good, response: { ...good.response, attestationObject: 'AAAA' } },
      { ...good, response: { ...good.response, attestationObject: 'A'.repeat(70000) } },
      { ...good, response: { ...good.response, clientDataJSON: Buffer.from('{').toString('base64url') } },
      { ...good, response: { ...good.response, transports: 'usb' } },
    ];
    for (const response of garbage) expect(await verifyPasskeyRegistration(rp, response, challenge, 'Laptop')).toEqual(refused);
  });
});

describe('passkey sign-in', () => {
  it('asks for any passkey of the site, user verification required', async () => {
    const { options, challenge } = await passkeyAuthenticationOptions(rp);
    expect(options).toMatchObject({ rpId: rp.id, allowCredentials: [], userVerification: 'required', timeout: PASSKEY_CHALLENGE_TTL_MS, challenge });
    expect((await passkeyAuthenticationOptions(rp)).challenge).not.toBe(challenge);
  });

  it('verifies an assertion by the stored passkey, and its counter rises with each sign-in', async () => {
    const { authenticator, passkey } = await registered();
    const first = await passkeyAuthenticationOptions(rp);
    const response = authenticator.get(first.options);
    expect(credentialIdOf(response)).toBe(passkey.credentialId);
    expect(userHandleOf(response)).toBe(jane.staffId);
    expect(await verifyPasskeyAuthentication(rp, response, first.challenge, passkey, { staffId: jane.staffId })).toEqual({ verified: true, newCounter: 1 });

    const second = await passkeyAuthenticationOptions(rp);
    const again = authenticator.get(second.options);
    expect(await verifyPasskeyAuthentication(rp, again, second.challenge, { ...passkey, counter: 1 })).toEqual({ verified: true, newCounter: 2 });
  });

  it('refuses an assertion whose counter did not rise (a replay, or a cloned authenticator)', async () => {
    const { authenticator, passkey } = await registered();
    const { options, challenge } = await passkeyAuthenticationOptions(rp);
    const response = authenticator.get(options);
    const first = await verifyPasskeyAuthentication(rp, response, challenge, passkey);
    expect(first).toEqual({ verified: true, newCounter: 1 });
    expect(await verifyPasskeyAuthentication(rp, response, challenge, { ...passkey, counter: 1 })).toEqual({ verified: false, reason: expect.stringContaining('counter') });
  });

  it('accepts a passkey that keeps no counter (always 0), as synced passkeys do', async () => {
    const { authenticator, passkey } = await registered(new SoftAuthenticator({ origin: rp.origin, counterStep: 0 }));
    for (let i = 0; i < 2; i++) {
      const { options, challenge } = await passkeyAuthenticationOptions(rp);
      expect(await verifyPasskeyAuthentication(rp, authenticator.get(options), challenge, passkey)).toEqual({ verified: true, newCounter: 0 });
    }
  });

  it('refuses another challenge, another origin, another RP id and an unverified person', async () => {
    const { authenticator, passkey } = await registered();
    const { options, challenge } = await passkeyAuthenticationOptions(rp);
    const { challenge: otherChallenge } = await passkeyAuthenticationOptions(rp);
    // Each assertion raises the counter, so the stored one (0) stays below them all.
    expect(await verifyPasskeyAuthentication(rp, authenticator.get(options), otherChallenge, passkey)).toEqual({ verified: false, reason: expect.stringContaining('challenge') });
    expect(await verifyPasskeyAuthentication(rp, authenticator.get(options, { origin: 'https://study.example.evil' }), challenge, passkey)).toEqual({ verified: false, reason: expect.stringContaining('origin') });
    expect(await verifyPasskeyAuthentication(rp, authenticator.get(options, { rpId: 'example.evil' }), challenge, passkey)).toEqual({ verified: false, reason: expect.stringContaining('RP ID') });
    expect(await verifyPasskeyAuthentication(rp, authenticator.get(options, { userVerified: false }), challenge, passkey)).toEqual({ verified: false, reason: expect.stringContaining('User verification') });
    expect(await verifyPasskeyAuthentication(rp, authenticator.get(options), challenge, passkey)).toEqual({ verified: true, newCounter: 5 });
  });

  it('refuses a tampered signature, tampered authenticator data and tampered client data', async () => {
    const { authenticator, passkey } = await registered();
    const { options, challenge } = await passkeyAuthenticationOptions(rp);
    const response = authenticator.get(options);
    const flipLastByte = (value: string) => {
      const bytes = Buffer.from(value, 'base64url');
      bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 0x01;
      return bytes.toString('base64url');
    };
    const with_ = (field: 'signature' | 'authenticatorData') => ({ ...response, response: { ...response.response, [field]: flipLastByte(response.response[field]) } });
    expect(await verifyPasskeyAuthentication(rp, with_('signature'), challenge, passkey)).toEqual(refused);
    expect(await verifyPasskeyAuthentication(rp, with_('authenticatorData'), challenge, passkey)).toEqual(refused);
    const clientData = JSON.parse(Buffer.from(response.response.clientDataJSON, 'base64url').toString()) as Record<string, unknown>;
    const reordered = Buffer.from(JSON.stringify({ origin: clientData.origin, challenge: clientData.challenge, type: clientData.type })).toString('base64url');
    expect(await verifyPasskeyAuthentication(rp, { ...response, response: { ...response.response, clientDataJSON: reordered } }, challenge, passkey)).toEqual(refused);
    // Untampered, the same assertion passes.
    expect(await verifyPasskeyAuthentication(rp, response, challenge, passkey)).toEqual({ verified: true, newCounter: 1 });
  });

  it("refuses another passkey's assertion, named as itself or as the stored passkey", async () => {
    const { authenticator, passkey } = await registered();
    const { authenticator: otherAuthenticator, passkey: other } = await registered();
    const { options, challenge } = await passkeyAuthenticationOptions(rp);
    const byOther = otherAuthenticator.get(options);
    expect(await verifyPasskeyAuthentication(rp, byOther, challenge, passkey)).toEqual({ verified: false, reason: expect.stringContaining('another credential') });
    // Its signature, claimed for the stored passkey's id: the stored public key does not verify it.
    const relabelled = { ...byOther, id: passkey.credentialId, rawId: passkey.credentialId };
    expect(await verifyPasskeyAuthentication(rp, relabelled, challenge, passkey)).toEqual({ verified: false, reason: 'the signature did not verify' });
    // A stored passkey of another account (a public key that is not its credential's) does not verify either.
    expect(await verifyPasskeyAuthentication(rp, authenticator.get(options), challenge, { ...passkey, publicKey: other.publicKey })).toEqual(refused);
  });

  it("refuses an assertion whose user handle is not the passkey's account", async () => {
    const { authenticator, passkey } = await registered();
    const { options, challenge } = await passkeyAuthenticationOptions(rp);
    const response = authenticator.get(options);
    expect(await verifyPasskeyAuthentication(rp, response, challenge, passkey, { staffId: 'staff-0002' })).toEqual({ verified: false, reason: expect.stringContaining('user handle') });
    const withoutHandle = { ...response, response: { ...response.response, userHandle: undefined } };
    expect(await verifyPasskeyAuthentication(rp, withoutHandle, challenge, passkey, { staffId: jane.staffId })).toEqual(refused);
    // Without the owner check a missing handle is no reason to refuse (the browser sent null).
    expect(await verifyPasskeyAuthentication(rp, { ...response, response: { ...response.response, userHandle: null } }, challenge, passkey)).toEqual({ verified: true, newCounter: 1 });
  });

  it('refuses what is not an assertion, without throwing', async () => {
    const { authenticator, passkey } = await registered();
    const { options, challenge } = await passkeyAuthenticationOptions(rp);
    const good = authenticator.get(options);
    const garbage: unknown[] = [
      undefined,
      null,
      'assertion',
      [],
      {},
      { ...good, type: 'password' },
      { ...good, response: 'signed' },
      { ...good, response: { ...good.response, signature: '' } },
      { ...good, response: { ...good.response, signature: 'AAAA' } },
      { ...good, response: { ...good.response, authenticatorData: 'AAAA' } },
      { ...good, response: { ...good.response, clientDataJSON: 'bm90IGpzb24' } },
      { ...good, response: { ...good.response, userHandle: 'A'.repeat(100) } },
      { ...good, id: `${passkey.credentialId}=`, rawId: `${passkey.credentialId}=` },
    ];
    for (const response of garbage) expect(await verifyPasskeyAuthentication(rp, response, challenge, passkey)).toEqual(refused);
    // A stored passkey whose public key is not a COSE key is refused as well.
    const spki = createPublicKey(authenticator.credentials.get(passkey.credentialId)?.privateKey ?? '').export({ format: 'der', type: 'spki' }).toString('base64url');
    expect(await verifyPasskeyAuthentication(rp, good, challenge, { ...passkey, publicKey: spki })).toEqual(refused);
  });
});

describe('reading a browser answer before it is verified', () => {
  it('reads the credential id only when it is base64url of at most 1023 characters', () => {
    expect(credentialIdOf({ id: 'AbC-_9' })).toBe('AbC-_9');
    expect(credentialIdOf({ id: 'A'.repeat(1023) })).toBe('A'.repeat(1023));
    for (const response of [undefined, null, 'AbC', {}, { id: 7 }, { id: '' }, { id: 'AbC=' }, { id: 'a+b/' }, { id: 'A'.repeat(1024) }]) expect(credentialIdOf(response)).toBeUndefined();
  });

  it('reads the user handle as the staff id only when it is base64url of 1 to 64 bytes of UTF-8', () => {
    const handle = (value: unknown) => ({ response: { userHandle: value } });
    expect(userHandleOf(handle(Buffer.from('staff-0001').toString('base64url')))).toBe('staff-0001');
    expect(userHandleOf(handle(Buffer.from('x'.repeat(64)).toString('base64url')))).toBe('x'.repeat(64));
    for (const response of [undefined, null, {}, { response: null }, handle(null), handle(''), handle('a+b/'), handle(Buffer.from('x'.repeat(65)).toString('base64url')), handle(Buffer.from([0xff, 0xfe]).toString('base64url'))]) {
      expect(userHandleOf(response)).toBeUndefined();
    }
  });
});
