import { PDFDocument, type PDFFont, type PDFPage, PDFString, type RGB, rgb } from 'pdf-lib';
import type { ReportContent, ReportVerdict } from '../../shared/contract/schemas/report-request';
import { reportFaces } from './fonts';
import { drawQrCode } from './qr-code';
import { type LabelledValue, type ReportSite, type ReportText, reportText } from './report-text';
import { wrapText } from './text-wrap';
import { embedSubset, printableText, unprintable, useSubsetFonts } from './embedded-font';
import { drawMark, type Mark } from './verdict-icons';
import { addSignatureField } from '../signing/pades';

export type { ReportSite } from './report-text';

/** A4 portrait, in points. */
const pageSize: [number, number] = [595.28, 841.89];
const margin = 42;
const contentWidth = pageSize[0] - 2 * margin;
const headerHeight = 70;
const stripeHeight = 3;
const contentTop = pageSize[1] - headerHeight - stripeHeight - 22;
const footerLine = 46;
const contentBottom = footerLine + 16;

const colors = {
  band: rgb(0.125, 0.16, 0.21),
  bandMuted: rgb(0.72, 0.77, 0.83),
  white: rgb(1, 1, 1),
  accent: rgb(0.96, 0.66, 0.0),
  text: rgb(0.11, 0.14, 0.18),
  muted: rgb(0.36, 0.4, 0.45),
  rule: rgb(0.83, 0.86, 0.89),
  shade: rgb(0.955, 0.963, 0.972),
  headShade: rgb(0.9, 0.92, 0.94),
  link: rgb(0.07, 0.33, 0.64),
  pass: rgb(0.12, 0.5, 0.23),
  fail: rgb(0.78, 0.16, 0.16),
  incomplete: rgb(0.69, 0.42, 0.0),
  untested: rgb(0.45, 0.48, 0.52),
};

const verdictColor: Record<ReportVerdict, RGB> = {
  pass: colors.pass,
  fail: colors.fail,
  incomplete: colors.incomplete,
  untested: colors.untested,
};

const body = { size: 9.5, leading: 13 };
const label = { size: 7.5, leading: 10 };
const small = { size: 8, leading: 11 };

/** Result table columns (test, result, value, tested at, machine), in points. */
const resultColumnWidths = [170, 66, 100, 94, contentWidth - 170 - 66 - 100 - 94];
/** Test plan table columns (test and method, limit, measured, result, tested at, bench and operator). */
const planColumnWidths = [136, 62, 70, 94, 70, contentWidth - 136 - 62 - 70 - 94 - 70];
const cellPadding = 6;

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/**
 * Renders the unit's test report as a PDF in `content.language`: A4 portrait, a header
 * band on every page, the unit and its specifications, the latest result of each test,
 * the overall verdict, a verification QR code and the privacy footnote. Issue and test
 * times are printed as `YYYY-MM-DD HH:mm` in UTC.
 *
 * The same content gives the same bytes (no random font tags, dates from `issuedAt`), so
 * a report can be rendered again and its SHA-256 compared.
 */
