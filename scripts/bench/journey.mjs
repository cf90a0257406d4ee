// A participant's way through the study over the HTTP API (product.md section 7), as the
// screens call it: consent through the Open Humans stand-in (the authorization started at the
// study, its form posted as a browser would, then POST /api/consent with the code, the state and
// the study's authorization cookie), the TypeFinder quiz on its stand-in
// widget (which signs and posts the result to the study's webhook) and POST /api/user/tfresult,
// the Nardi parts one to four, and the self-assessment. The same steps as
// e2e/support/participant.ts, without a browser.
import path from 'node:path';
import { loadTs } from './ts-module.mjs';
import { sleep } from './stats.mjs';
import { authorizeOnOpenHumans, participantFetch } from './participant-sessions.mjs';

const LETTERS = [
  { energy: 'I', information: 'N', decisions: 'T', lifestyle: 'J' },
  { energy: 'E', information: 'S', decisions: 'F', lifestyle: 'P' },
  { energy: 'I', information: 'S', decisions: 'T', lifestyle: 'J' },
  { energy: 'E', information: 'N', decisions: 'F', lifestyle: 'P' },
];

export class HttpError extends Error {
  constructor(what, status, body) {
    super(`${what} answered ${status}: ${String(body).slice(0, 200)}`);
    this.status = status;
  }
}

/**
 * @param {object} o
 * @param {string} o.baseUrl the gateway
 * @param {string} o.typeFinderWidgetUrl the TypeFinder stand-in's widget
 * @param {string} o.root repository root (the Nardi offer rules come from @study/personality)
 * @param {string} o.workDir where bundled modules go
 */
export async function createJourney({ baseUrl, typeFinderWidgetUrl, root, workDir }) {
  const personality = await loadTs(path.join(root, 'packages', 'personality', 'src', 'index.ts'), workDir, 'personality');
  const settings = await (await fetch(`${baseUrl}/api/settings`)).json();

  /**
   * POSTs JSON (with `cookie`, if given, besides the participant's session); a 503 (busy) is tried
   * again after its Retry-After (at most 1 s), as the screens do, up to 20 times.
   */
  const post = async (route, body, cookie) => {
    for (let attempt = 1; ; attempt += 1) {
      const res = await participantFetch(`${baseUrl}${route}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body: JSON.stringify(body) });
      const text = await res.text();
      if (res.ok) return JSON.parse(text);
      if (res.status !== 503 || attempt >= 20) throw new HttpError(route, res.status, text);
      await sleep(Math.min(1000, 1000 * (Number(res.headers.get('retry-after')) || 0.2)));
    }
  };

  async function consent(member) {
    const { versionId } = await (await fetch(`${baseUrl}/api/consent/text`)).json();
    const { code, state, cookie } = await authorizeOnOpenHumans(baseUrl, member);
    const { pgId } = await post('/api/consent', { code, state, versionId, adult: true }, cookie);
    return { pgId, studyEmail: `${pgId}@${settings.studyEmailHost}` };
  }

  async function typeFinder(pgId, studyEmail, letters) {
    const res = await fetch(typeFinderWidgetUrl, { method: 'POST', body: new URLSearchParams({ email: studyEmail, ...letters }) });
    if (!res.ok) throw new HttpError('the TypeFinder widget', res.status, await res.text());
    return (await post('/api/user/tfresult', { pgId })).typeCode;
  }

  /** The part-one scores once scoring has the answers (409 until the event arrived, 503 while busy). */
  async function nardiScores(pgId, timeoutMs = 60_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        return await post('/api/user/nardi', { pgId });
      } catch (err) {
        if (!(err instanceof HttpError) || ![409, 503].includes(err.status) || Date.now() > deadline) throw err;
      }
      await sleep(100);
    }
  }

  async function nardi(pgId, variant) {
    const answers = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, value: (i + variant) % 3 === 0 ? 'B' : 'A' }));
    await post('/api/user/survey', { pgId, survey: { id: 'nardi', status: 'part-one', index: 24, answers } });
    const scores = await nardiScores(pgId);
    const selectedTemperament = personality.partTwoOffers(scores.temperaments)[0]?.code;
    await post('/api/user/survey/upd', { pgId, update: { nardi: { status: 'part-two', selectedTemperament } } });
    const selectedFP = personality.partThreeOffers(scores.functionalPairs, selectedTemperament)[0]?.code;
    await post('/api/user/survey/upd', { pgId, update: { nardi: { status: 'part-three', selectedFP } } });
    const selectedTypeCode = personality.partFourOffers(scores.typeCodes, selectedFP)[0]?.code;
    if (!selectedTypeCode) throw new Error('Nardi part four offered no type');
    await post('/api/user/survey/upd', { pgId, update: { nardi: { status: 'completed', selectedTypeCode } } });
    return selectedTypeCode;
  }

  /** The body of the last save: the self-assessment completed, fully sure of `typeCode`. */
  const selfAssessmentSave = (pgId, typeCode) => ({
    pgId,
    survey: {
      id: 'selfAssessment',
      status: 'completed',
      index: 3,
      answers: [
        { id: 'personalityType', value: typeCode.toLowerCase() },
        { id: 'typeSource', value: ['Read'] },
        { id: 'confidence', value: '100%' },
        { id: 'experience', value: 'Beginner' },
      ],
    },
  });

  /** Participant i up to their last save: consented, TypeFinder and Nardi done. */
  async function upToLastSave(i) {
    const { pgId, studyEmail } = await consent(String(20_000_000 + i));
    const letters = LETTERS[i % LETTERS.length];
    const tfType = await typeFinder(pgId, studyEmail, letters);
    const nardiType = await nardi(pgId, i % 5);
    return { pgId, tfType, nardiType };
  }

  return { consent, typeFinder, nardi, selfAssessmentSave, upToLastSave, post };
}

/** Runs `task(i)` for i in 0..count-1 with at most `concurrency` at once; answers the results in order. */
export async function inParallel(count, concurrency, task, onProgress) {
  const results = new Array(count);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      results[i] = await task(i);
      done += 1;
      onProgress?.(done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return results;
}
