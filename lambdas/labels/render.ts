import { setImmediate as yieldTurn } from 'node:timers/promises';
import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import type { LabelFormat } from '../shared/contract/labels';
import {
  embedSubset,
  printableText,
  unprintable,
  useSubsetFonts,
} from '../report-requests/pdf/embedded-font';
import { reportFaces } from '../report-requests/pdf/fonts';
import { drawQrModules, qrModules } from '../report-requests/pdf/qr-code';
import { wrapText } from '../report-requests/pdf/text-wrap';

/** One label: the unit's serial, its identification link (the QR code) and element string. */
export interface LabelUnit {
  serial: string;
  link: string;
  /** `(01)…(21)…` when the product has a GTIN. */
  elementString: string | null;
}

export interface LabelSheet {
  format: LabelFormat;
  productName: string;
  /**
   * The range's body material as printed, in the sheet's language (`Body: WCB`,
   * `bodyMaterialLine`); none when the range has no material.
   */
  bodyMaterial?: string | null;
  units: readonly LabelUnit[];
  /** Document title, e.g. the run and the part. */
  title: string;
}

const mm = 72 / 25.4;
const black = rgb(0, 0, 0);
const grey = rgb(0.3, 0.3, 0.3);
/** ISO/IEC 18004: a quiet zone of four modules on every side. */
const quietModules = 4;
const ellipsis = '…';
/** What the label sizes are fitted to: a 14-character serial, a GTIN's element line. */
const serialSample = 'AV-2024-000000';
const elementSample = '(01)00000000000000';

/** Labels drawn between two turns of the event loop (about 20 ms of CPU). */
const labelsPerTurn = 20;

/**
 * A sheet of nameplate labels as a PDF: per label the unit's identification link as a QR
 * code (error correction M, four-module quiet zone, vector modules), beside it the serial
 * in bold, the product name, the body material (when the range has one) and, with a GTIN,
 * the GS1 element string `(01)…(21)…`. Text is sized to the label. The fonts are the report's (Noto Sans TC: product names in Chinese
 * print too), cut down to the characters of this sheet.
 */
export async function renderLabelSheet(sheet: LabelSheet): Promise<Uint8Array> {
  return renderLabelRuns({
    format: sheet.format,
    title: sheet.title,
    creator: sheet.productName,
    runs: [
      { productName: sheet.productName, bodyMaterial: sheet.bodyMaterial, units: sheet.units },
    ],
  });
}

/** The labels of one range within a sheet: its product's name, its body material, its units. */
export type LabelRun = Omit<LabelSheet, 'format' | 'title'>;

/**
 * Sheets holding the labels of several ranges one after another (a run of several ranges,
 * `GET /api/serial-numbers/labels`): each label prints its own range's product name and
 * body material; the labels follow on from one range to the next, as a run of one range
 * would, so no label of a sheet is left blank between them.
 */
export async function renderLabelRuns(sheet: {
  format: LabelFormat;
  title: string;
  creator: string;
  runs: readonly LabelRun[];
}): Promise<Uint8Array> {
  const faces = await reportFaces();
  const document = useSubsetFonts(await PDFDocument.create({ updateMetadata: false }));
  const units = sheet.runs.flatMap((run) => run.units);
  const texts = [
    ...sheet.runs.flatMap((run) => [run.productName, run.bodyMaterial ?? '']),
    ...units.map((unit) => unit.elementString ?? ''),
  ];
  const serials = units.map((unit) => unit.serial).join('');
  const regular = await embedSubset(
    document,
    faces.regular.subset(`${texts.join('')}${elementSample}${ellipsis}${unprintable} `),
    'Regular',
  );
  const bold = await embedSubset(
    document,
    faces.bold.subset(`${serials}${serialSample}${ellipsis}${unprintable}`),
    'Bold',
  );
  const fonts: Fonts = { regular, bold };
  document.setTitle(sheet.title);
  document.setProducer('pdf-lib');
  document.setCreator(sheet.creator);

  const { format } = sheet;
  const perPage = format.columns * format.rows;
  const layout = labelLayout(format, fonts);
  // Product names are free text: what the font cannot show is dropped or becomes `?`.
  const printable = new Set(regular.getCharacterSet());
  let page: PDFPage | undefined;
  let index = 0;
  for (const run of sheet.runs) {
    const runTexts: SheetTexts = {
      productName: printableText(run.productName, printable),
      material: run.bodyMaterial ? printableText(run.bodyMaterial, printable) : null,
    };
    for (const unit of run.units) {
      // A sheet is half a second of CPU: let other requests of the process in between
      // (locally one process serves every route; in AWS the instance serves only this one).
      if (index % labelsPerTurn === labelsPerTurn - 1) await yieldTurn();
      const slot = index % perPage;
      if (slot === 0) page = document.addPage([format.page[0] * mm, format.page[1] * mm]);
      const column = slot % format.columns;
      const row = Math.floor(slot / format.columns);
      const x = (format.left + column * format.pitch[0]) * mm;
      const top = (format.page[1] - format.top - row * format.pitch[1]) * mm;
      drawLabel(page!, unit, runTexts, x, top, layout, fonts);
      index++;
    }
  }
  return document.save(); // pdf-lib yields every 50 objects as it writes
}

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** Where things go on one label of a format, in points from its top-left corner. */
interface LabelLayoutPoints {
  width: number;
  height: number;
  padding: number;
  /** The QR code's square, quiet zone included. */
  qrBox: number;
  textLeft: number;
  textWidth: number;
  serialSize: number;
  nameSize: number;
  elementSize: number;
}

