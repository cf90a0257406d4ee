// A participant's way through the study (product.md section 7), one named step each, as the
// screens call them: joining through the Open Humans stand-in's authorization (started at the
// study, its form approved as a member's browser posts it, then POST /api/consent with the code,
// the state, the consent version and the 18+ certification, from the browser holding the study's
// authorization cookie; the session cookie the answer sets is kept), the TypeFinder quiz on its
// stand-in widget (which signs and posts the result to the study's webhook) and its claim, the
// Nardi parts one to four, the self-assessment, the final type and the report. Each step goes
// through a ParticipantClient, so its retry policy decides what an error answer does.
import { randomBytes } from 'node:crypto';
import { routes, type FinalScoreResponse, type NardiAnswer, type NardiFinalResponse, type NardiScoresView, type UserView, type WithdrawResponse } from '@study/contracts';
import { partFourOffers, partThreeOffers, partTwoOffers, type FunctionalPairCode, type TemperamentCode, type TypeCode } from '@study/personality';
import { FlowAborted, ParticipantCallError, type ParticipantClient } from './client';
import { approveAsMember } from './open-humans-member';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** An 8-digit Open Humans project member ID. */
export function randomMemberId(): string {
  return String(10_000_000 + Math.floor(Math.random() * 89_999_999));
}

/** What POST /api/consent (or /api/session) needs from an authorization: the code, its state, and the Cookie header of the browser that started it. */
export interface ProjectAuthorization {
  code: string;
  state: string;
  /** `study_authorization=...`: the request's state and PKCE verifier, sealed by the study. */
  cookie: string;
}

export interface JoinOptions {
  /** The Open Humans project member (default: a random one). */
  member?: string;
  /** The data sources the member shares (default: the stand-in's, a 23andMe file). */
  sources?: readonly string[];
}

/**
 * Authorizes the project on the Open Humans stand-in as the consent page starts it: GET
 * /api/authorization with a fresh state (the study answers the authorize page, with its PKCE
 * challenge, and keeps the state and verifier in a cookie), then the authorize page's form,
 * approved, as a browser posts it (the request's parameters travel as hidden fields).
 */
export async function authorizeProject(client: ParticipantClient, { member = randomMemberId(), sources }: JoinOptions = {}): Promise<ProjectAuthorization> {
  const state = randomBytes(16).toString('hex');
  const { authorizeUrl, cookie } = await client.startAuthorization(`member ${member}`, state);
  const { code } = await approveAsMember(authorizeUrl, { member, sources }).catch((error: unknown) => {
    throw new FlowAborted(error instanceof Error ? error.message : String(error));
  });
  return { code, state, cookie };
}

export interface Joined {
  pgId: string;
  /** The study email the TypeFinder result is sent for. */
  studyEmail: string;
  member: string;
}

/** Consent through Open Humans: the authorization, then POST /api/consent; the session it begins is kept. */
export async function join(client: ParticipantClient, { member = randomMemberId(), sources }: JoinOptions = {}): Promise<Joined> {
  const { code, state, cookie } = await authorizeProject(client, { member, sources });
  const { pgId } = await client.must(routes.consent, { body: { code, state, ...(await client.consentAgreement()) } }, { cookie, label: `member ${member}` });
  const { studyEmailHost } = await client.settings();
  return { pgId, studyEmail: `${pgId}@${studyEmailHost}`, member };
}

/**
 * The TypeFinder quiz on the stand-in widget for the participant's study email, answered as
 * `typeCode` (its four letters; the study email may be given), then the result claimed (POST /api/user/tfresult). Under the
 * screens' policy a refusal of the widget ('Results not sent') is a failure the participant sees,
 * and they take the quiz again. Answers the type the study took.
 */
export async function takeTypeFinder(client: ParticipantClient, pgId: string, typeCode = 'INTJ', { studyEmail }: { studyEmail?: string } = {}): Promise<string> {
  const widget = client.typeFinderWidgetUrl;
  if (!widget) throw new Error('the client was made without the TypeFinder widget address (typeFinderWidgetUrl)');
  const [energy, information, decisions, lifestyle] = typeCode.toUpperCase().split('') as [string, string, string, string];
  const email = studyEmail ?? `${pgId}@${(await client.settings()).studyEmailHost}`;
  for (;;) {
    if (Date.now() > client.deadline) throw new FlowAborted(`the TypeFinder result for ${pgId} was never taken`);
    const res = await fetch(widget, { method: 'POST', body: new URLSearchParams({ email, energy, information, decisions, lifestyle }) });
    if (res.ok) break;
    const text = (await res.text()).replace(/\s+/g, ' ').slice(0, 150);
    if (!client.screens) throw new ParticipantCallError('the TypeFinder widget', res.status, text);
    client.failure({ pgId, route: `TypeFinder widget -> ${routes.typeFinderWebhook.path}`, kind: 'http', status: res.status, detail: `the widget answered ${res.status}: ${text}` });
    await sleep(1_000);
  }
  return (await client.must(routes.claimTypeFinderResult, { body: { pgId } })).typeCode;
}

