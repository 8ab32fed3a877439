import { describe, expect, it, vi } from 'vitest';
import { loadReportCenterConfig, parseReportCenterConfig } from './config';

const valid = {
  region: 'eu-west-1',
  userPoolId: 'pool',
  userPoolClientId: 'client',
  appName: 'Test Report Center',
  providerName: 'Acme Valves',
  privacyPolicyUrl: 'https://acme.example/privacy',
  selfRegistration: false,
};

describe('parseReportCenterConfig', () => {
  it('reads the provider and the privacy policy, ignoring the rest', () => {
    expect(parseReportCenterConfig(valid)).toEqual({
      providerName: 'Acme Valves',
      privacyPolicyUrl: 'https://acme.example/privacy',
    });
  });

  it('names every wrong setting', () => {
    expect(() => parseReportCenterConfig({ providerName: ' ', privacyPolicyUrl: 'nope' })).toThrow(
      /providerName.*privacyPolicyUrl/,
    );
    expect(() => parseReportCenterConfig(null)).toThrow(/providerName/);
  });

  it('takes only web addresses for the policy link', () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,x', 'ftp://acme.example/p']) {
      expect(() => parseReportCenterConfig({ ...valid, privacyPolicyUrl: url }), url).toThrow(
        /privacyPolicyUrl/,
      );
    }
  });
});

describe('loadReportCenterConfig', () => {
  it('fetches /config.json without the cache', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => Response.json(valid));
    await expect(loadReportCenterConfig(fetchImpl)).resolves.toMatchObject({
      providerName: 'Acme Valves',
    });
    expect(fetchImpl).toHaveBeenCalledWith(
      '/config.json',
      expect.objectContaining({ cache: 'no-store' }),
    );
  });

  it('fails on an error answer', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => new Response('', { status: 404 }));
    await expect(loadReportCenterConfig(fetchImpl)).rejects.toThrow(/404/);
  });
});
