/**
 * Stylesheets made at build time with Cloudscape's theming API (see
 * web/build/cloudscape-theming.ts).
 */
declare module 'virtual:cloudscape-theming' {
  /** Per colour scheme other than Cloudscape's own blue: its primary palette's stylesheet. */
  export const primaryColorStyles: Readonly<Partial<Record<string, string>>>;
  /** The top bar's background let partly through, for the blurred sticky top bar. */
  export const navbarBlurStyles: string;
}

/** Cloudscape's dark colours on elements of class `cloudscape-dark-region`. */
declare module 'virtual:cloudscape-dark-region.css';

/** Containers with a shadow in the default skin, a border in the bordered one. */
declare module 'virtual:cloudscape-skin.css';
