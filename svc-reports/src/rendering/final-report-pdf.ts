import PDFDocument from 'pdfkit';
import type { FinalReportView } from '../domain/final-report/final-report-view';

export interface RenderOptions {
  /** Leave page content uncompressed (tests read the text straight from the bytes). Default false. */
  uncompressed?: boolean;
}

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 50;
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
const HEADER_HEIGHT = 92;
const FOOTER_Y = PAGE.height - 40;
/** Where content stops, leaving room for the footer. */
const BOTTOM = FOOTER_Y - 18;

const COLORS = {
  ink: '#1d2433',
  muted: '#5b6475',
  brand: '#1f3a5f',
  accent: '#3f7cc4',
  accentSoft: '#9cc1ea',
  panel: '#f1f5fa',
  rule: '#d5dce6',
  track: '#e6ebf2',
};

/** The report's language (the PDF's /Lang), as the site's pages say. */
export const REPORT_LANGUAGE = 'en-GB';

const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique' };

type Struct = PDFKit.PDFStructureElement;

/**
 * Lays the report out top to bottom, starting a new page when a block would not fit, and tags
 * what it draws (a tagged PDF): text and charts go into the structure tree in reading order,
 * decoration (bands, stripes, rules) is marked as an artifact that screen readers skip.
 */
class Layout {
  y = MARGIN;

  constructor(
    readonly doc: PDFKit.PDFDocument,
    readonly root: Struct,
  ) {}

  need(height: number): void {
    if (this.y + height <= BOTTOM) return;
    this.doc.addPage();
    this.y = MARGIN;
  }

  /** Adds a structure element of `type` to `parent` and draws its content inside it. */
  tag(parent: Struct, type: string, draw: () => void, options: PDFKit.Mixins.StructureElementOptions = {}): void {
    parent.add(this.doc.struct(type, options, draw));
  }

  /** Draws what is only decoration. */
  artifact(draw: () => void): void {
    this.doc.markContent('Artifact', { type: 'Layout' });
    draw();
    this.doc.endMarkedContent();
  }

  /** A section (Sect) with its heading (H2), kept on one page with the first `keepWith` points of it. */
  section(text: string, keepWith: number): Struct {
    const section = this.doc.struct('Sect');
    this.root.add(section);
    this.need(36 + keepWith);
    this.y += 10;
    this.tag(section, 'H2', () => this.doc.font(FONT.bold).fontSize(13).fillColor(COLORS.brand).text(text, MARGIN, this.y, { width: CONTENT_WIDTH }));
    this.y += 18;
    this.artifact(() => this.doc.moveTo(MARGIN, this.y).lineTo(MARGIN + CONTENT_WIDTH, this.y).lineWidth(0.8).strokeColor(COLORS.rule).stroke());
    this.y += 8;
    return section;
  }
}

/** The band across the top: study, title, and on the right the study ID and the date. */
function header(layout: Layout, view: FinalReportView): number {
  const { doc, root } = layout;
  layout.artifact(() => doc.rect(0, 0, PAGE.width, HEADER_HEIGHT).fill(COLORS.brand));
  // Read as: the title, the study, then the study ID and the date.
  layout.tag(root, 'H1', () => doc.font(FONT.bold).fontSize(26).fillColor('#ffffff').text(view.title, MARGIN, 42, { width: 260 }));
  layout.tag(root, 'P', () => doc.font(FONT.regular).fontSize(10.5).fillColor(COLORS.accentSoft).text(view.studyName, MARGIN, 26, { width: 260 }));
  const metaX = MARGIN + CONTENT_WIDTH - 200;
  layout.tag(root, 'P', () => {
    doc.font(FONT.bold).fontSize(7.5).fillColor(COLORS.accentSoft).text('STUDY ID', metaX, 26, { width: 200 });
    doc.font(FONT.regular).fontSize(9.5).fillColor('#ffffff').text(view.pgId, metaX, 36, { width: 200, lineBreak: false });
  });
  layout.tag(root, 'P', () => {
    doc.font(FONT.bold).fontSize(7.5).fillColor(COLORS.accentSoft).text('DATE', metaX, 54, { width: 200 });
    doc.font(FONT.regular).fontSize(9.5).fillColor('#ffffff').text(view.date, metaX, 64, { width: 200 });
  });
  return HEADER_HEIGHT + 6;
}

