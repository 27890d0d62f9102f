import { describe, expect, it } from 'vitest';
import { defineSecretKeys, SecretKey, SecretWriteRequest, secretDefinitions } from './secrets.ts';

describe('secret keys', () => {
  it('are a defined list with a category each; a key named twice is refused when the list is defined', () => {
    expect(new Set(secretDefinitions.map((d) => d.key)).size).toBe(secretDefinitions.length);
    expect(new Set(secretDefinitions.map((d) => d.category))).toEqual(new Set(['Hark', 'UtilityCloudIntegration', 'BFUSIntegration']));
    const one = { key: 'sameKey', category: 'Hark', customerFacing: true, featureConfiguration: 'hark', description: '' } as const;
    expect(() => defineSecretKeys([one, one])).toThrow(/defined twice/);
    expect(() => defineSecretKeys([{ ...one, key: 'not a key' }])).toThrow(/letters and digits/);
    expect(SecretKey.safeParse('harkApiKey').success).toBe(true);
    expect(SecretKey.safeParse('unknownKey').success).toBe(false);
  });

  it('take a value of at least one character besides spaces, and no extra field', () => {
    expect(SecretWriteRequest.safeParse({ value: ' x ' }).success).toBe(true);
    expect(SecretWriteRequest.safeParse({ value: '-----BEGIN KEY-----\nabc\n-----END KEY-----' }).success).toBe(true);
    for (const body of [{ value: '' }, { value: ' \n ' }, { value: 'x'.repeat(8_193) }, { value: 'a\u0000' }, { value: 'x', extra: 1 }, {}]) expect(SecretWriteRequest.safeParse(body).success).toBe(false);
  });
});
