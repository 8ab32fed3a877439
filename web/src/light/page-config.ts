/**
 * What a light page reads from `/config.json` (web/src/light), checked by hand rather
 * than with the back office's zod schema (lib/config.ts): zod would be a fifth of such a
 * page's first download. A page names the settings it needs and the kind of each; the
 * rest of the file is ignored.
 */
export type SettingKind = 'text' | 'httpUrl' | 'optionalHttpUrl';

type ValueOf<K extends SettingKind> = K extends 'optionalHttpUrl' ? string | undefined : string;

/** The settings of `Fields`, as the page reads them. */
export type PageConfig<Fields extends Record<string, SettingKind>> = {
  [Name in keyof Fields]: ValueOf<Fields[Name]>;
};

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

const problems: Record<SettingKind, string> = {
  text: 'a non-empty text is required',
  httpUrl: 'an http(s) URL is required',
  optionalHttpUrl: 'an http(s) URL, when set',
};

/** The value of one setting, or undefined (with the problem noted) when it is wrong. */
function readSetting(kind: SettingKind, value: unknown): { value?: unknown; ok: boolean } {
  switch (kind) {
    case 'text': {
      const text = typeof value === 'string' ? value.trim() : '';
      return { value: text, ok: text !== '' };
    }
    case 'httpUrl':
      return { value, ok: isHttpUrl(value) };
    case 'optionalHttpUrl':
      return { value, ok: value === undefined || isHttpUrl(value) };
  }
}

/** Checks a parsed `/config.json` for the settings `fields` names; the error names every wrong one. */
export function parsePageConfig<const Fields extends Record<string, SettingKind>>(
  input: unknown,
  fields: Fields,
): PageConfig<Fields> {
  const raw = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>;
  const config: Record<string, unknown> = {};
  const wrong: string[] = [];
  for (const [name, kind] of Object.entries(fields)) {
    const setting = readSetting(kind, raw[name]);
    if (!setting.ok) wrong.push(`${name}: ${problems[kind]}`);
    else if (setting.value !== undefined) config[name] = setting.value;
  }
  if (wrong.length) throw new Error(`Invalid /config.json: ${wrong.join('; ')}`);
  return config as PageConfig<Fields>;
}

/** Fetches `/config.json` from the page's own origin and checks the settings `fields` names. */
export async function loadPageConfig<const Fields extends Record<string, SettingKind>>(
  fields: Fields,
  fetchImpl: typeof fetch = fetch,
): Promise<PageConfig<Fields>> {
  const response = await fetchImpl('/config.json', {
    cache: 'no-store',
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`/config.json answered ${response.status}`);
  return parsePageConfig(await response.json(), fields);
}
