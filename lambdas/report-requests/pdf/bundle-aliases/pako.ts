import { deflateSync } from 'node:zlib';

/**
 * Stands in for `pako` (45 KB of JavaScript zlib) in the function bundles
 * (lib/constructs/function.ts, bundleAliases): pdf-lib only calls `pako.deflate` with
 * zlib's defaults to compress its streams, and Node has zlib built in (and faster).
 */
export default {
  deflate: (data: Uint8Array): Uint8Array => {
    const compressed = deflateSync(data);
    return new Uint8Array(compressed.buffer, compressed.byteOffset, compressed.byteLength);
  },
};
