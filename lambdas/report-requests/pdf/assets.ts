import { packageAssetPath, reportAssetFiles } from './asset-files';

/**
 * Files a function that renders reports must ship beside its bundle (fonts and the
 * harfbuzz WebAssembly): `source` is the absolute path in node_modules, `target` the
 * file name in the bundle's folder, where the renderer looks first at run time.
 * CDK copies them in a bundling `afterBundling` command hook. Read at synth time only:
 * a handler must not import this module (it resolves node_modules when loaded).
 */
export const reportPdfAssets: { source: string; target: string }[] = Object.values(
  reportAssetFiles,
).map((file) => ({ source: packageAssetPath(file), target: file.fileName }));
