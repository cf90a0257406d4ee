import PDFDocument from 'pdfkit';
import { consentTextBlocks, fillConsentSettings, type ConsentSettings, type ConsentSpan } from '@study/contracts';
import type { ConsentCopy } from '../domain/consent/consent-copy';

const MARGIN = 56;
const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold', mono: 'Courier' };
const COLORS = { ink: '#1d2433', muted: '#5b6475', brand: '#1f3a5f', rule: '#d5dce6' };

export const CONSENT_PDF_LANGUAGE = 'en-GB';

/** A time as the copy states it: the date and the UTC time to the second, e.g. '3 March 2026, 14:05:09 UTC'. */
export function consentTime(time: Date): string {
  const date = time.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return `${date}, ${time.toISOString().slice(11, 19)} UTC`;
}

/** The facts of the consent, as label and value rows. */
export function consentFacts(copy: ConsentCopy): [string, string][] {
  return [
    ['Study ID', copy.pgId],
    ['Open Humans project member id', copy.memberId ?? 'not linked'],
    ['Consent version', copy.versionId ?? `not recorded by the page used (the text below is ${copy.textVersionId}, current at that time)`],
    ['Content hash (SHA-256)', copy.hash ?? 'not recorded'],
    ['Agreed on', consentTime(copy.givenAt)],
    ['Certified 18 years of age or older', copy.adult === true ? 'Yes' : copy.adult === false ? 'No' : 'not recorded by the page used'],
    ['How it was given', copy.renewal ? 'Agreed again to a new consent text on the dashboard' : 'Agreed on the consent page and authorized the project on Open Humans'],
  ];
}

/** The study's name as the text agreed to gives it (the paragraph under its 'Study title' heading), for each page's footer. */
export function studyTitleOf(text: string): string | undefined {
  const blocks = consentTextBlocks(text);
  const at = blocks.findIndex((block) => block.kind === 'heading' && /^study title$/i.test(block.spans.map((span) => span.text).join('').trim()));
  const next = at >= 0 ? blocks[at + 1] : undefined;
  const title = next?.kind === 'paragraph' ? next.spans.map((span) => span.text).join('').trim() : '';
  return title === '' ? undefined : title.split(/:\s/)[0];
}

/** What the participant ticked, in the words of the consent page's box. */
export const AGREEMENT_BOX_TEXT = 'I certify that I am 18 years of age or older, and I agree to take part in this study.';

/** Room a heading needs below it on its page: itself and the first lines of what it heads. */
const HEADING_KEEP_WITH_NEXT = 64;

/** Who the participant can reach, as label and value rows: the research team, and the review board without going through it. */
export function consentContacts(settings: ConsentSettings): [string, string][] {
  return [
    ['Research team', settings['research-team-contact']],
    ['Review board', settings['review-board-name']],
    ['Approval reference', settings['review-board-approval']],
    ['Review board contact', settings['review-board-contact']],
  ];
}

/**
 * Lays the participant's copy of their consent out: the facts of the consent, the full text
 * agreed to (with the deployment's contacts in place of its placeholders), the box they ticked
 * and when, then who to contact. Every page carries the study's name, the study ID and 'Page n
 * of N'; a heading never stands alone at the foot of a page.
 */
export function renderConsentPdf(agreed: ConsentCopy, settings: ConsentSettings, options: { uncompressed?: boolean } = {}): Promise<Buffer> {
  const copy = { ...agreed, text: fillConsentSettings(agreed.text, settings) };
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    compress: !options.uncompressed,
    pdfVersion: '1.7',
    tagged: true,
    lang: CONSENT_PDF_LANGUAGE,
    displayTitle: true,
    info: { Title: 'Consent to Take Part in Research', Subject: `Consent of study ID ${copy.pgId} (${copy.versionId ?? copy.textVersionId})` },
  });
  const root = doc.struct('Document');
  doc.addStructure(root);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;
  const tag = (type: string, draw: () => void) => root.add(doc.struct(type, {}, draw));

  tag('H1', () => doc.font(FONT.bold).fontSize(18).fillColor(COLORS.brand).text('Consent to Take Part in Research', { width }));
  doc.moveDown(0.3);
  tag('P', () => doc.font(FONT.regular).fontSize(10).fillColor(COLORS.muted).text('Your copy of the consent you gave, as the study keeps it on record.', { width }));
  doc.moveDown(0.8);

  const facts = doc.struct('Table');
  root.add(facts);
  for (const [label, value] of consentFacts(copy)) {
    facts.add(
      doc.struct('TR', {}, [
        doc.struct('TH', {}, () => doc.font(FONT.bold).fontSize(9.5).fillColor(COLORS.muted).text(label, { width })),
        doc.struct('TD', {}, () => doc.font(label.startsWith('Content hash') ? FONT.mono : FONT.regular).fontSize(label.startsWith('Content hash') ? 9 : 11).fillColor(COLORS.ink).text(value, { width })),
      ]),
    );
    doc.moveDown(0.4);
  }
  facts.end();
  doc.moveDown(0.6);
  doc.markContent('Artifact', { type: 'Layout' });
  doc.moveTo(MARGIN, doc.y).lineTo(MARGIN + width, doc.y).lineWidth(0.8).strokeColor(COLORS.rule).stroke();
  doc.endMarkedContent();
  doc.moveDown(0.8);

  const spans = (list: ConsentSpan[], size: number, prefix = '') => {
    const all = prefix ? [{ text: prefix, bold: false }, ...list] : list;
    all.forEach((span, i) => doc.font(span.bold ? FONT.bold : FONT.regular).fontSize(size).fillColor(COLORS.ink).text(span.text, { width, continued: i < all.length - 1 }));
  };
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  for (const block of consentTextBlocks(copy.text)) {
    if (block.kind === 'heading') {
      if (doc.y + HEADING_KEEP_WITH_NEXT > bottom()) doc.addPage();
      else doc.moveDown(0.4);
      tag('H2', () => doc.font(FONT.bold).fontSize(13).fillColor(COLORS.brand).text(block.spans.map((span) => span.text).join(''), { width }));
      doc.moveDown(0.2);
    } else if (block.kind === 'paragraph') {
      tag('P', () => spans(block.spans, 10.5));
      doc.moveDown(0.5);
    } else {
      const list = doc.struct('L');
      root.add(list);
      block.items.forEach((item, i) => {
        list.add(doc.struct('LI', {}, () => spans(item, 10.5, block.ordered ? `${i + 1}. ` : '•  ')));
        doc.moveDown(0.25);
      });
      list.end();
      doc.moveDown(0.3);
    }
  }
  drawAgreement(doc, root, copy, width, bottom);
  drawContacts(doc, root, settings, width, bottom);
  root.end();
  drawPageFooters(doc, copy, width);
  doc.end();
  return done;
}

