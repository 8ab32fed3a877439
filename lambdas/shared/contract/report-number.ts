/**
 * A report number as typed, the way the verification route and the Test Report Center
 * read it: trimmed, its ASCII letters upper-cased and nothing else. `toUpperCase` would
 * make `ſ` an `S` and `ı` an `I`, so a look-alike number would verify as the real one.
 */
export function reportNumberAsTyped(value: string): string {
  return value.trim().replace(/[a-z]+/g, (letters) => letters.toUpperCase());
}
