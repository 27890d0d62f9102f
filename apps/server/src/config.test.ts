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

describe('durability of the embedded PostgreSQL', () => {
  it('commits durably unless a deployment turns synchronous commits off by name', () => {
    expect(loadConfig({}).embeddedPgSynchronousCommit).toBe(true);
    expect(loadConfig({ EMBEDDED_PG_SYNCHRONOUS_COMMIT: 'on' }).embeddedPgSynchronousCommit).toBe(true);
    expect(loadConfig({ EMBEDDED_PG_SYNCHRONOUS_COMMIT: 'off' }).embeddedPgSynchronousCommit).toBe(false);
    expect(() => loadConfig({ EMBEDDED_PG_SYNCHRONOUS_COMMIT: 'false' })).toThrow(/EMBEDDED_PG_SYNCHRONOUS_COMMIT/);
  });

  it('refuses the setting beside DATABASE_URL, whose server has its own', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u:p@db.example/gridline', EMBEDDED_PG_SYNCHRONOUS_COMMIT: 'off' })).toThrow(
      /EMBEDDED_PG_SYNCHRONOUS_COMMIT applies to the embedded PostgreSQL only/,
    );
  });
});
