// The bench's burst participants, stored directly in the three services' databases in the state the
// API journey (journey.ts upToLastSave) leaves them in: consented through Open Humans, TypeFinder
// and Nardi (parts one to four) completed, the self-assessment pending. Their real last save then
// goes through the whole pipeline as an API-made participant's does, up to the report's upload to
// their Open Humans account; so each one is also a member of the Open Humans stand-in with a live
// grant, made through the stand-in's own protocol (the one part not written to a database: the
// stand-in keeps its members in memory). The documents are typed with each service's own shapes,
// and svc-participants' is made by its repository's own writes, so a change of them shows here first.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from 'mongodb';
import { AuditActions, nardiScoredDataSchema } from '@study/contracts';
import type { LockedDocument } from '@study/document-writes';
import { approveAsMember, nardiAnswers } from '@study/participant-client';
import { codeChallengeOf } from '@study/participant-session';
import { newRowFields } from '../../svc-participants/src/data-access/admin-rows/stale-row';
import { AUDIT_LOG_COLLECTION, type AuditLogDocument } from '../../svc-participants/src/data-access/audit-log-repository';
import { afterUpdate, awaitingStateOf, type AwaitingSource } from '../../svc-participants/src/data-access/awaiting-steps';
import { ConsentVersionsRepository } from '../../svc-participants/src/data-access/consent-versions-repository';
import { MemberLinksRepository, type MemberLinkDocument } from '../../svc-participants/src/data-access/member-links-repository';
import { OpenHumansClient, type OpenHumansMember, type OpenHumansTokens } from '../../svc-participants/src/data-access/open-humans';
import { ParticipantsRepository, type ParticipantDocument } from '../../svc-participants/src/data-access/participants-repository';
import type { ConsentRecord } from '../../svc-participants/src/domain/participant';
import type { StoredSurvey } from '../../svc-participants/src/domain/surveys/stored-survey';
import { TokenCipher } from '../../svc-participants/src/data-access/token-cipher';
import { TypeFinderInboxRepository, type InboxRowDocument } from '../../svc-participants/src/data-access/typefinder-inbox-repository';
import { newParticipant } from '../../svc-participants/src/domain/participant';
import { awaitingStepOf } from '../../svc-participants/src/domain/reminders/awaiting-step';
import { studyEmail } from '../../svc-participants/src/domain/typefinder/claim-result';
import { codedNardi, scoresCollection, type ScoreDocument } from '../../svc-scoring/src/data-access/scores-collection';
import { codedScores, reportsCollection, type ReportDocument } from '../../svc-reports/src/data-access/reports-collection';
import { inParallel } from './in-parallel';
import { TF_TYPES } from './journey';

export type BurstService = 'participants' | 'scoring' | 'reports';

export interface SeedBurstOptions {
  /** Each service's database. */
  db: (service: BurstService) => Db;
  count: number;
  /** svc-participants' TOKEN_ENCRYPTION_KEY: the Open Humans tokens are stored sealed with it. */
  tokenEncryptionKey: string;
  /** svc-participants' STUDY_EMAIL_HOST: the TypeFinder result is kept under the participant's study email. */
  studyEmailHost: string;
  /** The Open Humans stand-in and the study's client there: svc-participants' OH_BASE_URL, OH_CLIENT_ID, OH_CLIENT_SECRET, OH_REDIRECT_URI. */
  openHumans: { url: string; clientId: string; clientSecret: string; redirectUri?: string };
  /** Participant i answers as journey.ts's participant firstIndex + i and is Open Humans member 30000000 + firstIndex + i (default 0). */
  firstIndex?: number;
  /** Grants asked of the stand-in at once (default 4: it is one process, rewriting its state file on each change). */
  concurrency?: number;
  now?: () => Date;
  log?: (message: string) => void;
}

export interface BurstParticipant {
  pgId: string;
  tfType: string;
  nardiType: string;
}

