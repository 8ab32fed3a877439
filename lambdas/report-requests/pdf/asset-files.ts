import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A file the renderer reads at run time, and the package that ships it. */
export interface ReportAssetFile {
  /** File name next to the Lambda bundle (bundling copies the file there). */
  readonly fileName: string;
  /** Module specifier of the file inside node_modules, for `require.resolve`. */
  readonly packagePath: string;
}

/**
 * The report's run-time files. Noto Sans TC covers Latin and Traditional Chinese, so
 * one family serves both languages; the harfbuzz WebAssembly subsets it per report.
 */
export const reportAssetFiles = {
  regularFont: {
    fileName: 'NotoSansTC_400Regular.ttf',
    packagePath: '@expo-google-fonts/noto-sans-tc/400Regular/NotoSansTC_400Regular.ttf',
  },
  boldFont: {
    fileName: 'NotoSansTC_700Bold.ttf',
    packagePath: '@expo-google-fonts/noto-sans-tc/700Bold/NotoSansTC_700Bold.ttf',
  },
  subsetter: {
    fileName: 'harfbuzz-subset.wasm',
    packagePath: 'harfbuzzjs/dist/harfbuzz-subset.wasm',
  },
} as const satisfies Record<string, ReportAssetFile>;

/** Absolute path of an asset inside node_modules (throws when the package is absent). */
export function packageAssetPath(file: ReportAssetFile): string {
  return createRequire(import.meta.url).resolve(file.packagePath);
}

/**
 * Where an asset is at run time. In a Lambda bundle `import.meta.url` is the bundle, and
 * bundling copied the file beside it (there is no node_modules); under tsx and vitest
 * the module is this source file, and the file is found in node_modules.
 */
export function assetPath(file: ReportAssetFile): string {
  const besideModule = join(dirname(fileURLToPath(import.meta.url)), file.fileName);
  if (existsSync(besideModule)) return besideModule;
  try {
    return packageAssetPath(file);
  } catch {
    throw new Error(
      `Report asset ${file.fileName} is neither at ${besideModule} nor resolvable as ` +
        `${file.packagePath}; the bundle must ship reportPdfAssets (pdf/assets.ts).`,
    );
  }
}

export function readAsset(file: ReportAssetFile): Promise<Buffer> {
  return readFile(assetPath(file));
}