/** The 25 part-one answers of Nardi variant `variant` (a few variants give different scores). */
export function nardiAnswers(variant = 0): NardiAnswer[] {
  return Array.from({ length: 25 }, (_, q) => ({ id: q + 1, value: (q + variant) % 3 === 0 ? 'B' : 'A' }));
}

/** The first offer of parts two, three and four for these scores, as a participant taking the top choice each time. */
export function firstOffers(scores: NardiScoresView): { selectedTemperament: TemperamentCode; selectedFP: FunctionalPairCode; selectedTypeCode: TypeCode } {
  const selectedTemperament = partTwoOffers(scores.temperaments)[0]?.code;
  const selectedFP = selectedTemperament && partThreeOffers(scores.functionalPairs, selectedTemperament)[0]?.code;
  const selectedTypeCode = selectedFP && partFourOffers(scores.typeCodes, selectedFP)[0]?.code;
  if (!selectedTemperament || !selectedFP || !selectedTypeCode) throw new FlowAborted('the Nardi parts two to four offered nothing');
  return { selectedTemperament, selectedFP, selectedTypeCode };
}

/** Nardi part one: the 25 answers saved, then the scores once scoring has them (POST /api/user/nardi, when the result stream shows them). */
export async function answerNardiPartOne(client: ParticipantClient, pgId: string, variant = 0): Promise<NardiScoresView> {
  await client.must(routes.saveSurvey, { body: { pgId, survey: { id: 'nardi', status: 'part-one', index: 24, answers: nardiAnswers(variant) } } });
  const scores = await client.whenShown(pgId, routes.nardiScores, ({ nardi }) => nardi.scored);
  if (!scores) throw new FlowAborted(`no Nardi scores for ${pgId}`);
  return scores;
}

/** Nardi part two: the temperament chosen. */
export async function answerNardiPartTwo(client: ParticipantClient, pgId: string, selectedTemperament: TemperamentCode): Promise<UserView> {
  return client.must(routes.updateSurveys, { body: { pgId, update: { nardi: { status: 'part-two', selectedTemperament } } } });
}

/** Nardi part three: the functional pair chosen. */
export async function answerNardiPartThree(client: ParticipantClient, pgId: string, selectedFP: FunctionalPairCode): Promise<UserView> {
  return client.must(routes.updateSurveys, { body: { pgId, update: { nardi: { status: 'part-three', selectedFP } } } });
}

/** Nardi part four: the type chosen; the survey is completed. */
export async function answerNardiPartFour(client: ParticipantClient, pgId: string, selectedTypeCode: TypeCode): Promise<UserView> {
  return client.must(routes.updateSurveys, { body: { pgId, update: { nardi: { status: 'completed', selectedTypeCode } } } });
}

export interface NardiTaken {
  scores: NardiScoresView;
  selectedTemperament: TemperamentCode;
  selectedFP: FunctionalPairCode;
  /** The type chosen in part four (saved only when the survey was completed). */
  selectedTypeCode: TypeCode;
}

/**
 * The Nardi survey as its screens take it, the first offer chosen in each part: part one
 * (`variant`'s answers), two, three and, unless `through` is 'part-three', four.
 */
export async function answerNardi(client: ParticipantClient, pgId: string, { variant = 0, through = 'completed' }: { variant?: number; through?: 'part-three' | 'completed' } = {}): Promise<NardiTaken> {
  const scores = await answerNardiPartOne(client, pgId, variant);
  const offers = firstOffers(scores);
  await answerNardiPartTwo(client, pgId, offers.selectedTemperament);
  await answerNardiPartThree(client, pgId, offers.selectedFP);
  if (through === 'completed') await answerNardiPartFour(client, pgId, offers.selectedTypeCode);
  return { scores, ...offers };
}

/** The Nardi type (POST /api/user/nardi/final), once the result stream shows it. */
export async function nardiType(client: ParticipantClient, pgId: string): Promise<NardiFinalResponse> {
  const answer = await client.whenShown(pgId, routes.nardiFinal, ({ nardi }) => nardi.result !== null);
  if (!answer) throw new FlowAborted(`no Nardi type for ${pgId}`);
  return answer;
}

/** The self-assessment's answers for a participant fully sure of `typeCode` (so it is the final type: domain.md section 5). */
export function selfAssessmentAnswers(typeCode: string) {
  return [
    { id: 'personalityType', value: typeCode.toLowerCase() },
    { id: 'typeSource', value: ['Read'] },
    { id: 'confidence', value: '100%' },
    { id: 'experience', value: 'Beginner' },
  ];
}

/** The self-assessment saved completed, fully sure of `typeCode`: the participant's last save. */
export async function completeSelfAssessment(client: ParticipantClient, pgId: string, typeCode: string): Promise<UserView | null> {
  return client.json(routes.saveSurvey, { body: { pgId, survey: { id: 'selfAssessment', status: 'completed', index: 3, answers: selfAssessmentAnswers(typeCode), typeCode } } });
}