/** Apart from journey.ts's members (20000000 + i) and seed-participants.ts's (10000000 + i). */
const MEMBER_ID_BASE = 30_000_000;
const BATCH = 1000;
/** What the journey's members share (the stand-in's authorize page's default): a 23andMe file. */
const SHARED_SOURCES = ['direct-sharing-128'];

/**
 * @study/personality, loaded when called: this module is ESM (scripts/), and Node finds no names of
 * a CommonJS module whose index only re-exports (`export * from`), so a static named import of it
 * fails under tsx; a dynamic import has them all.
 */
const personality = () => import('@study/personality');
type Personality = Awaited<ReturnType<typeof personality>>;

/** journey.ts's Nardi for variant v: its part-one answers, then the first offer of parts two to four. */
function nardiOf({ completeNardi, partFourOffers, partThreeOffers, partTwoOffers, scoreNardi }: Personality, variant: number) {
  const answers = nardiAnswers(variant);
  const scores = scoreNardi(answers);
  const selectedTemperament = partTwoOffers(scores.temperaments)[0]!.code;
  const selectedFP = partThreeOffers(scores.functionalPairs, selectedTemperament)[0]!.code;
  const selectedTypeCode = partFourOffers(scores.typeCodes, selectedFP)[0]!.code;
  // As svc-scoring completes the survey, and as its events carry the scores to the other services.
  return { answers, scores, view: nardiScoredDataSchema.parse(scores), selectedTypeCode, completion: completeNardi(scores, { selectedTemperament, selectedFP, selectedTypeCode }) };
}

interface Grant {
  memberId: string;
  tokens: OpenHumansTokens;
  member: OpenHumansMember;
}

/**
 * The member approves the project on the stand-in's authorize page (as the journey's browser
 * does), and the study's own client redeems the code and reads the member, as POST /api/consent does.
 */
async function grantOf(client: OpenHumansClient, memberId: string): Promise<Grant> {
  const verifier = randomBytes(32).toString('base64url');
  const url = client.authorizeUrl({ state: randomBytes(16).toString('hex'), codeChallenge: codeChallengeOf(verifier) });
  const { code } = await approveAsMember(url, { member: memberId, sources: SHARED_SOURCES });
  const tokens = await client.exchangeCode(code, verifier);
  const member = await client.getMember(tokens.accessToken);
  if (member.projectMemberId !== memberId) throw new Error(`the Open Humans stand-in answered member ${member.projectMemberId} for ${memberId}`);
  return { memberId, tokens, member };
}

/**
 * A participant document made by the repository's writes applied in memory, with the step it
 * leaves the participant waiting at (the reminders' awaitingStep/awaitingSince, as the service's
 * writes keep it). The admin row's mark is that of a new document, counted up by each update as
 * the service's are.
 */
function replayedDocument(pgId: string) {
  let fields: Record<string, unknown> | null = null;
  let writes = 0;
  const handle: LockedDocument<ParticipantDocument> = {
    id: pgId,
    insert: async (inserted) => {
      fields = { ...inserted };
      writes = 1;
    },
    update: async (update) => {
      fields = afterUpdate(fields, update as never);
      writes += 1;
    },
    replace: async () => {
      throw new Error('the journey replaces no participant document');
    },
  };
  return {
    write: () => handle,
    // The relay has published every event of the journey: an empty outbox, as it leaves one.
    document: (): ParticipantDocument => ({
      ...(fields as Omit<ParticipantDocument, '_id'>),
      ...awaitingStepOf(awaitingStateOf(fields as AwaitingSource)),
      _id: pgId,
      outbox: [],
      ...newRowFields(),
      adminRowVersion: writes,
    }),
  };
}

function newConsentedParticipant(pgId: string, now: Date, member: OpenHumansMember) {
  return { ...newParticipant(pgId, now), consent: true, snpFileUploaded: member.snpFileUploaded, genotypeSources: member.genotypeSources };
}

