import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('market data and jobs configuration', () => {
  it('defaults to the simulators, the real endpoints and jobs on', () => {
    expect(loadConfig({})).toMatchObject({
      marketData: 'simulator',
      entsoeUrl: 'https://web-api.tp.entsoe.eu/api',
      entsoeToken: undefined,
      ecbUrl: 'https://data-api.ecb.europa.eu/service',
      jobs: true,
    });
  });

  it('takes live market data with a token, other addresses, and jobs off', () => {
    const config = loadConfig({
      MARKET_DATA: 'live',
      ENTSOE_TOKEN: 'abc',
      ENTSOE_URL: 'https://entsoe.example/api',
      ECB_URL: 'https://ecb.example/service',
      JOBS: 'false',
    });
    expect(config).toMatchObject({
      marketData: 'live',
      entsoeToken: 'abc',
      entsoeUrl: 'https://entsoe.example/api',
      ecbUrl: 'https://ecb.example/service',
      jobs: false,
    });
  });

  it('refuses live market data without ENTSOE_TOKEN, and bad values naming the variable', () => {
    expect(() => loadConfig({ MARKET_DATA: 'live' })).toThrow(/ENTSOE_TOKEN is required when MARKET_DATA=live/);
    expect(() => loadConfig({ MARKET_DATA: 'files' })).toThrow(ConfigError);
    expect(() => loadConfig({ ECB_URL: 'not a url' })).toThrow(/ECB_URL/);
    expect(() => loadConfig({ JOBS: 'maybe' })).toThrow(/JOBS/);
  });
});

describe('sign-in simulators beyond loopback (decision 0019)', () => {
  it('starts the simulators by default only on a loopback address', () => {
    expect(loadConfig({}).signInServices).toBe('simulator');
    expect(loadConfig({ HOST: '::1' }).signInServices).toBe('simulator');
    expect(() => loadConfig({ HOST: '0.0.0.0' })).toThrow(/SIGN_IN_SERVICES must be set when HOST \(0\.0\.0\.0\)/);
    expect(() => loadConfig({ HOST: '192.168.1.20' })).toThrow(ConfigError);
  });

  it('starts them beyond loopback when named explicitly', () => {
    expect(loadConfig({ HOST: '0.0.0.0', SIGN_IN_SERVICES: 'simulator' }).signInServices).toBe('simulator');
  });

  it('takes DEV_KEY, or makes a new random key at each start', () => {
    expect(loadConfig({ DEV_KEY: 'a-development-key-0123' }).devKey).toBe('a-development-key-0123');
    const [one, two] = [loadConfig({}).devKey, loadConfig({}).devKey];
    expect(one).toMatch(/^[\w-]{32}$/);
    expect(one).not.toBe(two);
    expect(() => loadConfig({ DEV_KEY: 'short' })).toThrow(/DEV_KEY/);
  });
});

describe('TRUST_PROXY (decision 0020)', () => {
  it('trusts no proxy by default', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
  });

  it('takes a hop count or a list of proxy addresses and subnets', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1', '::1']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example' })).toThrow(/TRUST_PROXY/);
  });
});
