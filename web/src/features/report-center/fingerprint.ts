/**
 * SHA-256 of a file's bytes as lowercase hex, computed in the browser (Web Crypto),
 * so a visitor can check a report without sending it anywhere.
 */
export async function sha256Hex(data: ArrayBuffer | Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', data as BufferSource);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Whether two hex fingerprints are the same (letter case and spaces aside). */
export function sameFingerprint(a: string, b: string): boolean {
  const normal = (value: string) => value.replace(/\s+/g, '').toLowerCase();
  return normal(a) !== '' && normal(a) === normal(b);
}
