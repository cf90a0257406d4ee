import { createHash } from 'node:crypto';
import { normalizeConsentText, type ConsentRenewal } from '@study/contracts';
import type { StoredConsentVersion } from '../../data-access/consent-versions-repository';
import type { ConsentRecord } from '../participant';

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

type VersionSummary = Pick<StoredConsentVersion, 'versionId' | 'hash' | 'publishedAt'>;

/** The version that was current at `time`: the newest published by then (the first, for a time before any). */
export function versionAt<V extends VersionSummary>(versions: readonly V[], time: Date): V | undefined {
  let found = versions[0];
  for (const version of versions) if (version.publishedAt.getTime() <= time.getTime()) found = version;
  return found;
}

/**
 * Whether the participant must agree to the current text before the dashboard opens: when the
 * text they last agreed to differs from it (by content hash). A consent that does not name its
 * version (an older page, or given before versions were kept) agreed to the text current when it
 * was given. Never for a participant who withdrew or was never linked through Open Humans.
 * `versions`: every version, oldest first (the last is the current one).
 */
export function consentRenewal(participant: ConsentStanding, versions: readonly VersionSummary[]): ConsentRenewal | null {
  const current = versions[versions.length - 1];
  if (!participant.consent || !current) return null;
  const latest = latestConsent(participant.consents);
  let agreedHash: string | null = null;
  if (latest?.versionId) agreedHash = latest.hash;
  else {
    const givenAt = latest?.givenAt ?? participant.consentedAt ?? null;
    if (givenAt) agreedHash = versionAt(versions, givenAt)?.hash ?? null;
  }
  if (agreedHash === null || agreedHash === current.hash) return null;
  return { versionId: current.versionId, publishedAt: current.publishedAt.toISOString(), agreedVersionId: latest?.versionId ?? null };
}