/**
 * Stores `count` participants ready for their last save; answers each one's study ID, TypeFinder
 * type (the self-assessment the bench sends names it) and Nardi type. Per 1,000: the stand-in's
 * members first, then the documents, one insert command per collection.
 */
export async function seedBurstParticipants(options: SeedBurstOptions): Promise<BurstParticipant[]> {
  const { db, count, studyEmailHost, openHumans, firstIndex = 0, concurrency = 4, now = () => new Date(), log } = options;
  const participantsDb = db('participants');
  const version = await new ConsentVersionsRepository(participantsDb).current();
  if (!version) throw new Error('svc-participants has no consent text yet (it publishes the first when it starts)');
  const repository = new ParticipantsRepository(participantsDb, TokenCipher.fromConfig(options.tokenEncryptionKey));
  const memberLinks = new MemberLinksRepository(participantsDb).collection;
  const typeFinderInbox = new TypeFinderInboxRepository(participantsDb).collection;
  const auditLog = participantsDb.collection<AuditLogDocument>(AUDIT_LOG_COLLECTION);
  const scores = scoresCollection(db('scoring'));
  const reports = reportsCollection(db('reports'));
  const client = new OpenHumansClient({ baseUrl: openHumans.url, clientId: openHumans.clientId, clientSecret: openHumans.clientSecret, redirectUri: openHumans.redirectUri });
  const rules = await personality();
  const nardiVariants = Array.from({ length: 5 }, (_, v) => nardiOf(rules, v));

  const made: BurstParticipant[] = [];
  for (let start = 0; start < count; start += BATCH) {
    const size = Math.min(BATCH, count - start);
    const started = Date.now();
    const grants = await inParallel(size, concurrency, (k) => grantOf(client, String(MEMBER_ID_BASE + firstIndex + start + k)));
    log?.(`  ${start + size}/${count}: Open Humans stand-in members authorized in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const batch = { participants: [] as ParticipantDocument[], links: [] as MemberLinkDocument[], inbox: [] as InboxRowDocument[], audit: [] as AuditLogDocument[], scores: [] as ScoreDocument[], reports: [] as ReportDocument[] };
    for (const [k, grant] of grants.entries()) {
      const i = firstIndex + start + k;
      const pgId = randomUUID();
      const tfType = rules.toTypeCode(TF_TYPES[i % TF_TYPES.length]);
      const nardi = nardiVariants[i % nardiVariants.length]!;
      const { completion } = nardi;
      // The journey's steps, a little apart and all before the last save: consent, the TypeFinder
      // result and its claim, Nardi part one (scored at once), then parts two to four.
      const base = now().getTime() - 5000;
      const at = (ms: number) => new Date(base + ms);
      const consentedAt = at(0);
      const tfReceivedAt = at(800);
      const tfCompletedAt = at(1000);
      const nardiAnsweredAt = at(2000);
      const nardiScoredAt = at(2050);
      const nardiCompletedAt = at(3000);
      const nardiFinalizedAt = at(3050);
      const updatedAt = at(3100);

      const consent: ConsentRecord = { versionId: version.versionId, hash: version.hash, givenAt: consentedAt, adult: true, memberId: grant.memberId, renewal: false };
      const typeFinder: StoredSurvey = { id: 'typeFinder', status: 'completed', index: 0, answers: [], typeCode: tfType, completedAt: tfCompletedAt };
      const nardiPartOne: StoredSurvey = { id: 'nardi', status: 'part-one', index: 24, answers: nardi.answers };
      const nardiCompleted: StoredSurvey = {
        ...nardiPartOne,
        status: 'completed',
        selectedTemperament: completion.selectedTemperament,
        selectedFP: completion.selectedFP,
        selectedTypeCode: nardi.selectedTypeCode,
        typeCode: completion.typeCode,
        completedAt: nardiCompletedAt,
      };
      // svc-participants' writes on the journey, in order (its repository seals the tokens and codes the surveys).
      const replay = replayedDocument(pgId);
      // The step is worked out once the writes are replayed (document() above).
      await repository.insertConsented(replay.write(), newConsentedParticipant(pgId, consentedAt, grant.member), grant.memberId, grant.tokens, consent, { awaitingStep: null, awaitingSince: null });
      await repository.saveSurveys(replay.write(), [typeFinder], tfCompletedAt);
      await repository.saveSurveys(replay.write(), [nardiPartOne], nardiAnsweredAt, { nardiAnsweredAt });
      await repository.setNardiScoredFor(replay.write(), nardiAnsweredAt, nardiScoredAt);
      await repository.saveSurveys(replay.write(), [{ ...nardiPartOne, status: 'part-two', selectedTemperament: completion.selectedTemperament }], at(2400));
      await repository.saveSurveys(replay.write(), [{ ...nardiPartOne, status: 'part-three', selectedTemperament: completion.selectedTemperament, selectedFP: completion.selectedFP }], at(2700));
      await repository.saveSurveys(replay.write(), [nardiCompleted], nardiCompletedAt);
      await repository.setNardiResult(replay.write(), { consistency: completion.consistency, scores: nardi.view }, updatedAt);
      batch.participants.push(replay.document());
      batch.links.push({ _id: grant.memberId, pgId, linkedAt: consentedAt });
      // The TypeFinder webhook's row stays after the claim, as on the journey.
      batch.inbox.push({ _id: studyEmail(pgId, studyEmailHost), typeCode: tfType, source: 'webhook', receivedAt: tfReceivedAt });
      // The consented event's entry (its _id is the event's).
      batch.audit.push({
        _id: randomUUID(),
        at: consentedAt,
        action: AuditActions.consentGiven,
        actor: 'participant',
        pgId,
        details: { reauthorized: false, snpFileUploaded: grant.member.snpFileUploaded, consentVersion: version.versionId, adultCertified: true },
      });
      batch.scores.push({
        _id: pgId,
        consentedAt,
        inputs: { typeFinder: { typeCode: tfType, at: tfCompletedAt } },
        // As svc-scoring stores it: answers and scores as their JSON text.
        nardi: codedNardi({
          asOf: nardiCompletedAt,
          answers: nardi.answers,
          scores: nardi.scores,
          scoredAt: nardiScoredAt,
          selections: { selectedTemperament: completion.selectedTemperament, selectedFP: completion.selectedFP, selectedTypeCode: completion.typeCode },
          final: { typeCode: completion.typeCode, consistency: completion.consistency, completedAt: nardiCompletedAt, finalizedAt: nardiFinalizedAt },
        }) as ScoreDocument['nardi'],
        updatedAt: nardiFinalizedAt,
        // Its Nardi events published: an empty outbox, as the relay leaves one.
        outbox: [],
      });
      // No Nardi report (svc-reports builds it when first asked for it), nor an outbox: the journey publishes nothing from here.
      batch.reports.push({
        _id: pgId,
        consentedAt,
        nardi: {
          asOf: nardiCompletedAt,
          result: { typeCode: completion.typeCode, consistency: completion.consistency, selectedTemperament: completion.selectedTemperament, selectedFP: completion.selectedFP, completedAt: nardiCompletedAt, scores: codedScores(nardi.view) },
        },
        updatedAt,
      });
      made.push({ pgId, tfType, nardiType: completion.typeCode });
    }

    // svc-participants' documents last: once it knows a participant, the documents its events meet in the other services are there.
    await scores.insertMany(batch.scores);
    await reports.insertMany(batch.reports);
    await memberLinks.insertMany(batch.links);
    await typeFinderInbox.insertMany(batch.inbox);
    await auditLog.insertMany(batch.audit);
    await repository.collection.insertMany(batch.participants);
  }
  return made;
}
