import { createHash } from 'node:crypto';
import { consentTextBlocks } from '@study/contracts';
import type { ConsentRecord } from '../participant';
import { consentRenewal, hashConsentText, latestConsent, planPublication, versionAt } from './consent-rules';
import { FIRST_CONSENT_TEXT } from './first-consent-text';

const V2_AT = new Date('2026-03-01T12:00:00.000Z');
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
  const V1 = { versionId: 'v1', hash: 'a'.repeat(64), publishedAt: new Date('2026-01-01T00:00:00.000Z') };
  const V2 = { versionId: 'v2', hash: 'b'.repeat(64), publishedAt: V2_AT };
  const versions = [V1, V2];

  it('nobody who has withdrawn', () => {
    expect(consentRenewal({ consent: false, consents: [record('v1', new Date('2026-01-02'))] }, versions)).toBeNull();
  });

  it('a participant whose latest consent names an older text, whenever it was given', () => {
    const consents = [record('v1', new Date('2026-04-01'))];
    expect(consentRenewal({ consent: true, consents }, versions)).toEqual({ versionId: 'v2', publishedAt: V2_AT.toISOString(), agreedVersionId: 'v1' });
  });

  it('nobody whose latest consent is to the current text', () => {
    expect(consentRenewal({ consent: true, consents: [record('v1', new Date('2026-01-02')), record('v2', new Date('2026-03-02'), { hash: V2.hash })] }, versions)).toBeNull();
  });

  it('nobody whose text was published again unchanged as the current version (same hash)', () => {
    const v3 = { versionId: 'v3', hash: V1.hash, publishedAt: new Date('2026-05-01') };
    expect(consentRenewal({ consent: true, consents: [record('v1', new Date('2026-01-02'))] }, [V1, V2, v3])).toBeNull();
  });

  it('a consent without a version agreed to the text current when it was given', () => {
    expect(consentRenewal({ consent: true, consents: [record(null, new Date('2026-02-01'))] }, versions)).toMatchObject({ versionId: 'v2', agreedVersionId: null });
    expect(consentRenewal({ consent: true, consents: [record(null, new Date('2026-03-02'))] }, versions)).toBeNull();
  });

  it('a participant from before consents were recorded saw the first text', () => {
    expect(consentRenewal({ consent: true, consents: [], consentedAt: new Date('2025-06-01') }, versions)).toMatchObject({ versionId: 'v2', agreedVersionId: null });
    expect(consentRenewal({ consent: true, consents: [], consentedAt: new Date('2025-06-01') }, [V1])).toBeNull();
    expect(consentRenewal({ consent: true, consents: [], consentedAt: null }, versions)).toBeNull();
  });

  it('reads the latest consent as the last one on record', () => {
    expect(latestConsent([record('v1', new Date('2026-01-01')), record('v2', new Date('2026-03-02'))])?.versionId).toBe('v2');
    expect(latestConsent([])).toBeNull();
    expect(latestConsent(undefined)).toBeNull();
  });

  it('finds the version current at a time', () => {
    expect(versionAt(versions, new Date('2025-01-01'))?.versionId).toBe('v1');
    expect(versionAt(versions, V2_AT)?.versionId).toBe('v2');
    expect(versionAt(versions, new Date('2026-02-01'))?.versionId).toBe('v1');
  });
});

describe('the first consent text', () => {
  it('keeps the twelve sections of the consent form, the study size and the 18+ condition', () => {
    const headings = consentTextBlocks(FIRST_CONSENT_TEXT).filter((block) => block.kind === 'heading');
    expect(headings).toHaveLength(13);
    expect(FIRST_CONSENT_TEXT).toContain('about 200 people of each type, which means up to 6,000 people in total');
    expect(FIRST_CONSENT_TEXT).toContain('you are 18 years of age or older;');
    // The self-assessment asks four questions (its intro, the landing page and the survey agree).
    expect(FIRST_CONSENT_TEXT).toContain('Answer four short questions');
  });
});
