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