function finalTypePanel(layout: Layout, section: Struct, view: FinalReportView): void {
  const { doc } = layout;
  const inner = CONTENT_WIDTH - 36;
  const { code, title, description, basis } = view.finalType;
  doc.font(FONT.regular).fontSize(10.5);
  const descriptionHeight = doc.heightOfString(description, { width: inner, lineGap: 2 });
  doc.font(FONT.italic).fontSize(9.5);
  const basisHeight = basis ? doc.heightOfString(basis, { width: inner }) + 8 : 0;
  const height = 14 + 34 + (title ? 21 : 2) + descriptionHeight + basisHeight + 14;
  layout.need(height);
  const top = layout.y;
  layout.artifact(() => {
    doc.roundedRect(MARGIN, top, CONTENT_WIDTH, height, 8).fill(COLORS.panel);
    doc.rect(MARGIN, top, 5, height).fill(COLORS.accent);
  });
  let y = top + 14;
  const codeY = y;
  layout.tag(section, 'H3', () => doc.font(FONT.bold).fontSize(30).fillColor(COLORS.brand).text(code, MARGIN + 18, codeY, { width: inner }));
  y += 34;
  if (title) {
    const titleY = y;
    layout.tag(section, 'P', () => doc.font(FONT.bold).fontSize(14).fillColor(COLORS.ink).text(title, MARGIN + 18, titleY, { width: inner }));
    y += 21;
  } else {
    y += 2;
  }
  const descriptionY = y;
  layout.tag(section, 'P', () => doc.font(FONT.regular).fontSize(10.5).fillColor(COLORS.ink).text(description, MARGIN + 18, descriptionY, { width: inner, lineGap: 2 }));
  y += descriptionHeight + 8;
  const basisY = y;
  if (basis) layout.tag(section, 'P', () => doc.font(FONT.italic).fontSize(9.5).fillColor(COLORS.muted).text(basis, MARGIN + 18, basisY, { width: inner }));
  layout.y = top + height + 4;
}

function resultsTable(layout: Layout, section: Struct, view: FinalReportView): void {
  const { doc } = layout;
  const table = doc.struct('Table');
  section.add(table);
  const columns = [
    { x: MARGIN + 12, width: 170 },
    { x: MARGIN + 190, width: 80 },
    { x: MARGIN + 275, width: CONTENT_WIDTH - 287 },
  ];
  view.results.forEach((row, index) => {
    doc.font(FONT.regular).fontSize(10);
    const detailHeight = doc.heightOfString(row.detail, { width: columns[2]!.width });
    const height = Math.max(22, detailHeight + 11);
    layout.need(height);
    const top = layout.y;
    if (index % 2 === 0) layout.artifact(() => doc.rect(MARGIN, top, CONTENT_WIDTH, height).fill(COLORS.panel));
    const tableRow = doc.struct('TR');
    table.add(tableRow);
    layout.tag(tableRow, 'TH', () => doc.font(FONT.bold).fontSize(10).fillColor(COLORS.ink).text(row.survey, columns[0]!.x, top + 6.5, { width: columns[0]!.width }));
    layout.tag(tableRow, 'TD', () => doc.font(FONT.bold).fontSize(11.5).fillColor(COLORS.brand).text(row.result, columns[1]!.x, top + 5.5, { width: columns[1]!.width }));
    layout.tag(tableRow, 'TD', () => doc.font(FONT.regular).fontSize(10).fillColor(COLORS.muted).text(row.detail, columns[2]!.x, top + 6.5, { width: columns[2]!.width }));
    tableRow.end();
    layout.y = top + height;
  });
  table.end();
}