export async function renderReportPdf(
  content: ReportContent,
  site: ReportSite,
): Promise<Uint8Array> {
  const text = reportText(content, site);
  const faces = await reportFaces();

  const document = useSubsetFonts(await PDFDocument.create({ updateMetadata: false }));
  const fonts: Fonts = {
    regular: await embedSubset(document, faces.regular.subset(regularCharacters(text)), 'Regular'),
    bold: await embedSubset(document, faces.bold.subset(boldTexts(text).join('')), 'Bold'),
  };

  const issuedAt = new Date(content.issuedAt);
  document.setTitle(`${text.title} ${text.reportNumber}`, { showInWindowTitleBar: true });
  document.setAuthor(text.provider);
  document.setCreator(text.provider);
  document.setProducer('pdf-lib');
  document.setSubject(`${text.title}: ${content.serialNumber} · ${content.product.name}`);
  document.setKeywords([text.reportNumber, content.serialNumber]);
  document.setLanguage(content.language === 'zh' ? 'zh-TW' : 'en');
  document.setCreationDate(issuedAt);
  document.setModificationDate(issuedAt);

  const flow = new Flow(document, fonts, text);
  drawUnit(flow, text);
  drawSpecifications(flow, text);
  drawResults(flow, text);
  drawVerification(flow, text);
  if (text.identity) drawLinkBlock(flow, text.identity);
  drawFootnote(flow, text);
  const signatureLine = drawStatements(flow, text);
  flow.finish();
  // The PAdES signature's field, its widget over the signature line; signing (after this
  // pass, ../signing/pades.ts) only fills its /Contents and /ByteRange.
  addSignatureField(document, {
    page: signatureLine.page,
    rect: signatureLine.rect,
    name: text.provider,
    reason: text.signatureReason,
    location: text.providerAddress,
    contactInfo: text.verificationUrl,
    signingTime: issuedAt,
  });

  // With object streams (a fifth smaller): the signature dictionary alone stays out of
  // them, in plain bytes, for the signing to patch (../signing/pades.ts).
  return document.save();
}

/** Ends a table cell cut short. */
const ellipsis = '…';
/**
 * Machine data has no length limit of its own; a table row stays well within a page
 * (a row taller than the page could never be placed).
 */
const maxCellLines = 6;

