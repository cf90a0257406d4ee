import { STATS_CSV_COLUMNS, ROSTER_CSV_COLUMNS } from '@study/contracts';
import type { ParticipantRecord } from '../../data-access/participant-records';
import { EnrollmentTally } from './enrollment';
import { rosterRow, statisticsRow, type JoinedParticipant } from './participant-rows';
import { studyPseudonyms } from './study-pseudonym';

const pseudonymOf = studyPseudonyms(Buffer.alloc(32, 1));

const AT = new Date('2026-02-01T10:00:00.000Z');
const participant = (id: string, fields: Partial<ParticipantRecord> = {}): ParticipantRecord => ({ _id: id, ...fields });

describe('rows', () => {
  const full: JoinedParticipant = {
    participant: participant('3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b', {
      consent: true,
      snpFileUploaded: true,
      surveys: {
        typeFinder: { status: 'completed', typeCode: 'INTJ' },
        nardi: { status: 'completed', typeCode: 'INTP', consistency: 8 },
        selfAssessment: { status: 'rejected' },
        mbti: { status: 'started' },
      },
      finalScore: { typeCode: 'INTJ', computedAt: '2026-02-03T00:00:00.000Z' },
      openHumans: { memberId: '12345678', tokens: { expiresAt: AT } },
      createdAt: AT,
      consentedAt: AT,
      updatedAt: AT,
    }),
    mbti: { wholeType: 'ENTJ', uploadedAt: AT },
  };

  it('statistics: one value per column, in column order', () => {
    const row = statisticsRow(full, pseudonymOf);
    expect(row).toHaveLength(STATS_CSV_COLUMNS.length);
    const byColumn = Object.fromEntries(STATS_CSV_COLUMNS.map((column, i) => [column, row[i]]));
    expect(byColumn).toMatchObject({
      pseudonym: pseudonymOf(full.participant._id),
      consent: true,
      dataReady: true,
      snpFileUploaded: true,
      typeFinderStatus: 'completed',
      typeFinderType: 'INTJ',
      nardiStatus: 'completed',
      nardiType: 'INTP',
      nardiConsistency: 8,
      selfAssessmentStatus: 'rejected',
      selfAssessmentType: undefined,
      mbtiStatus: 'started',
      mbtiType: 'ENTJ',
      finalType: 'INTJ',
      enrolledAt: AT,
      mbtiUploadedAt: AT,
      finalScoredAt: new Date('2026-02-03T00:00:00.000Z'),
    });
  });

  it('statistics: a participant who has done nothing yet', () => {
    const row = statisticsRow({ participant: participant('x') }, pseudonymOf);
    const byColumn = Object.fromEntries(STATS_CSV_COLUMNS.map((column, i) => [column, row[i]]));
    expect(byColumn).toMatchObject({ consent: false, dataReady: false, typeFinderStatus: 'pending', mbtiStatus: 'pending', mbtiType: undefined, finalType: undefined });
  });

  it('consent needs the Open Humans token still held', () => {
    const withdrawn = statisticsRow({ participant: participant('x', { consent: true, openHumans: { memberId: '1' } }) }, pseudonymOf);
    expect(withdrawn[STATS_CSV_COLUMNS.indexOf('consent')]).toBe(false);
  });

  it('roster: study ID, member id, consent, genotype, dataReady, consent date', () => {
    expect(ROSTER_CSV_COLUMNS).toEqual(['studyId', 'openHumansMemberId', 'consent', 'genotypePresent', 'dataReady', 'consentedAt']);
    expect(rosterRow(full)).toEqual([full.participant._id, '12345678', true, true, true, AT]);
  });
});

describe('enrollment figures', () => {
  it('counts final types against the targets and each step reached', () => {
    const tally = new EnrollmentTally();
    const done = { status: 'completed' };
    tally.add({ participant: participant('a', { consent: true, openHumans: { memberId: '1', tokens: { expiresAt: AT } } }) });
    tally.add({
      participant: participant('b', {
        consent: true,
        openHumans: { memberId: '2', tokens: { expiresAt: AT } },
        surveys: { typeFinder: done, nardi: done, selfAssessment: { status: 'rejected' } },
        finalScore: { typeCode: 'INTJ' },
        finalReport: { generatedAt: AT.toISOString() },
      }),
      mbti: { wholeType: 'INTJ' },
    });
    tally.add({ participant: participant('c', { surveys: { typeFinder: done, nardi: { status: 'rejected' } }, finalScore: { typeCode: 'Inconclusive' } }) });
    tally.add({ participant: participant('d', { finalScore: { typeCode: 'INTJ' }, dataReady: true }) });

    const result = tally.result(AT);
    expect(result.targets).toEqual({ perType: 200, total: 6000 });
    expect(result.participants).toBe(4);
    expect(result.inconclusive).toBe(1);
    expect(result.byType).toHaveLength(16);
    expect(result.byType.find((entry) => entry.typeCode === 'INTJ')?.count).toBe(2);
    expect(result.byType.filter((entry) => entry.typeCode !== 'INTJ').every((entry) => entry.count === 0)).toBe(true);
    expect(Object.fromEntries(result.steps.map(({ step, count }) => [step, count]))).toEqual({
      enrolled: 4,
      consented: 2,
      typeFinder: 2,
      nardi: 2,
      selfAssessment: 1,
      mbti: 2,
      finalType: 3,
      report: 1,
    });
    expect(result.generatedAt).toBe(AT.toISOString());
  });

  it('compares the types of the surveys that are done and the uploaded MBTI type, pair by pair', () => {
    const tally = new EnrollmentTally();
    const done = (typeCode: string) => ({ status: 'completed', typeCode });
    tally.add({ participant: participant('a', { surveys: { typeFinder: done('INTJ'), nardi: done('INTP'), selfAssessment: done('INTJ') } }), mbti: { wholeType: 'INTJ' } });
    // A rejected Nardi survey's type is not counted.
    tally.add({ participant: participant('b', { surveys: { typeFinder: done('ENFP'), nardi: { status: 'rejected', typeCode: 'ENFP' } } }), mbti: { wholeType: 'ENFP' } });

    const agreement = tally.result(AT).agreement ?? [];
    const byPair = Object.fromEntries(agreement.map(({ first, second, n, wholeType }) => [`${first}/${second}`, `${n}:${wholeType.agreeing}`]));
    expect(byPair).toEqual({
      'typeFinder/nardi': '1:0',
      'typeFinder/mbti': '2:2',
      'typeFinder/selfAssessment': '1:1',
      'nardi/mbti': '1:0',
      'nardi/selfAssessment': '1:0',
      'mbti/selfAssessment': '1:1',
    });
  });
});
