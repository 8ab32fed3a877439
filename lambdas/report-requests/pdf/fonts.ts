import { readAsset, reportAssetFiles } from './asset-files';
import { loadFontSubsetter, type SubsetFace } from './font-subsetter';

export interface ReportFaces {
  regular: SubsetFace;
  bold: SubsetFace;
}

let loading: Promise<ReportFaces> | undefined;

/**
 * The report's two font faces, read from disk and loaded into harfbuzz once per process
 * (about 14 MB of fonts: reading them per report would cost more than the report). The
 * first call starts the load; a failed load is forgotten, so the next report retries.
 */
export function reportFaces(): Promise<ReportFaces> {
  loading ??= (async () => {
    const [wasm, regular, bold] = await Promise.all([
      readAsset(reportAssetFiles.subsetter),
      readAsset(reportAssetFiles.regularFont),
      readAsset(reportAssetFiles.boldFont),
    ]);
    const subsetter = await loadFontSubsetter(wasm);
    return { regular: subsetter.openFace(regular), bold: subsetter.openFace(bold) };
  })().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/**
 * Starts loading the fonts and harfbuzz (about 14 MB, once per process) without waiting.
 * Call it at module scope of a handler that renders reports or labels, so Lambda's init phase pays
 * for it instead of the first visitor. A failure is left to the first render, which
 * retries the load and throws.
 */
export function preloadReportFonts(): void {
  reportFaces().catch(() => undefined);
}
