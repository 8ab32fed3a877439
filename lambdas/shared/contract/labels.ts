import * as z from 'zod';
import type { BodyMaterial } from './materials';
import { serialTextField } from './schemas/serial-range';

/**
 * Nameplate label sheets (docs/identity-links.md, printing labels): a few common label
 * sizes on A4 and US Letter sheets (the geometry of the Avery products named) and on rolls
 * of single labels (thermal printers: one label per page). Shared by the label renderer
 * and the Serial Numbers page, which computes the parts of a run from it.
 */
export const labelLayouts = ['a4', 'letter', 'roll'] as const;
export type LabelLayout = (typeof labelLayouts)[number];

export interface LabelFormat {
  layout: LabelLayout;
  /** The size as chosen: `<width>x<height>` in millimetres, rounded. */
  size: string;
  /** Label width and height, mm. */
  label: readonly [number, number];
  /** Page width and height, mm. */
  page: readonly [number, number];
  columns: number;
  rows: number;
  /** Top-left corner of the first label, mm. */
  left: number;
  top: number;
  /** Distance between the left (top) edges of neighbouring labels, mm. */
  pitch: readonly [number, number];
  /** The sheet product whose geometry this is, for the page's choice. */
  product?: string;
}

const a4 = [210, 297] as const;
const letter = [215.9, 279.4] as const;
const roll = (width: number, height: number): LabelFormat => ({
  layout: 'roll',
  size: `${width}x${height}`,
  label: [width, height],
  page: [width, height],
  columns: 1,
  rows: 1,
  left: 0,
  top: 0,
  pitch: [width, height],
});

export const labelFormats: readonly LabelFormat[] = [
  {
    layout: 'a4',
    size: '38x21',
    label: [38.1, 21.2],
    page: a4,
    columns: 5,
    rows: 13,
    left: 4.75,
    top: 10.7,
    pitch: [40.6, 21.2],
    product: 'Avery L7651',
  },
  {
    layout: 'a4',
    size: '64x38',
    label: [63.5, 38.1],
    page: a4,
    columns: 3,
    rows: 7,
    left: 7.2,
    top: 15.15,
    pitch: [66, 38.1],
    product: 'Avery L7160',
  },
  {
    layout: 'a4',
    size: '99x38',
    label: [99.1, 38.1],
    page: a4,
    columns: 2,
    rows: 7,
    left: 4.65,
    top: 15.15,
    pitch: [101.6, 38.1],
    product: 'Avery L7163',
  },
  {
    layout: 'letter',
    size: '67x25',
    label: [66.7, 25.4],
    page: letter,
    columns: 3,
    rows: 10,
    left: 4.76,
    top: 12.7,
    pitch: [69.85, 25.4],
    product: 'Avery 5160',
  },
  {
    layout: 'letter',
    size: '102x51',
    label: [101.6, 50.8],
    page: letter,
    columns: 2,
    rows: 5,
    left: 3.97,
    top: 12.7,
    pitch: [104.78, 50.8],
    product: 'Avery 5163',
  },
  roll(50, 25),
  roll(60, 40),
  roll(100, 50),
];

export const defaultLabelFormat = { layout: 'a4', size: '64x38' } as const;

export function labelFormat(layout: string, size: string): LabelFormat | undefined {
  return labelFormats.find((format) => format.layout === layout && format.size === size);
}

export const labelsPerPage = (format: LabelFormat) => format.columns * format.rows;

/**
 * Labels one PDF holds at most: a run is split into parts of a fixed page count, so one
 * request's memory, time and answer stay bounded (a Lambda answer is at most 6 MB; an API
 * function ends within 10 s) whatever the run's size; the page asks for the parts in turn.
 */
export const maxLabelsPerPart = 500;

/** Pages of every part but the last, for a format. */
export const pagesPerPart = (format: LabelFormat) =>
  Math.max(1, Math.floor(maxLabelsPerPart / labelsPerPage(format)));

export const labelsPerPart = (format: LabelFormat) => pagesPerPart(format) * labelsPerPage(format);

/** Parts of a run of `count` labels. */
export const labelPartCount = (count: number, format: LabelFormat) =>
  Math.max(1, Math.ceil(count / labelsPerPart(format)));

/** The languages a sheet's words (the product name where it has a Chinese one, the body material line) are printed in. */
export const labelLanguages = ['en', 'zh'] as const;
export type LabelLanguage = (typeof labelLanguages)[number];

/**
 * The body material line of a label (`Body: WCB`, `本體材質：WCB`): the code only, as cast
 * on the valve's body, under the word of the sheet's language.
 */
export function bodyMaterialLine(material: BodyMaterial, language: LabelLanguage): string {
  return language === 'zh' ? `本體材質：${material}` : `Body: ${material}`;
}

const serialQuery = serialTextField(64, 1).optional();

/** The format, part and language of a sheet: the same for one range's run and a run of several. */
const sheetQuery = {
  layout: z.enum(labelLayouts).default(defaultLabelFormat.layout),
  size: z.string().max(16).default(defaultLabelFormat.size),
  part: z
    .string()
    .regex(/^\d{1,6}$/)
    .transform(Number)
    .default(0),
  language: z.enum(labelLanguages).default('en'),
};

/**
 * `GET /api/serial-numbers/{id}/labels`: the serials from `from` to `to` (inclusive; the
 * whole range when left out; within the range), the label format, which part of the run
 * (0-based), and the language of the sheet's words (the page's; English by default).
 */
export const labelsQuerySchema = z
  .strictObject({ from: serialQuery, to: serialQuery, ...sheetQuery })
  .refine((query) => labelFormat(query.layout, query.size) !== undefined, {
    path: ['size'],
  });
export type LabelsQuery = z.infer<typeof labelsQuerySchema>;

/**
 * Ranges one run of several may name (`GET /api/serial-numbers/labels?ids=`): a week's
 * batch of ranges, and a query string well within what a browser and API Gateway take.
 */
export const maxLabelRunRanges = 50;

/**
 * Labels a run of several ranges may hold at most: 40 parts of 500 (a run of one range has
 * no such bound; it is one range, whose size the range itself bounds).
 */
export const maxLabelRunLabels = 20_000;

/** Longest record id (`idParams`) and its comma. */
const idsMaxLength = maxLabelRunRanges * 65;

/**
 * `GET /api/serial-numbers/labels`: the whole of each range named in `ids` (comma-separated,
 * in the order given; at most {@link maxLabelRunRanges}, a range named twice printed once),
 * one after another on the same sheets, and the format, part and language as for one range.
 */
export const labelRunQuerySchema = z
  .strictObject({ ids: z.string().min(1).max(idsMaxLength), ...sheetQuery })
  .refine((query) => labelFormat(query.layout, query.size) !== undefined, {
    path: ['size'],
  });
export type LabelRunQuery = z.infer<typeof labelRunQuerySchema>;

/** The range ids of a run's `ids`, in their order, each once. */
export function labelRunIds(ids: string): string[] {
  return [
    ...new Set(
      ids
        .split(',')
        .map((id) => id.trim())
        .filter((id) => id !== ''),
    ),
  ];
}
