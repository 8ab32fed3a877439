import { describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig, parseConfig } from './config';

const valid = {
  region: 'ap-northeast-1',
  userPoolId: 'ap-northeast-1_abc',
  userPoolClientId: 'client123',
  appName: 'Test Report Center',
  providerName: 'Example Valves Ltd.',
  privacyPolicyUrl: 'https://example.com/privacy',
};

describe('parseConfig', () => {
  it('accepts a production config (no endpoint)', () => {
    expect(parseConfig(valid)).toEqual(valid);
  });

  it('accepts the local endpoint and ignores unknown keys', () => {
    const config = parseConfig({ ...valid, userPoolEndpoint: 'http://localhost:9229', extra: 1 });
    expect(config.userPoolEndpoint).toBe('http://localhost:9229');
    expect(config).not.toHaveProperty('extra');
  });

  it.each([
    ['a missing pool id', { ...valid, userPoolId: undefined }, 'userPoolId'],
    ['an empty client id', { ...valid, userPoolClientId: '' }, 'userPoolClientId'],
    ['a non-text name', { ...valid, appName: 7 }, 'appName'],
    ['a bad privacy URL', { ...valid, privacyPolicyUrl: 'privacy' }, 'privacyPolicyUrl'],
    ['a bad endpoint', { ...valid, userPoolEndpoint: 'localhost' }, 'userPoolEndpoint'],
  ])('rejects %s, naming the field', (_name, input, field) => {
    expect(() => parseConfig(input)).toThrow(ConfigError);
    expect(() => parseConfig(input)).toThrow(field);
  });

  it('rejects a non-object', () => {
    expect(() => parseConfig(null)).toThrow(ConfigError);
    expect(() => parseConfig([])).toThrow(ConfigError);
  });
});

describe('loadConfig', () => {
  it('fetches /config.json without cache', async () => {
    const fetchMock = vi.fn(async () => Response.json(valid));
    await expect(loadConfig(fetchMock)).resolves.toEqual(valid);
    expect(fetchMock).toHaveBeenCalledWith(
      '/config.json',
      expect.objectContaining({ cache: 'no-store' }),
    );
  });

  it('fails clearly on a missing or broken file', async () => {
    await expect(loadConfig(async () => new Response('nope', { status: 404 }))).rejects.toThrow(
      '404',
    );
    await expect(loadConfig(async () => new Response('<html>'))).rejects.toThrow('not valid JSON');
  });
});
