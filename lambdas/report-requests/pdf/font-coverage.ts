import { readFile } from 'node:fs/promises';
import { packageAssetPath, reportAssetFiles } from './asset-files';
import { openFont } from './sfnt-font';

/**
 * The code points the label and report PDFs can draw: those both embedded faces (Noto
 * Sans TC Regular and Bold, asset-files.ts) map in their `cmap`. What the shared contract's
 * pdf-characters.ts lists is derived from this (`npm run pdf-characters`); a unit test
 * holds the two equal, so a font update cannot leave the boundary check behind.
 */
export async function pdfFontCodePoints(): Promise<number[]> {
  const [regular, bold] = await Promise.all(
    [reportAssetFiles.regularFont, reportAssetFiles.boldFont].map(async (file) => {
      const font = openFont(new Uint8Array(await readFile(packageAssetPath(file))));
      return new Set(font.characterSet);
    }),
  );
  return [...regular!].filter((code) => bold!.has(code)).sort((a, b) => a - b);
}

/**
 * Sorted code points as the text pdf-characters.ts holds: runs of consecutive code points,
 * each `<gap>` or `<gap>+<extra>` in base 36 (`gap`: from the end of the previous run plus
 * one; `extra`: the run's length minus one), comma-separated.
 */
export function encodeCodePointRuns(codePoints: readonly number[]): string {
  const runs: [number, number][] = [];
  for (const code of codePoints) {
    const last = runs.at(-1);
    if (last && last[1] === code - 1) last[1] = code;
    else runs.push([code, code]);
  }
  let next = 0;
  return runs
    .map(([start, end]) => {
      const gap = (start - next).toString(36);
      next = end + 1;
      return end > start ? `${gap}+${(end - start).toString(36)}` : gap;
    })
    .join(',');
}
