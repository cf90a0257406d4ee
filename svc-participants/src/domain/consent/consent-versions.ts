import type { ConsentVersionsOverview, PublishConsentResponse } from '@study/contracts';
import type { ConsentHistoryReader } from '../../data-access/consent-records';
import type { ConsentVersionsRepository, StoredConsentVersion } from '../../data-access/consent-versions-repository';
import { consentRenewal, latestConsent, planPublication } from './consent-rules';
import { FIRST_CONSENT_TEXT } from './first-consent-text';

/** A publication that keeps losing the race for the next number gives up after this many tries. */
const MAX_PUBLISH_ATTEMPTS = 5;

export interface ConsentVersionsDeps {
  consentVersions: ConsentVersionsRepository;
  now(): Date;
}

export interface ConsentOverviewDeps extends ConsentVersionsDeps {
  consentHistory: ConsentHistoryReader;
}

/**
 * At the first use of the consent versions: the study's first consent text becomes v1 when no
 * version is stored. Two instances doing it together both insert v1; the unique id lets one win
 * and the other find it.
 */
export async function ensureFirstConsentVersion(deps: ConsentVersionsDeps): Promise<void> {
  await deps.consentVersions.ensureIndexes();
  if (await deps.consentVersions.current()) return;
  const plan = planPublication(null, FIRST_CONSENT_TEXT);
  if (plan.outcome !== 'new') return;
  await deps.consentVersions.insert({ versionId: plan.versionId, seq: plan.seq, hash: plan.hash, text: plan.text, publishedAt: deps.now() });
}

/** Every version without its text, oldest first, the first seeded when none is stored yet. */
export async function consentVersionList(deps: ConsentVersionsDeps): Promise<Omit<StoredConsentVersion, 'text'>[]> {
  const versions = await deps.consentVersions.list();
  if (versions.length > 0) return versions;
  await currentConsentVersion(deps);
  return deps.consentVersions.list();
}

/** The current consent version (the newest), seeding the first when none is stored yet. */
export async function currentConsentVersion(deps: ConsentVersionsDeps): Promise<StoredConsentVersion> {
  const current = await deps.consentVersions.current();
  if (current) return current;
  await ensureFirstConsentVersion(deps);
  const seeded = await deps.consentVersions.current();
  if (!seeded) throw new Error('No consent version is stored, and the first could not be stored');
  return seeded;
}

const versionView = (version: Pick<StoredConsentVersion, 'versionId' | 'hash' | 'publishedAt'>) => ({
  versionId: version.versionId,
  hash: version.hash,
  publishedAt: version.publishedAt.toISOString(),
});

/**
 * Publishes a new consent text: a text equal to the current one changes nothing; any other
 * becomes the next version (also one equal to an older version: it is published again, later).
 * Versions are only ever inserted; a concurrent publication that took the number first makes
 * this one try again after it.
 */
export async function publishConsentText(deps: ConsentVersionsDeps, text: string): Promise<PublishConsentResponse> {
  for (let attempt = 1; attempt <= MAX_PUBLISH_ATTEMPTS; attempt++) {
    const current = await currentConsentVersion(deps);
    const plan = planPublication(current, text);
    if (plan.outcome === 'unchanged') {
      // Publishing again also repeats the announcement a failed publication may have missed.
      await deps.consentVersions.announce(current.seq);
      return { outcome: 'unchanged', version: versionView(current) };
    }
    const version = { versionId: plan.versionId, seq: plan.seq, hash: plan.hash, text: plan.text, publishedAt: deps.now() };
    if ((await deps.consentVersions.insert(version)) === 'inserted') return { outcome: 'published', version: versionView(version) };
  }
  throw new Error('Could not publish the consent text: other publications kept taking the next version number');
}

/**
 * Every version with how many participants' latest consent is to it, and how many must agree
 * again: one pass over the participants who consent now, counted in code.
 */
export async function consentVersionsOverview(deps: ConsentOverviewDeps): Promise<ConsentVersionsOverview> {
  const current = await currentConsentVersion(deps);
  const versions = (await deps.consentVersions.list()).filter((version) => version.seq <= current.seq);
  const counts = new Map<string, number>(versions.map((version) => [version.versionId, 0]));
  let versionNotRecorded = 0;
  let mustAgreeAgain = 0;
  for await (const history of deps.consentHistory.stream()) {
    const latest = latestConsent(history.consents);
    if (latest?.versionId && counts.has(latest.versionId)) counts.set(latest.versionId, (counts.get(latest.versionId) ?? 0) + 1);
    else versionNotRecorded++;
    if (consentRenewal({ consent: true, consents: history.consents, consentedAt: history.consentedAt }, versions)) mustAgreeAgain++;
  }
  return {
    currentVersionId: current.versionId,
    currentText: current.text,
    versions: versions.map((version) => ({ ...versionView(version), latestConsents: counts.get(version.versionId) ?? 0 })),
    versionNotRecorded,
    mustAgreeAgain,
    generatedAt: deps.now().toISOString(),
  };
}
