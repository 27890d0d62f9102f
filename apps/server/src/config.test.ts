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

describe('WORKERS, the number of API processes', () => {
  it('is one by default, and any whole number up to four per CPU', () => {
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ WORKERS: '' }, 2).workers).toBe(1);
    expect(loadConfig({ WORKERS: '2' }, 2).workers).toBe(2);
    expect(loadConfig({ WORKERS: ' 8 ' }, 2).workers).toBe(8);
  });

  it('refuses anything else with a message that names the variable, the range and the machine', () => {
    for (const bad of ['0', '9', '-1', '1.5', 'two', 'auto']) {
      expect(() => loadConfig({ WORKERS: bad }, 2)).toThrow(ConfigError);
      expect(() => loadConfig({ WORKERS: bad }, 2)).toThrow(
        `WORKERS: a whole number of API processes from 1 to 8 (four per CPU; this machine has 2) (got ${JSON.stringify(bad)})`,
      );
    }
    // Listed with the other bad variables, as every variable is.
    expect(() => loadConfig({ WORKERS: '0', PORT: 'x' }, 2)).toThrow(/PORT[\s\S]*WORKERS|WORKERS[\s\S]*PORT/);
  });
});