/** The words a screen reader gives for the dichotomy chart (its alternative text). */
export function dichotomyChartAlt(view: FinalReportView): string {
  const bars = view.dichotomies.map(({ left, right }) => `${left.letter} ${left.score} (${left.percent}%) against ${right.letter} ${right.score} (${right.percent}%)`);
  return `Bar chart of your Nardi preference scores, each pair sharing ${view.dichotomies[0]?.outOf ?? 200} points: ${bars.join('; ')}.`;
}

/** The words a screen reader gives for the temperament chart (its alternative text). */
export function temperamentChartAlt(view: FinalReportView): string {
  const bars = view.temperaments.map(({ rank, title, score, outOf }) => `${rank}. ${title} ${score} of ${outOf}`);
  return `Bar chart of your Nardi temperament scores, highest first: ${bars.join('; ')}.`;
}

function dichotomyBars(layout: Layout, section: Struct, view: FinalReportView): void {
  const { doc } = layout;
  const barX = MARGIN + 70;
  const barWidth = CONTENT_WIDTH - 140;
  const barHeight = 16;
  // The chart is one figure, on one page.
  layout.need(view.dichotomies.length * (barHeight + 10));
  layout.tag(section, 'Figure', () => dichotomyBarsDrawing(layout, view, barX, barWidth, barHeight), { alt: dichotomyChartAlt(view) });
  layout.need(14);
  layout.tag(section, 'P', () =>
    doc
      .font(FONT.italic)
      .fontSize(8.5)
      .fillColor(COLORS.muted)
      .text('Each bar shares 200 points between two opposite preferences; the line marks the middle, so the longer side is your preference.', MARGIN, layout.y, {
        width: CONTENT_WIDTH,
      }),
  );
  layout.y += 14;
}

function dichotomyBarsDrawing(layout: Layout, view: FinalReportView, barX: number, barWidth: number, barHeight: number): void {
  const { doc } = layout;
  for (const { left, right, outOf } of view.dichotomies) {
    const top = layout.y;
    const split = barWidth * (left.score / outOf);
    doc.font(FONT.bold).fontSize(12).fillColor(COLORS.ink).text(left.letter, MARGIN, top + 2, { width: 20 });
    doc.font(FONT.regular).fontSize(10).fillColor(COLORS.muted).text(String(left.score), MARGIN + 20, top + 3.5, { width: 44 });
    doc.rect(barX, top, split, barHeight).fill(COLORS.accent);
    doc.rect(barX + split, top, barWidth - split, barHeight).fill(COLORS.accentSoft);
    // The middle (100 of 200): which side of it the split falls on is the preference.
    doc.moveTo(barX + barWidth / 2, top - 3).lineTo(barX + barWidth / 2, top + barHeight + 3).lineWidth(1).strokeColor(COLORS.ink).stroke();
    doc.font(FONT.bold).fontSize(9).fillColor('#ffffff').text(`${left.percent}%`, barX + 6, top + 4, { width: 40 });
    doc.font(FONT.bold).fontSize(9).fillColor(COLORS.brand).text(`${right.percent}%`, barX + barWidth - 46, top + 4, { width: 40, align: 'right' });
    doc.font(FONT.regular).fontSize(10).fillColor(COLORS.muted).text(String(right.score), barX + barWidth + 6, top + 3.5, { width: 40, align: 'right' });
    doc.font(FONT.bold).fontSize(12).fillColor(COLORS.ink).text(right.letter, MARGIN + CONTENT_WIDTH - 16, top + 2, { width: 16, align: 'right' });
    layout.y = top + barHeight + 10;
  }
}

function temperamentBars(layout: Layout, section: Struct, view: FinalReportView): void {
  const barHeight = 12;
  layout.need(view.temperaments.length * (barHeight + 10));
  layout.tag(section, 'Figure', () => temperamentBarsDrawing(layout, view, barHeight), { alt: temperamentChartAlt(view) });
}

