import { describe, expect, it } from 'vitest';
import { environmentOfUrl, parseSyncTargets } from './environments.ts';

describe('the environment an installation is, from its host name (spec 001 §9)', () => {
  it.each([
    ['http://localhost:3000', 'local'],
    ['http://127.0.0.1:8080', 'local'],
    ['https://solvik.localhost', 'local'],
    ['https://staging.gridline.example', 'staging'],
    ['https://portal-staging.solvik.se', 'staging'],
    ['https://develop.gridline.example', 'develop'],
    ['https://dev.gridline.example', 'develop'],
    ['https://mina-sidor.solvik.se', 'production'],
    ['https://devices.solvik.se', 'production'],
    ['https://stagingarea.example', 'production'],
  ])('%s is %s', (url, environment) => {
    expect(environmentOfUrl(url)).toBe(environment);
  });
});

describe('SYNC_TARGETS', () => {
  it('reads environments and base addresses', () => {
    expect(parseSyncTargets('staging=https://staging.example.com/, develop=https://dev.example.com/gridline/')).toEqual({
      staging: 'https://staging.example.com',
      develop: 'https://dev.example.com/gridline',
    });
    expect(parseSyncTargets('local=http://127.0.0.1:3001')).toEqual({ local: 'http://127.0.0.1:3001' });
    expect(parseSyncTargets('')).toEqual({});
  });

  it.each([
    ['production=https://prod.example.com', /local, staging or develop/],
    ['staging=http://staging.example.com', /https only/],
    ['staging=https://user:pw@staging.example.com', /without credentials/],
    ['staging=https://a.example, staging=https://b.example', /named twice/],
    ['staging=not an address', /not an address/],
    ['https://staging.example.com', /local, staging or develop/],
  ])('refuses %s', (text, message) => {
    expect(() => parseSyncTargets(text)).toThrow(message);
  });
});