function labelLayout(format: LabelFormat, fonts: Fonts): LabelLayoutPoints {
  const width = format.label[0] * mm;
  const height = format.label[1] * mm;
  const padding = Math.min(2 * mm, height * 0.06);
  const qrBox = Math.min(height - 2 * padding, width * 0.48);
  const textLeft = padding + qrBox + 1.5 * mm;
  const textWidth = width - textLeft - padding;
  // Sizes that fit a 20-character serial and an 18-character element line on the label.
  const fit = (font: PDFFont, sample: string, max: number) =>
    Math.min(max, textWidth / (font.widthOfTextAtSize(sample, 1) || 1));
  return {
    width,
    height,
    padding,
    qrBox,
    textLeft,
    textWidth,
    serialSize: Math.max(5, fit(fonts.bold, serialSample, height * 0.2)),
    nameSize: Math.max(4.5, Math.min(height * 0.12, 9)),
    elementSize: Math.max(4, fit(fonts.regular, elementSample, height * 0.11)),
  };
}

/** What every label of a sheet prints besides its unit's own: the product, the material. */
interface SheetTexts {
  productName: string;
  material: string | null;
}

function drawLabel(
  page: PDFPage,
  unit: LabelUnit,
  texts: SheetTexts,
  x: number,
  top: number,
  layout: LabelLayoutPoints,
  fonts: Fonts,
): void {
  const modules = qrModules(unit.link);
  const module = layout.qrBox / (modules.size + 2 * quietModules);
  // The quiet zone is the white of the label around the code, inside its box.
  drawQrModules(page, modules, {
    x: x + layout.padding + quietModules * module,
    top: top - layout.padding - quietModules * module,
    size: modules.size * module,
    color: black,
  });

  const left = x + layout.textLeft;
  // The element string stays at the bottom, where GS1 puts the human-readable text; the
  // lines above it take the room it leaves.
  let floor = top - layout.height + layout.padding + quietModules * module;
  if (unit.elementString) {
    const [gtin, serial] = unit.elementString.split(/(?=\(21\))/);
    const whole = fonts.regular.widthOfTextAtSize(unit.elementString, layout.elementSize);
    const parts = whole <= layout.textWidth ? [unit.elementString] : [gtin!, serial!];
    const size = Math.min(
      ...parts.map((text) => fitSize(text, fonts.regular, layout.elementSize, layout.textWidth)),
    );
    let bottom = floor;
    for (const text of [...parts].reverse()) {
      page.drawText(text, { x: left, y: bottom, size, font: fonts.regular, color: black });
      bottom += size * 1.25;
    }
    floor = bottom;
  }

  let y = top - layout.padding - quietModules * module;
  const line = (text: string, size: number, font: PDFFont, color = black) => {
    y -= size;
    page.drawText(text, { x: left, y, size, font, color });
    y -= size * 0.35;
  };
  // Above the element string: the serial (never cut: it shrinks to the width), the name on
  // two lines at most and the material. When they do not fit, the name takes one line, then
  // all of them shrink together: the material is never dropped.
  const serialSize = fitSize(unit.serial, fonts.bold, layout.serialSize, layout.textWidth);
  const name = wrapText(texts.productName, fonts.regular, layout.nameSize, layout.textWidth);
  const materialLines = texts.material ? 1 : 0;
  const height = (nameLines: number) =>
    (serialSize + (nameLines + materialLines) * layout.nameSize) * 1.35;
  const room = y - floor;
  const shown = name.length > 1 && height(2) <= room ? 2 : 1;
  const scale = Math.min(1, room / height(shown));
  const nameSize = layout.nameSize * scale;
  line(unit.serial, serialSize * scale, fonts.bold);
  const nameLines =
    name.length > shown
      ? [
          ...name.slice(0, shown - 1),
          fitLine(`${name[shown - 1]!}${ellipsis}`, fonts.regular, nameSize, layout.textWidth),
        ]
      : name;
  for (const text of nameLines) line(text, nameSize, fonts.regular, grey);
  if (texts.material) {
    line(
      texts.material,
      fitSize(texts.material, fonts.regular, nameSize, layout.textWidth),
      fonts.regular,
    );
  }
}

/** `size`, or smaller when `text` would not fit `width` at it. */
function fitSize(text: string, font: PDFFont, size: number, width: number): number {
  return Math.min(size, width / (font.widthOfTextAtSize(text, 1) || 1));
}

/** `text` cut (with an ellipsis) to `width`. */
function fitLine(text: string, font: PDFFont, size: number, width: number): string {
  if (font.widthOfTextAtSize(text, size) <= width) return text;
  const characters = [...text];
  while (characters.length > 1) {
    characters.pop();
    const candidate = `${characters.join('')}${ellipsis}`;
    if (font.widthOfTextAtSize(candidate, size) <= width) return candidate;
  }
  return text;
}
