/** Nested messages as `dotted.key -> text` pairs (non-string leaves are reported as-is). */
export function flattenMessages(messages: object, prefix = ''): Map<string, unknown> {
  const flat = new Map<string, unknown>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [inner, text] of flattenMessages(value, path)) flat.set(inner, text);
    } else {
      flat.set(path, value);
    }
  }
  return flat;
}

/** The `{{name}}` placeholders of a message, sorted. */
export function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? '').sort();
}
