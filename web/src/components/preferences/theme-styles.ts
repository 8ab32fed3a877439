import { navbarBlurStyles, primaryColorStyles } from 'virtual:cloudscape-theming';
import type { PrimaryColor } from '../../lib/primary-colors';

/**
 * Adds one of the stylesheets Cloudscape's theming API made at build time to the page,
 * as its `applyTheme` does (a `<style>` at the end of `<head>`). Returns its removal.
 */
function addStylesheet(css: string, name: string): () => void {
  const style = document.createElement('style');
  style.dataset.cloudscapeTheme = name;
  style.textContent = css;
  document.head.append(style);
  return () => style.remove();
}

/** Applies a colour scheme; Cloudscape's own blue needs no stylesheet. Returns its removal. */
export function applyPrimaryColor(color: PrimaryColor): () => void {
  const css = primaryColorStyles[color];
  if (!css) return () => undefined;
  return addStylesheet(css, `primary-${color}`);
}

/** Lets the page show through the top bar (blurred by its wrapper). Returns its removal. */
export function applyNavbarBlur(): () => void {
  return addStylesheet(navbarBlurStyles, 'navbar-blur');
}