/** The box the participant ticked (drawn, ticked when they certified), with what it says and when. */
function drawAgreement(doc: PDFKit.PDFDocument, root: PDFKit.PDFStructureElement, copy: ConsentCopy, width: number, bottom: () => number): void {
  const box = 11;
  if (doc.y + 90 > bottom()) doc.addPage();
  else doc.moveDown(0.6);
  root.add(doc.struct('H2', {}, () => doc.font(FONT.bold).fontSize(13).fillColor(COLORS.brand).text('Your agreement', { width })));
  doc.moveDown(0.4);
  const top = doc.y;
  doc.markContent('Artifact', { type: 'Layout' });
  doc.rect(MARGIN, top + 1, box, box).lineWidth(1).strokeColor(COLORS.ink).stroke();
  if (copy.adult === true) {
    doc.moveTo(MARGIN + 2.5, top + 1 + box / 2).lineTo(MARGIN + box / 2 - 0.5, top + box - 1.5).lineTo(MARGIN + box - 2, top + 3).lineWidth(1.6).strokeColor(COLORS.brand).stroke();
  }
  doc.endMarkedContent();
  const when = consentTime(copy.givenAt);
  const how = copy.renewal ? 'again on the dashboard' : 'on the consent page, then "Agree & Authorize Project"';
  const record =
    copy.adult === true ? `Ticked ${how}, ${when}.` : copy.adult === false ? `Not ticked ${how}, ${when}.` : `Agreed ${how}, ${when}; whether the box was ticked was not recorded by the page used.`;
  root.add(
    doc.struct('P', {}, () => {
      doc.font(FONT.regular).fontSize(10.5).fillColor(COLORS.ink).text(AGREEMENT_BOX_TEXT, MARGIN + box + 8, top, { width: width - box - 8 });
      doc.font(FONT.regular).fontSize(9.5).fillColor(COLORS.muted).text(record, { width: width - box - 8 });
    }),
  );
  doc.x = MARGIN;
}

/** Who to contact, kept together on one page: the research team and the review board, with the approval reference to give. */
function drawContacts(doc: PDFKit.PDFDocument, root: PDFKit.PDFStructureElement, settings: ConsentSettings, width: number, bottom: () => number): void {
  if (doc.y + 150 > bottom()) doc.addPage();
  else doc.moveDown(1.2);
  root.add(doc.struct('H2', {}, () => doc.font(FONT.bold).fontSize(13).fillColor(COLORS.brand).text('Who to contact', { width })));
  doc.moveDown(0.4);
  const table = doc.struct('Table');
  root.add(table);
  for (const [label, value] of consentContacts(settings)) {
    table.add(
      doc.struct('TR', {}, [
        doc.struct('TH', {}, () => doc.font(FONT.bold).fontSize(9.5).fillColor(COLORS.muted).text(label, { width })),
        doc.struct('TD', {}, () => doc.font(FONT.regular).fontSize(11).fillColor(COLORS.ink).text(value, { width })),
      ]),
    );
    doc.moveDown(0.3);
  }
  table.end();
  root.add(
    doc.struct('P', {}, () =>
      doc.font(FONT.regular).fontSize(9.5).fillColor(COLORS.muted).text('The review board is independent of the research team: you can write to it directly about your rights as a participant.', { width }),
    ),
  );
}

/** Each page's footer: the study's name, the study ID and 'Page n of N' (an artifact: not part of the text read aloud). */
function drawPageFooters(doc: PDFKit.PDFDocument, copy: ConsentCopy, width: number): void {
  const range = doc.bufferedPageRange();
  const study = studyTitleOf(copy.text) ?? 'Consent to Take Part in Research';
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    const margin = doc.page.margins.bottom;
    // Below the text area: with the bottom margin kept, pdfkit would start a new page for it.
    doc.page.margins.bottom = 0;
    doc.markContent('Artifact', { type: 'Pagination' });
    doc
      .font(FONT.regular)
      .fontSize(8)
      .fillColor(COLORS.muted)
      .text(`${study} · Consent of study ID ${copy.pgId} · Page ${i - range.start + 1} of ${range.count}`, MARGIN, doc.page.height - margin / 2 - 4, { width, align: 'center', lineBreak: false });
    doc.endMarkedContent();
    doc.page.margins.bottom = margin;
  }
}
