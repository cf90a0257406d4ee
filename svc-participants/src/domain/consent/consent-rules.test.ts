import { createHash } from 'node:crypto';
import { consentTextBlocks } from '@study/contracts';
import type { ConsentRecord } from '../../data-access/stored-participant';
import { consentRenewal, hashConsentText, latestConsent, planPublication } from './consent-rules';
import { FIRST_CONSENT_TEXT } from './first-consent-text';

const V2_AT = new Date('2026-03-01T12:00:00.000Z');
const current = { versionId: 'v2', publishedAt: V2_AT };
const record = (versionId: string | null, givenAt: Date, extra: Partial<ConsentRecord> = {}): ConsentRecord => ({
  versionId,
  hash: versionId ? 'a'.repeat(64) : null,
  givenAt,
  adult: versionId ? true : null,
  memberId: '12345678',
  renewal: false,
  ...extra,
});

describe('the content hash', () => {
  it('is the SHA-256 of the text, hex', () => {
    expect(hashConsentText('# Title\n\nText.')).toBe(createHash('sha256').update('# Title\n\nText.').digest('hex'));
  });

  it('is the same for texts that differ only in line ends, trailing spaces and surrounding blank lines', () => {
    expect(hashConsentText('\n\n# Title  \r\n\r\n\r\n\r\nText.\t\n\n')).toBe(hashConsentText('# Title\n\nText.'));
  });

  it('differs for any change in the words', () => {
    expect(hashConsentText('# Title\n\nText.')).not.toBe(hashConsentText('# Title\n\nText!'));
  });
});

describe('publishing a text', () => {
  it('makes v1 when there is no version yet', () => {
    expect(planPublication(null, 'First.')).toEqual({ outcome: 'new', versionId: 'v1', seq: 1, hash: hashConsentText('First.'), text: 'First.' });
  });

  it('changes nothing when the text is the current one (after normalizing)', () => {
    const v3 = { versionId: 'v3', seq: 3, hash: hashConsentText('Same text.') };
    expect(planPublication(v3, 'Same text.  \r\n')).toEqual({ outcome: 'unchanged' });
  });

  it('numbers a different text after the current one, storing it normalized', () => {
    const v3 = { versionId: 'v3', seq: 3, hash: hashConsentText('Old.') };
    expect(planPublication(v3, 'New.\r\n')).toMatchObject({ outcome: 'new', versionId: 'v4', seq: 4, text: 'New.', hash: hashConsentText('New.') });
  });
});

describe('who must agree again', () => {
  it('nobody who has withdrawn', () => {
    expect(consentRenewal({ consent: false, consents: [record('v1', new Date('2026-01-01'))] }, current)).toBeNull();
  });

  it('a participant whose latest consent names an older version, whenever it was given', () => {
    const consents = [record('v1', new Date('2026-04-01'))];
    expect(consentRenewal({ consent: true, consents }, current)).toEqual({ versionId: 'v2', publishedAt: V2_AT.toISOString(), agreedVersionId: 'v1' });
  });

  it('nobody whose latest consent is to the current version', () => {
    expect(consentRenewal({ consent: true, consents: [record('v1', new Date('2026-01-01')), record('v2', new Date('2026-03-02'))] }, current)).toBeNull();
  });

  it('a consent without a version: only when given before the current version was published', () => {
    expect(consentRenewal({ consent: true, consents: [record(null, new Date('2026-02-01'))] }, current)).toMatchObject({ agreedVersionId: null });
    expect(consentRenewal({ consent: true, consents: [record(null, new Date('2026-03-02'))] }, current)).toBeNull();
  });

  it('a participant from before consents were recorded: by when they consented', () => {
    expect(consentRenewal({ consent: true, consents: [], consentedAt: new Date('2026-02-01') }, current)).toMatchObject({ versionId: 'v2', agreedVersionId: null });
    expect(consentRenewal({ consent: true, consents: [], consentedAt: new Date('2026-03-05') }, current)).toBeNull();
    expect(consentRenewal({ consent: true, consents: [], consentedAt: null }, current)).toBeNull();
  });

  it('reads the latest consent as the last one on record', () => {
    expect(latestConsent([record('v1', new Date('2026-01-01')), record('v2', new Date('2026-03-02'))])?.versionId).toBe('v2');
    expect(latestConsent([])).toBeNull();
    expect(latestConsent(undefined)).toBeNull();
  });
});

describe('the first consent text', () => {
  it('keeps the twelve sections of the consent form, the study size and the 18+ condition', () => {
    const headings = consentTextBlocks(FIRST_CONSENT_TEXT).filter((block) => block.kind === 'heading');
    expect(headings).toHaveLength(13);
    expect(FIRST_CONSENT_TEXT).toContain('about 200 people of each type, which means up to 6,000 people in total');
    expect(FIRST_CONSENT_TEXT).toContain('you are 18 years of age or older;');
  });
});
