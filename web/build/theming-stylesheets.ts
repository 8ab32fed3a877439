/**
 * Part of cloudscape-theming: the stylesheets it makes from Cloudscape's generated theme
 * (`@cloudscape-design/components/internal/generated/theming/index.cjs`, the
 * visual-refresh preset), Container's class map and the components' stylesheets.
 *
 * Expects: the preset's `propertiesMap` (token → custom property), `theme.tokens` and
 * `theme.tokenModeMap`, with the shadow token and every token the dark region needs;
 * Container's `root`, `variant-default`, `variant-stacked` and `refresh` classes; each
 * component of the navigation with a stylesheet referring to tokens. Fails the build
 * otherwise, naming the module.
 */
import { shapeChanged } from './third-party.ts';

const plugin = 'cloudscape-theming';

export const presetModule = '@cloudscape-design/components/internal/generated/theming/index.cjs';
export const containerClassesModule = '@cloudscape-design/components/container/styles.selectors.js';

/** What the build reads of Cloudscape's generated theme (its visual-refresh preset). */
export interface CloudscapePreset {
  propertiesMap: Record<string, string>;
  theme: {
    tokens: Record<string, string | Record<string, string>>;
    tokenModeMap: Record<string, string>;
  };
}

/** The preset of the generated theming module's exports; fails when it is not there. */
export function readPreset(exports: unknown): CloudscapePreset {
  const preset = (exports as { preset?: Partial<CloudscapePreset> } | undefined)?.preset;
  const isRecord = (value: unknown) => typeof value === 'object' && value !== null;
  if (
    !isRecord(preset?.propertiesMap) ||
    Object.keys(preset.propertiesMap).length === 0 ||
    !isRecord(preset.theme?.tokens) ||
    !isRecord(preset.theme.tokenModeMap)
  ) {
    shapeChanged(
      plugin,
      presetModule,
      'an exported preset with propertiesMap, theme.tokens and theme.tokenModeMap',
    );
  }
  return preset as CloudscapePreset;
}

/** A token's custom property; fails when the preset has no such token. */
function propertyOf(preset: CloudscapePreset, token: string): string {
  return preset.propertiesMap[token] ?? shapeChanged(plugin, presetModule, `the token ${token}`);
}

/**
 * The stylesheet of `virtual:cloudscape-skin.css`: in the default skin, containers (and
 * the tables drawn in them) float on Cloudscape's own container shadow without their
 * hairline border; the bordered skin keeps Cloudscape's border and no shadow. The
 * container's class names come from the map Cloudscape's test utilities select by
 * (`containerClasses`: the default export of Container's `styles.selectors.js`).
 */
export function skinStylesheet(
  preset: CloudscapePreset,
  containerClasses: Readonly<Record<string, string>>,
): string {
  const className = (key: string) =>
    containerClasses[key] ?? shapeChanged(plugin, containerClassesModule, `the "${key}" class`);
  const shadow = propertyOf(preset, 'shadowContainer');
  const selectors = ['variant-default', 'variant-stacked'].map(
    (variant) =>
      `body:not(.preferences-skin-bordered) .${className('root')}.${className(variant)}.${className('refresh')}:not(#\\9)`,
  );
  return `${selectors.join(',\n')} {\n  border-color: transparent;\n  box-shadow: var(${shadow});\n}\n`;
}

/** Components drawn inside the navigation, whose colour tokens a dark region re-declares. */
export const darkRegionComponents = [
  'side-navigation',
  'button',
  'expandable-section',
  'icon',
  'link',
  'badge',
  'divider',
];

/** Tokens the app's own dark-region stylesheets use (the navigation's background). */
const darkRegionExtraTokens = ['colorBackgroundContainerContent', 'colorBackgroundLayoutPanel'];

/** A component's stylesheet, as {@link darkRegionStylesheet} reads it. */
export const componentStylesheet = (component: string) =>
  `@cloudscape-design/components/${component}/styles.scoped.css`;

/**
 * The stylesheet of `virtual:cloudscape-dark-region.css`: Cloudscape's dark colours on any
 * element of class `cloudscape-dark-region`. `componentStyles`: the stylesheet of each of
 * {@link darkRegionComponents}.
 */
export function darkRegionStylesheet(
  preset: CloudscapePreset,
  componentStyles: ReadonlyMap<string, string>,
): string {
  const { propertiesMap, theme } = preset;
  const tokenOfProperty = new Map(Object.entries(propertiesMap).map(([token, p]) => [p, token]));
  for (const token of darkRegionExtraTokens) propertyOf(preset, token); // fails if one is gone
  const used = new Set(darkRegionExtraTokens);
  for (const component of darkRegionComponents) {
    const css = componentStyles.get(component) ?? '';
    const tokens = [...css.matchAll(/var\((--[\w-]+)/g)].flatMap(
      ([, property]) => tokenOfProperty.get(property ?? '') ?? [],
    );
    if (tokens.length === 0) {
      shapeChanged(plugin, componentStylesheet(component), 'var() references to design tokens');
    }
    for (const token of tokens) used.add(token);
  }
  const modeValue = (token: string, mode: 'light' | 'dark') => {
    const value = theme.tokens[token];
    return typeof value === 'object' ? value[mode] : value;
  };
  const references = (value: string | undefined) =>
    [...(value ?? '').matchAll(/\{(\w+)\}/g)].map(([, token]) => token ?? '');
  const declared = new Set<string>();
  const visit = (token: string) => {
    if (declared.has(token) || theme.tokenModeMap[token] !== 'color') return;
    const light = modeValue(token, 'light');
    const dark = modeValue(token, 'dark');
    const referenced = [...references(light), ...references(dark)];
    // A literal that is the same in both modes inherits correctly from `body`.
    if (light === dark && referenced.length === 0) return;
    declared.add(token);
    for (const reference of referenced) visit(reference);
  };
  for (const token of used) visit(token);
  if (declared.size === 0) {
    shapeChanged(plugin, presetModule, 'colour tokens whose light and dark values differ');
  }
  const declarations = [...declared].sort().map((token) => {
    const value = (modeValue(token, 'dark') ?? '').replace(
      /\{(\w+)\}/g,
      (_match, reference: string) => `var(${propertyOf(preset, reference)})`,
    );
    return `  ${propertyOf(preset, token)}: ${value};`;
  });
  return `.cloudscape-dark-region.cloudscape-dark-region:not(#\\9) {\n${declarations.join('\n')}\n}\n`;
}
