import { createHash } from 'node:crypto';
import type { ReportGeneratedV2Data } from '@study/contracts';
import type { ParticipantsDeps } from '../deps';
import { FinalReportPdfMismatchError, finalReportPdfOf, shareFinalReport } from './share-final-report';

const PG_ID = '3f2b8c1e-9d4a-4e6f-8a7b-1c2d3e4f5a6b';
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const data = (change: Partial<ReportGeneratedV2Data> = {}): ReportGeneratedV2Data => ({
  report: 'final',
  scoreVersion: 1,
  typeCode: 'INTJ',
  contentType: 'application/pdf',
  byteLength: PDF.length,
  generatedAt: '2025-01-01T00:00:00.000Z',
  pdf: PDF.toString('base64'),
  sha256: sha256(PDF),
  ...change,
});

/** Deps that record every use: a mismatched PDF must reach none of them. */
function recordingDeps() {
  const used: string[] = [];
  const use = (name: string) => () => {
    used.push(name);
    throw new Error(`${name} should not be used`);
  };
  const deps = {
    lock: { run: use('lock') },
    participants: { findById: use('participants.findById') },
    openHumans: { uploadFile: use('openHumans.uploadFile'), getMember: use('openHumans.getMember'), deleteFile: use('openHumans.deleteFile') },
    logger: { info: use('logger.info'), warn: use('logger.warn') },
  } as unknown as ParticipantsDeps;
  return { deps, used };
}

describe('the final report PDF a reports.report.generated.v2 event carries', () => {
  it('is the file the event names: its length and SHA-256 match', () => {
    expect(finalReportPdfOf(data()).equals(PDF)).toBe(true);
  });

  it('is refused when cut short or changed on the way', () => {
    expect(() => finalReportPdfOf(data({ pdf: PDF.subarray(0, 20).toString('base64') }))).toThrow(FinalReportPdfMismatchError);
    expect(() => finalReportPdfOf(data({ pdf: PDF.subarray(0, 20).toString('base64') }))).toThrow(`is 20 bytes, not the ${PDF.length} it names`);
    const changed = Buffer.from(PDF);
    changed[10] = 0x21;
    expect(() => finalReportPdfOf(data({ pdf: changed.toString('base64') }))).toThrow(/SHA-256/);
    expect(() => finalReportPdfOf(data({ sha256: sha256(Buffer.from('another file')) }))).toThrow(FinalReportPdfMismatchError);
  });

  it('that does not match: the share throws (the event is retried, then parked) before reading the participant or calling Open Humans', async () => {
    const { deps, used } = recordingDeps();
    await expect(shareFinalReport(deps, PG_ID, data({ sha256: sha256(Buffer.from('another file')) }))).rejects.toThrow(FinalReportPdfMismatchError);
    expect(used).toEqual([]);
  });
});
