import { renderToStaticMarkup } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { resources } from '../../i18n/resources';
import type { ImportProblem } from './import-flow';
import { ImportProblemsTable, problemsPageSize } from './import-problems-table';

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

const problems = (count: number): ImportProblem[] =>
  Array.from({ length: count }, (_, index) => ({
    line: index + 2,
    field: index % 2 ? 'name' : '_',
    message: `Problem ${index + 1}`,
  }));

/** The texts of an HTML fragment, tags dropped. */
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the import’s problems table', () => {
  it('shows each problem by line and column with its message, the row as a whole named', () => {
    const html = text(
      renderToStaticMarkup(<ImportProblemsTable problems={problems(2)} total={2} />),
    );
    expect(html).toContain('Line');
    expect(html).toContain('Column');
    expect(html).toMatch(/ 2 \(whole row\) Problem 1 /);
    expect(html).toMatch(/ 3 name Problem 2 /);
    expect(html).toContain('(2)');
    expect(html).not.toContain('are listed');
  });

  it('pages a long list and says when the answer listed only the first problems', () => {
    const markup = renderToStaticMarkup(
      <ImportProblemsTable problems={problems(1000)} total={1510} />,
    );
    const html = text(markup);
    expect(html).toContain('(1,000 of 1,510)');
    expect(html).toContain('The first 1,000 of 1,510 problems are listed.');
    expect(html).toContain(`Problem ${problemsPageSize}`);
    expect(html).not.toContain(`Problem ${problemsPageSize + 1} `);
    expect(markup).toContain('aria-label="Pages of problems"');
    expect(html).toContain(' 100 ');
  });
});
