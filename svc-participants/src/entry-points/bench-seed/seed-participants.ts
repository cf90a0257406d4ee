import { randomUUID } from 'node:crypto';
import type { Db, UpdateFilter } from 'mongodb';
import type { BenchSeedParticipant, BenchSeedPlan, BenchSeedReport } from '@study/bench-seed';
import { AuditActions, nardiScoredDataSchema } from '@study/contracts';
import type { DocumentFields, LockedDocument } from '@study/document-writes';
import { BenchSeedRefusal, connectMongo, type BenchSeedCommand } from '@study/service-kit';
import { loadParticipantsConfig, SERVICE_NAME } from '../../config';
import { newRowFields } from '../../data-access/admin-rows/stale-row';
import { AUDIT_LOG_COLLECTION, type AuditLogDocument } from '../../data-access/audit-log-repository';
import { afterUpdate, awaitingStateOf } from '../../data-access/awaiting-steps';
import { ConsentVersionsRepository, type StoredConsentVersion } from '../../data-access/consent-versions-repository';
import { MEMBER_LINKS_COLLECTION, MemberLinksRepository, type MemberLinkDocument } from '../../data-access/member-links-repository';
import type { OpenHumansClient } from '../../data-access/open-humans';
import { PARTICIPANTS_COLLECTION, ParticipantsRepository, type ParticipantDocument } from '../../data-access/participants-repository';
import { TokenCipher } from '../../data-access/token-cipher';
import { TYPEFINDER_INBOX_COLLECTION, TypeFinderInboxRepository, type InboxRowDocument } from '../../data-access/typefinder-inbox-repository';
import { currentConsentVersion } from '../../domain/consent/consent-versions';
import { newParticipant, type ConsentRecord } from '../../domain/participant';
import { awaitingStepOf } from '../../domain/reminders/awaiting-step';
import type { StoredSurvey } from '../../domain/surveys/stored-survey';
import { studyEmail } from '../../domain/typefinder/claim-result';
import { openHumansClient } from '../../open-humans-adapter';
import { memberGrants, type MemberGrant } from './member-grants';

/** Grants asked of Open Humans at once by default: the stand-in is one process. */
export const DEFAULT_CONCURRENCY = 4;

/** What storing burst participants here works with. */
export interface ParticipantsSeedDeps {
  db: Db;
  /** Seals the Open Humans tokens, as the service stores them (TOKEN_ENCRYPTION_KEY). */
  cipher: TokenCipher;
  /** The service's own Open Humans client: each participant becomes a member with a live grant through it. */
  openHumans: OpenHumansClient;
  /** STUDY_EMAIL_HOST: the TypeFinder result is kept under the participant's study email. */
  studyEmailHost: string;
  /** Grants asked at once. */
  concurrency: number;
}

/** One participant's documents in this service's collections. */
interface ParticipantDocuments {
  participant: ParticipantDocument;
  link: MemberLinkDocument;
  inbox: InboxRowDocument;
  audit: AuditLogDocument;
}

/**
 * A participant document made by the repository's own writes applied in memory, with the step it
 * leaves the participant waiting at (the reminders' awaitingStep/awaitingSince, as the service's
 * writes keep it). The admin row's mark is that of a new document, its version counted up by each
 * update as the service's writes do.
 */
function replayedDocument(pgId: string) {
  let fields: DocumentFields<ParticipantDocument> | undefined;
  let writes = 0;
  const handle: LockedDocument<ParticipantDocument> = {
    id: pgId,
    insert: async (inserted) => {
      fields = { ...inserted };
      writes = 1;
    },
    update: async (update) => {
      fields = afterUpdate(fields ?? null, update as UpdateFilter<never>);
      writes += 1;
    },
    replace: async () => {
      throw new Error('the journey replaces no participant document');
    },
  };
  return {
    write: () => handle,
    // The relay has published every event of the journey: an empty outbox, as it leaves one.
    document: (): ParticipantDocument => {
      if (!fields) throw new Error(`no participant document was written for ${pgId}`);
      return { ...fields, ...awaitingStepOf(awaitingStateOf(fields)), _id: pgId, outbox: [], ...newRowFields(), adminRowVersion: writes };
    },
  };
}

/**
 * A burst participant's documents as the API journey leaves them before the last save: consented
 * through Open Humans (the consent version current), the TypeFinder result received by webhook and
 * claimed, Nardi parts one to four saved, scored and completed with svc-scoring's result taken in.
 * The participant document is made by the repository's writes on that journey, in order (it seals
 * the tokens and codes the surveys).
 */