/** Every character the regular face must have: all text of the report, and page digits. */
function regularCharacters(text: ReportText): string {
  const strings: string[] = [text.page(0, 0), '0123456789 ·', unprintable, ellipsis];
  const collect = (value: unknown): void => {
    if (typeof value === 'string') strings.push(value);
    else if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  collect(text);
  return strings.join('');
}

/** The texts set in bold; drawing any other text in bold throws (see Flow.printable). */
function boldTexts(text: ReportText): string[] {
  return [
    unprintable,
    ellipsis,
    text.title,
    text.reportNumber,
    text.verdict,
    text.specificationsHeading,
    text.resultsHeading,
    text.verificationHeading,
    ...(text.identity ? [text.identity.heading] : []),
    ...text.resultColumns,
    ...text.results.map((result) => result.cells[1]),
    ...(text.plan
      ? [
          text.plan.heading,
          text.plan.otherHeading,
          ...text.plan.columns,
          ...[...text.plan.required, ...text.plan.other].map((row) => row.cells[3]),
        ]
      : []),
    text.endOfReport,
  ];
}

interface TextStyle {
  size: number;
  bold?: boolean;
  color?: RGB;
}

/**
 * Places content top to bottom and starts a new page when the next block does not fit.
 * Every page gets the header band; page footers are drawn at the end, when the number of
 * pages is known.
 */
class Flow {
  page!: PDFPage;
  /** The top of the free space on the current page. */
  y = 0;
  private readonly pages: PDFPage[] = [];
  private readonly glyphs: Record<'regular' | 'bold', Set<number>>;

  constructor(
    private readonly document: PDFDocument,
    readonly fonts: Fonts,
    private readonly report: ReportText,
  ) {
    this.glyphs = {
      regular: new Set(fonts.regular.getCharacterSet()),
      bold: new Set(fonts.bold.getCharacterSet()),
    };
    this.newPage();
  }

  newPage(): void {
    this.page = this.document.addPage(pageSize);
    this.pages.push(this.page);
    this.drawHeader();
    this.y = contentTop;
  }

  /** Makes room for `height` points, on a new page if this one is too full. */
  ensure(height: number): boolean {
    if (this.y - height >= contentBottom) return false;
    this.newPage();
    return true;
  }

  font(style: TextStyle): PDFFont {
    return style.bold ? this.fonts.bold : this.fonts.regular;
  }

  lines(value: string, style: TextStyle, width: number): string[] {
    return wrapText(this.printable(value, style), this.font(style), style.size, width);
  }

  /**
   * `value` as the font can print it (embedded-font.ts, printableText: invisible and control
   * characters go, one Noto Sans TC lacks becomes `?`). A character the regular subset has
   * and the bold one lacks is a mistake in boldTexts(): that throws.
   */
  private printable(value: string, style: TextStyle): string {
    const weight = style.bold ? 'bold' : 'regular';
    return printableText(value, this.glyphs[weight], (character) => {
      if (weight === 'bold' && this.glyphs.regular.has(character.codePointAt(0)!)) {
        throw new Error(`The bold report font subset lacks "${character}" (see boldTexts)`);
      }
      return unprintable;
    });
  }

  /** Draws one line with its baseline at `y`; `align: 'right'` ends it at `x`. */
  text(line: string, x: number, y: number, style: TextStyle & { align?: 'right' }): void {
    const value = this.printable(line, style);
    const font = this.font(style);
    const left = style.align === 'right' ? x - font.widthOfTextAtSize(value, style.size) : x;
    this.page.drawText(value, {
      x: left,
      y,
      size: style.size,
      font,
      color: style.color ?? colors.text,
    });
  }

  /** Draws wrapped lines from `top` down; returns the height used. */
  paragraph(
    lines: string[],
    x: number,
    top: number,
    style: TextStyle & { leading: number },
  ): number {
    lines.forEach((line, index) =>
      this.text(line, x, top - style.size - index * style.leading, style),
    );
    return lines.length * style.leading;
  }

  rect(x: number, y: number, width: number, height: number, color: RGB): void {
    this.page.drawRectangle({ x, y, width, height, color });
  }

  rule(x: number, y: number, width: number, color = colors.rule): void {
    this.page.drawLine({
      start: { x, y },
      end: { x: x + width, y },
      thickness: 0.6,
      color,
    });
  }

  /** A clickable area opening `url`. */
  link(x: number, y: number, width: number, height: number, url: string): void {
    const context = this.document.context;
    const annotation = context.register(
      context.obj({
        Type: 'Annot',
        Subtype: 'Link',
        Rect: [x, y, x + width, y + height],
        Border: [0, 0, 0],
        A: { Type: 'Action', S: 'URI', URI: PDFString.of(url) },
      }),
    );
    this.page.node.addAnnot(annotation);
  }

  heading(title: string): void {
    this.ensure(60);
    const top = this.y - 16;
    this.rect(margin, top - 12, 3, 12, colors.accent);
    this.text(title, margin + 9, top - 10.5, { size: 11, bold: true });
    this.y = top - 20;
  }

  private drawHeader(): void {
    const [width, height] = pageSize;
    const { report } = this;
    this.rect(0, height - headerHeight, width, headerHeight, colors.band);
    this.rect(0, height - headerHeight - stripeHeight, width, stripeHeight, colors.accent);
    const right = width - margin;
    const provider = [report.provider, report.providerAddress].filter(Boolean).join(' · ');
    const providerLine = this.lines(provider, { size: 9 }, contentWidth - 170)[0] ?? '';
    this.text(providerLine, margin, height - 25, { size: 9, color: colors.bandMuted });
    this.text(report.title, margin, height - 52, { size: 20, bold: true, color: colors.white });
    this.text(report.reportNumberLabel, right, height - 25, {
      size: 8,
      color: colors.bandMuted,
      align: 'right',
    });
    this.text(report.reportNumber, right, height - 45, {
      size: 13,
      bold: true,
      color: colors.white,
      align: 'right',
    });
  }

  /** Page footers, once the page count is known. */
  finish(): void {
    const { report } = this;
    this.pages.forEach((page, index) => {
      this.page = page;
      this.rule(margin, footerLine, contentWidth);
      const pageText = report.page(index + 1, this.pages.length);
      const leftLine = this.lines(report.footer, small, contentWidth - 120)[0] ?? '';
      this.text(leftLine, margin, footerLine - 14, { ...small, color: colors.muted });
      this.text(pageText, margin + contentWidth, footerLine - 14, {
        ...small,
        color: colors.muted,
        align: 'right',
      });
    });
  }
}

/**
 * A row of labelled cells (label above value), `widths` summing to the row. Returns the
 * height it takes, and draws it when `draw` is set (measure first, then page-break).
 */
function labelledRow(
  flow: Flow,
  cells: LabelledValue[],
  x: number,
  widths: number[],
  draw: boolean,
): number {
  const laidOut = cells.map((cell, index) => {
    const inner = widths[index]! - 2 * cellPadding;
    return {
      label: flow.lines(cell.label, label, inner),
      value: flow.lines(cell.value, body, inner),
    };
  });
  const height = Math.max(
    ...laidOut.map(
      (cell) =>
        cellPadding + cell.label.length * label.leading + 2 + cell.value.length * body.leading + 4,
    ),
  );
  if (!draw) return height;
  let left = x;
  laidOut.forEach((cell, index) => {
    const top = flow.y - cellPadding;
    const used = flow.paragraph(cell.label, left + cellPadding, top, {
      ...label,
      color: colors.muted,
    });
    flow.paragraph(cell.value, left + cellPadding, top - used - 2, body);
    if (index > 0) {
      flow.page.drawLine({
        start: { x: left, y: flow.y - 3 },
        end: { x: left, y: flow.y - height + 3 },
        thickness: 0.6,
        color: colors.rule,
      });
    }
    left += widths[index]!;
  });
  return height;
}

/** Rows of labelled cells with rules between them; a row never splits across pages. */
function labelledGrid(flow: Flow, rows: LabelledValue[][], x: number, width: number): void {
  for (const cells of rows) {
    const widths = cells.map(() => width / cells.length);
    const height = labelledRow(flow, cells, x, widths, false);
    flow.ensure(height);
    flow.rule(x, flow.y, width);
    labelledRow(flow, cells, x, widths, true);
    flow.y -= height;
  }
  flow.rule(x, flow.y, width);
}

/**
 * Serial, product, dates (and the body material), and beside them the verdict in its colour;
 * without a verdict (text.verdictShown), the facts take the whole width.
 */
function drawUnit(flow: Flow, text: ReportText): void {
  const verdictWidth = 150;
  const gap = 14;
  const gridWidth = text.verdictShown ? contentWidth - verdictWidth - gap : contentWidth;
  const top = flow.y;
  const rows = [
    text.unit.slice(0, 2),
    text.unit.slice(2, 4),
    ...(text.unit.length > 4 ? [text.unit.slice(4)] : []),
  ];
  labelledGrid(flow, rows, margin, gridWidth);
  if (!text.verdictShown) return;
  const height = Math.max(top - flow.y, 64);

  const x = margin + gridWidth + gap;
  flow.page.drawRectangle({
    x,
    y: top - height,
    width: verdictWidth,
    height,
    color: verdictColor[text.verdictKind],
  });
  const labelLines = flow.lines(text.verdictLabel, small, verdictWidth - 20);
  const center = top - height / 2;
  const blockHeight = labelLines.length * small.leading + 6 + 22;
  const blockTop = center + blockHeight / 2;
  flow.paragraph(labelLines, x + 10, blockTop, { ...small, color: colors.white });
  // The verdict's mark, then its word: smaller when a long word would not fit.
  const markSize = 16;
  const wordX = x + 10 + markSize + 6;
  const verdictSize =
    flow.fonts.bold.widthOfTextAtSize(text.verdict, 22) > x + verdictWidth - 10 - wordX ? 14 : 22;
  const baseline = blockTop - labelLines.length * small.leading - 6 - verdictSize * 0.85;
  drawMark(flow.page, text.verdictKind, {
    x: x + 10,
    top: baseline + verdictSize * 0.36 + markSize / 2,
    size: markSize,
    color: colors.white,
  });
  flow.text(text.verdict, wordX, baseline, {
    size: verdictSize,
    bold: true,
    color: colors.white,
  });
  flow.y = top - height;
}

function drawSpecifications(flow: Flow, text: ReportText): void {
  flow.heading(text.specificationsHeading);
  labelledGrid(flow, text.specifications, margin, contentWidth);
}

function drawResults(flow: Flow, text: ReportText): void {
  if (text.plan) {
    flow.heading(text.plan.heading);
    drawTable(flow, text.plan.columns, planColumnWidths, text.plan.required, 3);
    if (text.plan.other.length > 0) {
      flow.heading(text.plan.otherHeading);
      drawTable(flow, text.plan.columns, planColumnWidths, text.plan.other, 3);
    }
    return;
  }
  flow.heading(text.resultsHeading);
  if (text.results.length === 0) {
    const lines = flow.lines(text.noResults, body, contentWidth - 2 * cellPadding);
    const height = lines.length * body.leading + 2 * cellPadding;
    flow.ensure(height);
    flow.rect(margin, flow.y - height, contentWidth, height, colors.shade);
    flow.paragraph(lines, margin + cellPadding, flow.y - cellPadding + 1, {
      ...body,
      color: colors.muted,
    });
    flow.y -= height;
    return;
  }
  drawTable(flow, text.resultColumns, resultColumnWidths, text.results, 1);
}

/**
 * A table with a shaded head, repeated on every page it runs onto; rows alternate shade
 * and never split. The `outcomeColumn` is bold, in the outcome's colour, after its mark.
 */
function drawTable(
  flow: Flow,
  columns: readonly string[],
  widths: readonly number[],
  rows: readonly { cells: readonly string[]; outcome: 'pass' | 'fail' | 'none' }[],
  outcomeColumn: number,
): void {
  const headStyle = { size: 8, leading: 11, bold: true };
  const rowPadding = 5;
  const markSize = 8;
  /** Room the outcome's mark takes before its word. */
  const markRoom = (column: number, isHead: boolean) =>
    column === outcomeColumn && !isHead ? markSize + 3 : 0;
  /** A row's cells wrapped to their columns, each cut at maxCellLines. */
  const cellLines = (
    cells: readonly string[],
    style: (column: number) => TextStyle,
    isHead = false,
  ) =>
    cells.map((cell, column) => {
      const width = widths[column]! - 2 * cellPadding - markRoom(column, isHead);
      const lines = flow.lines(cell, style(column), width);
      if (lines.length <= maxCellLines) return lines;
      const kept = lines.slice(0, maxCellLines);
      kept[maxCellLines - 1] = `${[...kept[maxCellLines - 1]!].slice(0, -1).join('')}${ellipsis}`;
      return kept;
    });
  const rowHeight = (cells: string[][], leading: number) =>
    Math.max(...cells.map((lines) => lines.length)) * leading + 2 * rowPadding;
  const drawRow = (
    cells: string[][],
    style: (column: number) => TextStyle & { leading: number },
    mark?: { kind: Mark; color: RGB },
  ) => {
    let x = margin;
    cells.forEach((lines, column) => {
      const indent = markRoom(column, !mark);
      if (mark && indent) {
        // Centred on the first line's capitals.
        const baseline = flow.y - rowPadding + 1 - style(column).size;
        drawMark(flow.page, mark.kind, {
          x: x + cellPadding,
          top: baseline + style(column).size * 0.36 + markSize / 2,
          size: markSize,
          color: mark.color,
        });
      }
      flow.paragraph(lines, x + cellPadding + indent, flow.y - rowPadding + 1, style(column));
      x += widths[column]!;
    });
  };

  const head = cellLines(columns, () => headStyle, true);
  const headHeight = rowHeight(head, headStyle.leading);
  const drawHead = () => {
    flow.rect(margin, flow.y - headHeight, contentWidth, headHeight, colors.headShade);
    drawRow(head, () => headStyle);
    flow.y -= headHeight;
  };

  drawHead();
  rows.forEach((row, index) => {
    const outcomeColor =
      row.outcome === 'pass' ? colors.pass : row.outcome === 'fail' ? colors.fail : colors.muted;
    const mark = {
      kind: row.outcome === 'none' ? 'untested' : row.outcome,
      color: outcomeColor,
    } as const;
    const style = (column: number) =>
      column === outcomeColumn ? { ...body, bold: true, color: outcomeColor } : body;
    const cells = cellLines(row.cells, style);
    const height = rowHeight(cells, body.leading);
    if (flow.ensure(height)) drawHead();
    if (index % 2 === 1) flow.rect(margin, flow.y - height, contentWidth, height, colors.shade);
    drawRow(cells, style, mark);
    flow.y -= height;
    flow.rule(margin, flow.y, contentWidth);
  });
}

/** QR code and address of the public verification page. */
function drawVerification(flow: Flow, text: ReportText): void {
  drawLinkBlock(flow, {
    heading: text.verificationHeading,
    text: text.verificationText,
    url: text.verificationUrl,
  });
}

/** A framed block: a QR code of `url`, beside it a heading, an explanation and the address. */
function drawLinkBlock(flow: Flow, block: { heading: string; text: string; url: string }): void {
  const qrSize = 84;
  // White around the code: scanners want four modules (2.5 pt each for a typical URL).
  const quiet = 12;
  const textX = margin + qrSize + 2 * quiet + 8;
  const textWidth = contentWidth - (textX - margin) - cellPadding;
  const explanation = flow.lines(block.text, small, textWidth);
  const url = flow.lines(block.url, body, textWidth);
  const textHeight = 16 + explanation.length * small.leading + 6 + url.length * body.leading;
  const height = Math.max(qrSize + 2 * quiet, textHeight + 2 * quiet);

  flow.ensure(height + 22);
  flow.y -= 18;
  const top = flow.y;
  flow.page.drawRectangle({
    x: margin,
    y: top - height,
    width: contentWidth,
    height,
    borderColor: colors.rule,
    borderWidth: 0.8,
  });
  drawQrCode(flow.page, block.url, {
    x: margin + quiet,
    top: top - quiet,
    size: qrSize,
    color: colors.text,
  });
  flow.link(margin + quiet, top - quiet - qrSize, qrSize, qrSize, block.url);

  let y = top - quiet;
  flow.text(block.heading, textX, y - 11, { size: 10.5, bold: true });
  y -= 16;
  y -= flow.paragraph(explanation, textX, y, { ...small, color: colors.muted });
  y -= 6;
  flow.paragraph(url, textX, y, { ...body, color: colors.link });
  flow.link(
    textX,
    y - url.length * body.leading - 2,
    textWidth,
    url.length * body.leading + 2,
    block.url,
  );
  flow.y = top - height;
}

function drawFootnote(flow: Flow, text: ReportText): void {
  const lines = flow.lines(text.footnote, label, contentWidth);
  const height = lines.length * label.leading;
  flow.ensure(height + 14);
  flow.y -= 14;
  flow.paragraph(lines, margin, flow.y, { ...label, color: colors.muted });
  flow.y -= height;
}

/**
 * The ISO/IEC 17025 statements, the signature line, then the end-of-report mark, on one page
 * (the last). Returns where the signature line is, for the signature field.
 */
function drawStatements(
  flow: Flow,
  text: ReportText,
): { page: PDFPage; rect: [number, number, number, number] } {
  const lines = text.statements.flatMap((statement) => flow.lines(statement, small, contentWidth));
  const height = lines.length * small.leading;
  const signature = flow.lines(text.signatureLine, small, contentWidth);
  const signatureHeight = signature.length * small.leading;
  flow.ensure(height + signatureHeight + 52);
  flow.y -= 10;
  flow.paragraph(lines, margin, flow.y, { ...small, color: colors.text });
  flow.y -= height + 8;
  const signatureTop = flow.y;
  flow.paragraph(signature, margin, signatureTop, { ...small, color: colors.text });
  flow.y -= signatureHeight;
  const rect: [number, number, number, number] = [
    margin,
    flow.y - 3,
    margin + contentWidth,
    signatureTop + 2,
  ];
  flow.y -= 12;
  const mark = { size: 9, bold: true, color: colors.muted };
  const width = flow.fonts.bold.widthOfTextAtSize(text.endOfReport, mark.size);
  flow.text(text.endOfReport, margin + (contentWidth - width) / 2, flow.y - mark.size, mark);
  flow.y -= mark.size + 4;
  return { page: flow.page, rect };
}