/**
 * A survey declined ('No thank you'): POST /api/user/survey/upd with the status 'rejected', as the
 * dashboard's decline does; what was saved before stays. A declined survey counts as done.
 */
export async function declineSurvey(client: ParticipantClient, pgId: string, survey: 'nardi' | 'selfAssessment'): Promise<UserView> {
  const update = survey === 'nardi' ? { nardi: { status: 'rejected' as const } } : { selfAssessment: { status: 'rejected' as const } };
  return client.must(routes.updateSurveys, { body: { pgId, update } });
}

/**
 * Leaving the study from the dashboard (POST /api/user/withdraw): consent withdrawn and the data
 * kept, or with `erase` erased in every service. The route needs a confirmation with Open Humans
 * in the last 10 minutes, which joining (or confirming the session) gives.
 */
export async function withdraw(client: ParticipantClient, pgId: string, { erase = false }: { erase?: boolean } = {}): Promise<WithdrawResponse> {
  return client.must(routes.withdraw, { body: { pgId, erase } });
}

/** POST /api/user: the participant's view, as the dashboard loads it. */
export async function participantView(client: ParticipantClient, pgId: string): Promise<UserView> {
  return client.must(routes.user, { body: { pgId } });
}

/**
 * The final type (POST /api/user/survey/final). With `wait` (the default), once the result stream
 * shows it (the screens' policy; null when it still is not there, as the dashboard then keeps
 * listening) or once the owner answers it; without, asked once (null: not there yet).
 */
export async function finalType(client: ParticipantClient, pgId: string, { wait = true }: { wait?: boolean } = {}): Promise<FinalScoreResponse | null> {
  if (wait) return client.whenShown(pgId, routes.finalScore, (results) => results.finalScore !== null);
  return client.json(routes.finalScore, { body: { pgId } }, { tolerance: 'dashboard-final' });
}

/** Waits until the participant's view lists the final report: on the result stream under the screens' policy (until the deadline), else by loading the view again. */
export async function reportListed(client: ParticipantClient, pgId: string): Promise<void> {
  const view = await participantView(client, pgId);
  if (view.finalReport) return;
  if (client.screens) {
    const results = await client.waitForResults(pgId, (r) => r.finalReport !== null, client.deadline - Date.now());
    if (!results) throw new FlowAborted(`the final report of ${pgId} was never listed`);
    return;
  }
  const giveUpAt = Date.now() + client.resultWaitMs;
  while (!(await participantView(client, pgId)).finalReport) {
    if (Date.now() > giveUpAt) throw new FlowAborted(`the final report of ${pgId} was not listed after ${client.resultWaitMs} ms`);
    await sleep(client.pollMs);
  }
}

/**
 * The final report's PDF (GET /api/user/report/{pgId}), as the dashboard downloads it: with
 * `wait` (the default) once the view lists it. Answers its bytes (checked to be a PDF).
 */
export async function finalReport(client: ParticipantClient, pgId: string, { wait = true }: { wait?: boolean } = {}): Promise<Buffer> {
  if (wait) await reportListed(client, pgId);
  const answer = await client.call(routes.finalReportPdf, { params: { pgId } });
  const type = answer?.headers.get('content-type') ?? '';
  if (!answer || !type.startsWith('application/pdf') || answer.body.subarray(0, 5).toString('latin1') !== '%PDF-') {
    throw new ParticipantCallError(`GET ${routes.finalReportPdf.path}`, answer?.status, `not a PDF (${type || 'no content type'}, ${answer?.body.length ?? 0} bytes)`);
  }
  return answer.body;
}

export interface JourneyOptions extends JoinOptions {
  /** The TypeFinder quiz's answers, as a type (default INTJ). */
  typeFinderType?: string;
  /** Which Nardi answers (nardiAnswers). */
  nardiVariant?: number;
  /** The self-assessment's type, fully sure (default: the TypeFinder type). */
  selfAssessmentType?: string;
  /** Whether to wait for the report and download it (default true). */
  report?: boolean;
}

export interface Journey extends Joined {
  typeFinderType: string;
  nardi: NardiTaken & { typeCode: string };
  finalType: string | null;
  report: Buffer | null;
}

/** The whole journey: join, TypeFinder, Nardi (four parts and its type), the self-assessment, the final type and the report. */
export async function completeJourney(client: ParticipantClient, options: JourneyOptions = {}): Promise<Journey> {
  const joined = await join(client, options);
  const typeFinderType = await takeTypeFinder(client, joined.pgId, options.typeFinderType);
  const nardi = await answerNardi(client, joined.pgId, { variant: options.nardiVariant });
  const { typeCode } = await nardiType(client, joined.pgId);
  await completeSelfAssessment(client, joined.pgId, options.selfAssessmentType ?? typeFinderType);
  const final = await finalType(client, joined.pgId);
  const report = options.report === false ? null : await finalReport(client, joined.pgId);
  return { ...joined, typeFinderType, nardi: { ...nardi, typeCode }, finalType: final?.typeCode ?? null, report };
}