function temperamentBarsDrawing(layout: Layout, view: FinalReportView, barHeight: number): void {
  const { doc } = layout;
  const labelWidth = 150;
  const barX = MARGIN + labelWidth + 10;
  const barWidth = CONTENT_WIDTH - labelWidth - 80;
  for (const { rank, title, score, outOf } of view.temperaments) {
    const top = layout.y;
    doc.font(FONT.bold).fontSize(10).fillColor(COLORS.muted).text(`${rank}.`, MARGIN, top + 2, { width: 18 });
    doc.font(FONT.bold).fontSize(10).fillColor(COLORS.ink).text(title, MARGIN + 18, top + 2, { width: labelWidth - 18 });
    doc.rect(barX, top, barWidth, barHeight).fill(COLORS.track);
    doc.rect(barX, top, barWidth * Math.min(1, score / outOf), barHeight).fill(COLORS.accent);
    doc.font(FONT.regular).fontSize(10).fillColor(COLORS.ink).text(`${score}/${outOf}`, barX + barWidth + 10, top + 2, { width: 60 });
    layout.y = top + barHeight + 10;
  }
}

function about(layout: Layout, view: FinalReportView): void {
  const { doc } = layout;
  doc.font(FONT.regular).fontSize(9);
  const height = doc.heightOfString(view.about, { width: CONTENT_WIDTH, lineGap: 1.5 });
  layout.need(height + 20);
  layout.y += 14;
  layout.tag(layout.root, 'P', () => doc.fillColor(COLORS.muted).text(view.about, MARGIN, layout.y, { width: CONTENT_WIDTH, lineGap: 1.5 }));
  layout.y += height;
}

function footers(doc: PDFKit.PDFDocument, view: FinalReportView): void {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    // The footer sits in the bottom margin; without this pdfkit would start a new page for it.
    doc.page.margins.bottom = 0;
    const y = FOOTER_Y;
    // Running footer: repeated on every page, so an artifact a screen reader skips.
    doc.markContent('Artifact', { type: 'Pagination' });
    doc.moveTo(MARGIN, y - 8).lineTo(MARGIN + CONTENT_WIDTH, y - 8).lineWidth(0.5).strokeColor(COLORS.rule).stroke();
    doc
      .font(FONT.regular)
      .fontSize(8.5)
      .fillColor(COLORS.muted)
      .text(`${view.studyName} - study ID ${view.pgId} - ${view.date}`, MARGIN, y, { width: CONTENT_WIDTH - 80, lineBreak: false });
    doc.text(`Page ${index - range.start + 1} of ${range.count}`, MARGIN + CONTENT_WIDTH - 80, y, { width: 80, align: 'right', lineBreak: false });
    doc.endMarkedContent();
  }
}

/**
 * Renders the final report as a PDF: the final type with its title and description, each
 * survey's result, the Nardi dichotomies and temperaments drawn as vector bars, the study ID
 * and the date. Standard PDF fonts only, so nothing is embedded and the file stays small.
 * It is a tagged PDF (PDF 1.7, language en-GB, the title shown in the window): headings,
 * paragraphs, the results table and the charts (with alternative text) are in the structure tree
 * in reading order, so screen readers and reflow read it properly.
 */
export function renderFinalReport(view: FinalReportView, options: RenderOptions = {}): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    compress: !options.uncompressed,
    pdfVersion: '1.7',
    tagged: true,
    lang: REPORT_LANGUAGE,
    displayTitle: true,
    info: { Title: `${view.title} - ${view.studyName}`, Subject: `Final report for study ID ${view.pgId}`, Author: view.studyName },
  });
  const root = doc.struct('Document');
  doc.addStructure(root);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const layout = new Layout(doc, root);
  layout.y = header(layout, view);
  finalTypePanel(layout, layout.section('Your final personality type', 120), view);
  resultsTable(layout, layout.section('Your survey results', 22), view);
  dichotomyBars(layout, layout.section(`Nardi dichotomies (out of ${view.dichotomies[0]?.outOf ?? 200})`, 26), view);
  temperamentBars(layout, layout.section(`Nardi temperaments (out of ${view.temperaments[0]?.outOf ?? 100})`, 22), view);
  about(layout, view);
  root.end();
  footers(doc, view);
  doc.end();
  return done;
}
