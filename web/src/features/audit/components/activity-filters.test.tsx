import { renderToStaticMarkup } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../i18n';
import { resources } from '../../../i18n/resources';
import type { Choice } from '../activity-choices';
import { ActorFilter, namedByEntries, RecordFilter, type Actors } from './activity-filters';

/**
 * What the Activity page's person and record filters show, rendered as the page would
 * (without a browser: the list's state comes from props): names, never the ids underneath.
 */
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    resources,
    lng: 'en',
    fallbackLng: 'en',
    initAsync: false,
    showSupportNotice: false,
    interpolation: { escapeValue: false },
  });
});

const annId = 'e38e6a8e-4b1c-4d2e-9f3a-0123456789ab';
const benchId = '0c9d7f52-1a2b-4c3d-8e9f-abcdefabcdef';
const goneId = '7a1b2c3d-4e5f-4a6b-9c8d-0f1e2d3c4b5a';
const ann: Choice = { value: annId, label: 'Ann Lee', description: 'ann@example.com' };
const bench: Choice = { value: benchId, label: 'Bench 3', machine: true };
const actors = (status: Actors['status'], choices: Choice[] = [ann, bench]): Actors => ({
  choices,
  status,
  retry: () => undefined,
});
const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
/** The page's text and what a screen reader is told, without the markup. */
const shown = (html: string) => html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ');
const actorFilter = (value: Choice | null, list: Actors) =>
  renderToStaticMarkup(<ActorFilter value={value} onChange={() => undefined} actors={list} />);

describe('the person filter', () => {
  it('names the person of `?actor=` from the list, never by the id it came with', () => {
    const html = actorFilter({ value: annId, label: '' }, actors('finished'));
    expect(shown(html)).toContain('Ann Lee');
    expect(html).not.toMatch(uuid);
  });

  it('says the list is loading, or that the person is not in it, rather than show an id', () => {
    const loading = actorFilter({ value: goneId, label: '' }, actors('loading', []));
    expect(shown(loading)).toContain('Loading the list');
    const unlisted = actorFilter({ value: goneId, label: '' }, actors('finished'));
    expect(shown(unlisted)).toContain('Someone not in the list');
    expect(`${loading}${unlisted}`).not.toMatch(uuid);
  });

  it('offers "Anyone" when nobody is chosen', () => {
    expect(shown(actorFilter(null, actors('finished')))).toContain('Anyone');
  });
});

describe('naming the person of `?actor=` by their entries', () => {
  const t = i18n.getFixedT('en');
  const entries = [
    { actor: { id: benchId, machine: 'Bench 3' } },
    { actor: { id: goneId, name: 'Bo Chen', email: 'bo@example.com' } },
  ];

  it('takes the name their own entries give someone the list does not hold', () => {
    const named = namedByEntries({ value: goneId, label: '' }, entries, t);
    expect(named).toEqual({ value: goneId, label: 'Bo Chen (bo@example.com)' });
    // Shown by that name, though the list does not hold them.
    expect(shown(actorFilter(named, actors('finished')))).toContain('Bo Chen (bo@example.com)');
  });

  it('keeps a name already known, and a choice no shown entry names', () => {
    const chosen = { value: goneId, label: 'Bo C.' };
    expect(namedByEntries(chosen, entries, t)).toBe(chosen);
    const other = { value: annId, label: '' };
    expect(namedByEntries(other, entries, t)).toBe(other);
    expect(namedByEntries(null, entries, t)).toBeNull();
  });
});

describe('the record filter', () => {
  const recordFilter = (entity: 'product' | 'machine' | undefined, value: Choice | null) =>
    renderToStaticMarkup(
      <RecordFilter
        entity={entity}
        value={value}
        onChange={() => undefined}
        actors={actors('finished')}
      />,
    );

  it('waits for a kind of record, then names the record chosen', () => {
    const none = recordFilter(undefined, null);
    expect(shown(none)).toContain('Choose a kind of record first');
    expect(none).toContain('disabled=""');
    const product = recordFilter('product', {
      value: annId,
      label: 'Gate Valve GV-150',
    });
    expect(shown(product)).toContain('Gate Valve GV-150');
    expect(product).not.toMatch(uuid);
    expect(product).not.toContain('disabled=""');
    expect(shown(recordFilter('machine', null))).toContain('Any record');
  });
});
