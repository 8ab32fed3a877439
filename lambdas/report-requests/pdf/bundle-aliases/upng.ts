/**
 * Stands in for `@pdf-lib/upng` (pdf-lib's PNG decoder, 25 KB) in the function bundles
 * (lib/constructs/function.ts, bundleAliases): the report draws its QR code as vector
 * squares and embeds no image.
 */

function unavailable(): never {
  throw new Error('PNG decoding is not bundled: the report embeds no images');
}

export default { decode: unavailable, toRGBA8: unavailable };