async function participantDocuments(repository: ParticipantsRepository, p: BenchSeedParticipant, grant: MemberGrant, version: StoredConsentVersion, studyEmailHost: string): Promise<ParticipantDocuments> {
  const { pgId, at, nardi } = p;
  const { completion } = nardi;
  const consent: ConsentRecord = { versionId: version.versionId, hash: version.hash, givenAt: at.consented, adult: true, memberId: grant.memberId, renewal: false };
  const typeFinder: StoredSurvey = { id: 'typeFinder', status: 'completed', index: 0, answers: [], typeCode: p.typeFinder.typeCode, completedAt: at.typeFinderCompleted };
  const partOne: StoredSurvey = { id: 'nardi', status: 'part-one', index: 24, answers: nardi.answers };
  const completed: StoredSurvey = {
    ...partOne,
    status: 'completed',
    selectedTemperament: completion.selectedTemperament,
    selectedFP: completion.selectedFP,
    selectedTypeCode: nardi.selections.selectedTypeCode,
    typeCode: completion.typeCode,
    completedAt: at.nardiCompleted,
  };
  const consented = { ...newParticipant(pgId, at.consented), consent: true, snpFileUploaded: grant.member.snpFileUploaded, genotypeSources: grant.member.genotypeSources };
  const replay = replayedDocument(pgId);
  // The step is worked out once the writes are replayed (document() above).
  await repository.insertConsented(replay.write(), consented, grant.memberId, grant.tokens, consent, { awaitingStep: null, awaitingSince: null });
  await repository.saveSurveys(replay.write(), [typeFinder], at.typeFinderCompleted);
  await repository.saveSurveys(replay.write(), [partOne], at.nardiAnswered, { nardiAnsweredAt: at.nardiAnswered });
  await repository.setNardiScoredFor(replay.write(), at.nardiAnswered, at.nardiScored);
  await repository.saveSurveys(replay.write(), [{ ...partOne, status: 'part-two', selectedTemperament: completion.selectedTemperament }], at.nardiPartTwo);
  await repository.saveSurveys(replay.write(), [{ ...partOne, status: 'part-three', selectedTemperament: completion.selectedTemperament, selectedFP: completion.selectedFP }], at.nardiPartThree);
  await repository.saveSurveys(replay.write(), [completed], at.nardiCompleted);
  // svc-scoring's result, with the scores as its completion event carries them.
  await repository.setNardiResult(replay.write(), { consistency: completion.consistency, scores: nardiScoredDataSchema.parse(nardi.scores) }, at.updated);
  return {
    participant: replay.document(),
    link: { _id: grant.memberId, pgId, linkedAt: at.consented },
    // The TypeFinder webhook's row stays after the claim, as on the journey.
    inbox: { _id: studyEmail(pgId, studyEmailHost), typeCode: p.typeFinder.typeCode, source: 'webhook', receivedAt: at.typeFinderReceived },
    // The consented event's entry (its _id is the event's).
    audit: {
      _id: randomUUID(),
      at: at.consented,
      action: AuditActions.consentGiven,
      actor: 'participant',
      pgId,
      details: { reauthorized: false, snpFileUploaded: grant.member.snpFileUploaded, consentVersion: version.versionId, adultCertified: true },
    },
  };
}

/**
 * Stores the plan's participants: first each one becomes a member of Open Humans with a live grant
 * to the study, then their documents go in, one insert command per collection, the participant
 * documents last (the service knows a participant only once the rest is there).
 */
export async function seedBenchParticipants(deps: ParticipantsSeedDeps, plan: BenchSeedPlan, clock: () => number = () => performance.now()): Promise<BenchSeedReport> {
  // As the journey's first call: the first consent text becomes v1 when none is stored yet.
  const version = await currentConsentVersion({ consentVersions: new ConsentVersionsRepository(deps.db), now: () => new Date() });
  const repository = new ParticipantsRepository(deps.db, deps.cipher);
  const started = clock();
  const grants = await memberGrants(
    deps.openHumans,
    plan.participants.map((p) => p.memberId),
    deps.concurrency,
  );
  const membersAuthorizedMs = clock() - started;
  const made: ParticipantDocuments[] = [];
  for (const [i, p] of plan.participants.entries()) made.push(await participantDocuments(repository, p, grants[i]!, version, deps.studyEmailHost));
  await new MemberLinksRepository(deps.db).collection.insertMany(made.map((m) => m.link));
  await new TypeFinderInboxRepository(deps.db).collection.insertMany(made.map((m) => m.inbox));
  await deps.db.collection<AuditLogDocument>(AUDIT_LOG_COLLECTION).insertMany(made.map((m) => m.audit));
  await repository.collection.insertMany(made.map((m) => m.participant));
  return {
    service: SERVICE_NAME,
    stored: { [MEMBER_LINKS_COLLECTION]: made.length, [TYPEFINDER_INBOX_COLLECTION]: made.length, [AUDIT_LOG_COLLECTION]: made.length, [PARTICIPANTS_COLLECTION]: made.length },
    members: grants.map((grant, i) => ({ pgId: plan.participants[i]!.pgId, memberId: grant.memberId })),
    membersAuthorizedMs,
  };
}

/** --concurrency=N: a whole number from 1 to 64. */
function concurrencyOf(value: string | undefined): number {
  if (value === undefined) return DEFAULT_CONCURRENCY;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new BenchSeedRefusal(`--concurrency must be a whole number from 1 to 64, not ${value}`);
  return n;
}

/** svc-participants' bench-seed command, configured from `env` as the service is; --concurrency=N grants asked at once (default 4). */
export function participantsBenchSeed(env: Record<string, string | undefined>): BenchSeedCommand {
  return {
    service: SERVICE_NAME,
    options: ['concurrency'],
    seed: async (plan, options) => {
      const concurrency = concurrencyOf(options.get('concurrency'));
      const config = loadParticipantsConfig(env);
      const mongo = await connectMongo(config.MONGO_URL, config.MONGO_DB, { appName: `${SERVICE_NAME}-bench-seed` });
      try {
        const deps = { db: mongo.db, cipher: TokenCipher.fromConfig(config.TOKEN_ENCRYPTION_KEY), openHumans: openHumansClient(config), studyEmailHost: config.STUDY_EMAIL_HOST, concurrency };
        return await seedBenchParticipants(deps, plan);
      } finally {
        await mongo.close();
      }
    },
  };
}
