import { createHash } from 'node:crypto';
import { normalizeConsentText, type ConsentRenewal } from '@study/contracts';
import type { StoredConsentVersion } from '../../data-access/consent-versions-repository';
import type { ConsentRecord } from '../../data-access/stored-participant';

/** The content hash of a consent text: SHA-256 (hex) of its normalized form, UTF-8. */
export function hashConsentText(text: string): string {
  return createHash('sha256').update(normalizeConsentText(text), 'utf8').digest('hex');
}

export function consentVersionId(seq: number): string {
  return `v${seq}`;
}

/**
 * What publishing `text` does: nothing when it is the current text (same hash); otherwise the
 * next version, numbered after the current one (the first is v1).
 */
export function planPublication(
  current: Pick<StoredConsentVersion, 'versionId' | 'seq' | 'hash'> | null,
  text: string,
): { outcome: 'unchanged' } | { outcome: 'new'; versionId: string; seq: number; hash: string; text: string } {
  const normalized = normalizeConsentText(text);
  const hash = hashConsentText(normalized);
  if (current && current.hash === hash) return { outcome: 'unchanged' };
  const seq = (current?.seq ?? 0) + 1;
  return { outcome: 'new', versionId: consentVersionId(seq), seq, hash, text: normalized };
}

/** The participant's latest consent on record, or null. */
export function latestConsent(consents: readonly ConsentRecord[] | undefined): ConsentRecord | null {
  return consents && consents.length > 0 ? (consents[consents.length - 1] ?? null) : null;
}

/** What the renewal rule reads of a participant. */
export interface ConsentStanding {
  /** The participant consents now (has not withdrawn). */
  consent: boolean;
  consents?: readonly ConsentRecord[];
  consentedAt?: Date | null;
}

/**
 * Whether the participant must agree to the current version before the dashboard opens:
 * - a consent that names its version: when that version is not the current one;
 * - a consent that does not (given through an older page, or before versions were kept): when
 *   it was given before the current version was published, since the text then shown was an
 *   older one;
 * - no consent (withdrawn), or a participant never linked through Open Humans: never.
 */
export function consentRenewal(participant: ConsentStanding, current: Pick<StoredConsentVersion, 'versionId' | 'publishedAt'>): ConsentRenewal | null {
  if (!participant.consent) return null;
  const latest = latestConsent(participant.consents);
  const renewal = { versionId: current.versionId, publishedAt: current.publishedAt.toISOString(), agreedVersionId: latest?.versionId ?? null };
  if (latest?.versionId) return latest.versionId === current.versionId ? null : renewal;
  const givenAt = latest?.givenAt ?? participant.consentedAt ?? null;
  if (!givenAt) return null;
  return givenAt.getTime() < current.publishedAt.getTime() ? renewal : null;
}
