import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { cloudscapeTheming } from '../../../web/build/cloudscape-theming';
import {
  componentStylesheet,
  containerClassesModule,
  darkRegionComponents,
  darkRegionStylesheet,
  presetModule,
  readPreset,
  skinStylesheet,
} from '../../../web/build/theming-stylesheets';
import { installed, moduleId, transformed } from '../../support/build-plugin';

const require = createRequire(import.meta.url);
const preset = readPreset(require(moduleId(presetModule)));
const containerClasses = (
  require(moduleId(containerClassesModule)) as { default: Record<string, string> }
).default;
const componentStyles = () =>
  new Map(
    darkRegionComponents.map((component) => [component, installed(componentStylesheet(component))]),
  );
const without = (record: Record<string, string>, key: string) =>
  Object.fromEntries(Object.entries(record).filter(([name]) => name !== key));
const failure = (module: string) =>
  new RegExp(`^cloudscape-theming: ${module.replaceAll('/', '\\/').replaceAll('.', '\\.')} `);

describe('cloudscape-theming', () => {
  it("reads the installed generated theme's preset", () => {
    expect(preset.propertiesMap.shadowContainer).toMatch(/^--shadow-container-/);
    expect(preset.theme.tokenModeMap.colorTextAccent).toBe('color');
    expect(() => readPreset({ preset: { theme: preset.theme } })).toThrow(failure(presetModule));
    expect(() => readPreset({ default: preset })).toThrow(failure(presetModule));
  });

  it("draws the default skin's containers with the installed shadow token and class names", () => {
    const css = skinStylesheet(preset, containerClasses);
    expect(css).toContain(`box-shadow: var(${preset.propertiesMap.shadowContainer});`);
    expect(css).toContain(`.${containerClasses.root}.${containerClasses['variant-default']}.`);
  });

  it("fails, naming itself and the module, when Container's classes or the shadow token changed", () => {
    expect(() => skinStylesheet(preset, without(containerClasses, 'refresh'))).toThrow(
      failure(containerClassesModule),
    );
    const propertiesMap = without(preset.propertiesMap, 'shadowContainer');
    expect(() => skinStylesheet({ ...preset, propertiesMap }, containerClasses)).toThrow(
      failure(presetModule),
    );
  });

  it("re-declares the navigation components' colour tokens with their dark values", () => {
    const css = darkRegionStylesheet(preset, componentStyles());
    const declarations = css.match(/^ {2}--[\w-]+: .+;$/gm) ?? [];
    expect(declarations.length).toBeGreaterThan(20);
    expect(css).toContain(`${preset.propertiesMap.colorBackgroundContainerContent}: `);
    expect(css).not.toContain('var(undefined)');
  });

  it("fails, naming itself and the stylesheet, when a component's stylesheet refers to no token", () => {
    const styles = componentStyles();
    styles.set('button', styles.get('button')!.replace(/var\(--[\w-]+/g, 'var(--other'));
    expect(() => darkRegionStylesheet(preset, styles)).toThrow(
      failure(componentStylesheet('button')),
    );
  });

  it("turns token(…) in the app's stylesheets into the installed token's property, and fails on an unknown one", () => {
    const plugin = cloudscapeTheming();
    const id = '/repo/web/src/components/x.css';
    expect(transformed(plugin, '.a{color:token(colorTextAccent)}', id)).toBe(
      `.a{color:var(${preset.propertiesMap.colorTextAccent})}`,
    );
    expect(() => transformed(plugin, '.a{color:token(noSuchToken)}', id)).toThrow(/noSuchToken/);
  });
});
