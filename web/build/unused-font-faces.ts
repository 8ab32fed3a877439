/**
 * Part of prune-unused-tokens: drops global-styles' Open Sans faces of a weight no
 * stylesheet of the build asks for (as a `font-weight` or the value of a weight token
 * kept by the pruning), with their font files: Cloudscape's visual refresh never draws
 * the 800 weight.
 *
 * Expects: each Open Sans `@font-face` names one numeric `font-weight` and its font file by
 * a `url()` that is a file of the build; some rule of the build asks for a weight of the
 * faces (else the pattern that reads weights no longer matches, and every face would go).
 * Fails the build otherwise.
 */
import { shapeChanged } from './third-party.ts';

const plugin = 'prune-unused-tokens';
const fontsModule = '@cloudscape-design/global-styles/index.css';

/** The stylesheets' texts are replaced in place; dropped font files leave the bundle. */
export function dropUnusedFontFaces(
  bundle: Record<string, unknown>,
  stylesheets: { source: string | Uint8Array }[],
): void {
  const fontFace = /@font-face\s*\{[^}]*\}/g;
  const weights = new Set<string>();
  for (const asset of stylesheets) {
    const rules = String(asset.source).replace(fontFace, '');
    for (const [, value] of rules.matchAll(/(?:font-weight|-weight[\w-]*):\s*([^;}]*)/g)) {
      for (const [weight] of (value ?? '').matchAll(/\b[1-9]00\b/g)) weights.add(weight);
      if (/\bbold\b/.test(value ?? '')) weights.add('700');
      if (/\bnormal\b/.test(value ?? '')) weights.add('400');
    }
  }
  const dropped = new Set<string>();
  let kept = 0;
  for (const asset of stylesheets) {
    asset.source = String(asset.source).replace(fontFace, (rule) => {
      if (!rule.includes('Open Sans')) return rule;
      const weight = /font-weight:\s*(\d+)\s*[;}]/.exec(rule)?.[1];
      if (!weight) shapeChanged(plugin, fontsModule, `one numeric font-weight per face: ${rule}`);
      if (weights.has(weight)) {
        kept += 1;
        return rule;
      }
      for (const [, url] of rule.matchAll(/url\(["']?([^"')]+)/g)) dropped.add(url!);
      return '';
    });
  }
  if (dropped.size > 0 && kept === 0) {
    shapeChanged(plugin, fontsModule, 'a font-weight of the build asking for one of its faces');
  }
  const stillUsed = stylesheets.map((asset) => String(asset.source)).join('\n');
  for (const url of dropped) {
    const fileName = Object.keys(bundle).find((name) => url.endsWith(name));
    if (!fileName)
      shapeChanged(plugin, fontsModule, `faces whose url() is a file of the build: ${url}`);
    if (!stillUsed.includes(fileName.replace(/^.*\//, ''))) delete bundle[fileName];
  }
}
