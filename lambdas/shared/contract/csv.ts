/**
 * RFC 4180 CSV reading, shared by the server (uploads) and the web app (checking a file
 * before it is sent). Quoted cells may hold commas, quotes (doubled) and line breaks;
 * lines end in CRLF or LF; a leading byte order mark is ignored.
 */
export function parseCsv(text: string): string[][] {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < source.length; index++) {
    const char = source[index]!;
    if (quoted) {
      if (char !== '"') cell += char;
      else if (source[index + 1] === '"') {
        cell += '"';
        index++;
      } else quoted = false;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[index + 1] === '\n') index++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  // Blank lines (e.g. the end of the file) carry no record.
  return rows.filter((cells) => cells.length > 1 || cells[0] !== '');
}

/**
 * The records of a CSV document whose first line names the columns: one object per
 * line, keyed by column name; `missing` lists required columns the header lacks.
 */
export function csvRecords(
  text: string,
  required: readonly string[],
): { records: Record<string, string>[]; missing: string[] } {
  const [header = [], ...lines] = parseCsv(text);
  const names = header.map((name) => name.trim());
  const missing = required.filter((name) => !names.includes(name));
  const records = lines.map((cells) => {
    // A Map first: a column named `__proto__` must stay a column.
    const record = new Map<string, string>();
    names.forEach((name, index) => record.set(name, cells[index] ?? ''));
    return Object.fromEntries(record);
  });
  return { records, missing };
}
