import { describe, expect, it, vi } from 'vitest';
import { loadPageConfig, parsePageConfig } from './page-config';

const valid = {
  region: 'eu-west-1',
  userPoolId: 'pool',
  userPoolClientId: 'client',
  appName: 'Test Report Center',
  providerName: 'Acme Valves',
  privacyPolicyUrl: 'https://acme.example/privacy',
};

const reportCenter = { providerName: 'text', privacyPolicyUrl: 'httpUrl' } as const;
const signIn = {
  appName: 'text',
  userPoolId: 'text',
  userPoolEndpoint: 'optionalHttpUrl',
} as const;

describe('parsePageConfig', () => {
  it('reads the settings a page names, ignoring the rest', () => {
    expect(parsePageConfig(valid, reportCenter)).toEqual({
      providerName: 'Acme Valves',
      privacyPolicyUrl: 'https://acme.example/privacy',
    });
    expect(parsePageConfig(valid, signIn)).toEqual({
      appName: 'Test Report Center',
      userPoolId: 'pool',
    });
    expect(
      parsePageConfig({ ...valid, userPoolEndpoint: 'http://localhost:9229' }, signIn),
    ).toMatchObject({ userPoolEndpoint: 'http://localhost:9229' });
  });

  it('names every wrong setting', () => {
    expect(() =>
      parsePageConfig({ providerName: ' ', privacyPolicyUrl: 'nope' }, reportCenter),
    ).toThrow(/providerName.*privacyPolicyUrl/);
    expect(() => parsePageConfig(null, reportCenter)).toThrow(/providerName/);
    expect(() =>
      parsePageConfig({ ...valid, userPoolId: 7, userPoolEndpoint: 'x' }, signIn),
    ).toThrow(/userPoolId.*userPoolEndpoint/);
  });

  it('takes only web addresses for links', () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,x', 'ftp://acme.example/p']) {
      expect(() => parsePageConfig({ ...valid, privacyPolicyUrl: url }, reportCenter), url).toThrow(
        /privacyPolicyUrl/,
      );
    }
  });
});

describe('loadPageConfig', () => {
  it('fetches /config.json without the cache', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => Response.json(valid));
    await expect(loadPageConfig(reportCenter, fetchImpl)).resolves.toMatchObject({
      providerName: 'Acme Valves',
    });
    expect(fetchImpl).toHaveBeenCalledWith(
      '/config.json',
      expect.objectContaining({ cache: 'no-store' }),
    );
  });

  it('fails on an error answer', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => new Response('', { status: 404 }));
    await expect(loadPageConfig(reportCenter, fetchImpl)).rejects.toThrow(/404/);
  });
});
