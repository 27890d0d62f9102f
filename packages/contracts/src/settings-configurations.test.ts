import { describe, expect, it } from 'vitest';
import {
  configurationSchema,
  configurationWriteViolations,
  describedFields,
  FeatureConfigurationsRelease,
  fieldSchema,
  knownConfigurations,
  mayWriteField,
  privateCategories,
  StoredFeatureConfigurations,
  type ConfigurationField,
} from './settings-configurations.ts';
import { draftPartSchemas } from './settings-parts.ts';

const rw = { ORG_ADMIN: 'READ/WRITE', ORG_SUPPORT: 'READ', ORG_MARKETING: 'READ', ORG_DEVELOPER: 'READ' } as const;
const field = (over: Partial<ConfigurationField>): ConfigurationField => ({
  key: 'f',
  label: 'F',
  type: 'string',
  visibility: 'public',
  permissions: rw,
  ...over,
});
/** The first issue's message, or 'ok'. */
const check = (f: ConfigurationField, value: unknown) => {
  const result = configurationSchema([f]).safeParse(value === undefined ? {} : { f: value });
  return result.success ? 'ok' : result.error.issues[0]!.message;
};

describe('a field type becomes a zod rule (spec 002 §5)', () => {
  it.each([
    ['string', {}, 'text', 'ok'],
    ['string', {}, 5, 'CONFIGURATION_TEXT'],
    ['string', { min: 3 }, 'ab', 'CONFIGURATION_TOO_SHORT'],
    ['string', { max: 3 }, 'abcd', 'CONFIGURATION_TOO_LONG'],
    ['string', {}, 'x'.repeat(10_001), 'CONFIGURATION_TOO_LONG'],
    ['string', { required: true }, undefined, 'CONFIGURATION_REQUIRED'],
    ['string', { required: true }, '   ', 'CONFIGURATION_REQUIRED'],
    ['string', {}, undefined, 'ok'],
    ['email', {}, 'support@solvik.example', 'ok'],
    ['email', {}, 'not-an-email', 'CONFIGURATION_EMAIL'],
    ['emailArray', {}, ['a@b.se', 'nope'], 'CONFIGURATION_EMAIL'],
    ['url', {}, 'https://example.com/path', 'ok'],
    ['url', {}, 'ftp://example.com', 'CONFIGURATION_URL'],
    ['url', {}, 'example', 'CONFIGURATION_URL'],
    ['urlArray', { max: 1 }, ['https://a.se', 'https://b.se'], 'CONFIGURATION_TOO_MANY'],
    ['number', { min: 1, max: 6 }, '4', 'ok'],
    ['number', { min: 1, max: 6 }, 0, 'CONFIGURATION_NUMBER_TOO_SMALL'],
    ['number', { min: 1, max: 6 }, 7, 'CONFIGURATION_NUMBER_TOO_LARGE'],
    ['number', {}, -1, 'CONFIGURATION_NUMBER_TOO_SMALL'],
    ['number', {}, 'many', 'CONFIGURATION_NUMBER'],
    ['enum', { options: ['a', 'b'] }, 'b', 'ok'],
    ['enum', { options: ['a', 'b'] }, 'c', 'CONFIGURATION_OPTION'],
    ['enumArray', { options: ['a', 'b'] }, ['a', 'c'], 'CONFIGURATION_OPTION'],
    ['enumArray', { options: ['a', 'b'], required: true }, [], 'CONFIGURATION_REQUIRED'],
    ['stringArray', {}, Array.from({ length: 101 }, () => 'x'), 'CONFIGURATION_TOO_MANY'],
    ['stringArray', { min: 2 }, ['x'], 'CONFIGURATION_TOO_FEW'],
    ['stringArray', {}, 'x', 'CONFIGURATION_LIST'],
    ['boolean', {}, true, 'ok'],
    ['boolean', {}, 'yes', 'CONFIGURATION_BOOLEAN'],
    ['object', { fields: [field({ key: 'inner', type: 'email', required: true })] }, { inner: 'x' }, 'CONFIGURATION_EMAIL'],
    ['object', { fields: [field({ key: 'inner', type: 'email' })] }, 'x', 'CONFIGURATION_OBJECT'],
    ['objectArray', { fields: [field({ key: 'n', type: 'number', max: 2 })] }, [{ n: 1 }, { n: 3 }], 'CONFIGURATION_NUMBER_TOO_LARGE'],
  ] as const)('%s %j: %j → %s', (type, over, value, expected) => {
    expect(check(field({ type, ...(over as Partial<ConfigurationField>) }), value)).toBe(expected);
  });

  it('coerces numbers and applies defaults', () => {
    expect(fieldSchema(field({ type: 'number' })).parse('12')).toBe(12);
    expect(fieldSchema(field({ type: 'number', default: 3 })).parse(undefined)).toBe(3);
    expect(fieldSchema(field({ type: 'string', required: true }), 'stored').parse(undefined)).toBeUndefined();
  });

  it('refuses the reserved keys and malformed field lists', () => {
    expect(() => configurationSchema([field({ key: 'enabled' })])).toThrow(/CONFIGURATION_RESERVED_KEY/);
    expect(() => configurationSchema([field({ key: 'visibleForCustomers' })])).toThrow(/CONFIGURATION_RESERVED_KEY/);
    expect(() => configurationSchema([field({ type: 'enum' })])).toThrow(/options/);
    expect(() => configurationSchema([field({ min: 5, max: 2 })])).toThrow(/min/);
  });
});

const valid = { public: { customerSupport: { accessibilityEmail: 'accessibility@solvik.example' } }, protected: {} };
const issues = (value: unknown) => {
  const result = FeatureConfigurationsRelease.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the known configurations (spec 002 §3, §5)', () => {
  it('fill their defaults: waste environment production and /Bright, Ngenic on, Homeside off, every service type', () => {
    const stored = StoredFeatureConfigurations.parse({ public: {} });
    expect(stored.protected).toMatchObject({
      wasteIntegration: { environment: 'production', pathSuffix: '/Bright' },
      ngenic: { enabled: true },
      homeside: { enabled: false },
      generalIntegration: { validateResponse: true },
    });
    expect((stored.protected.generalIntegration as { supportedServiceTypes: string[] }).supportedServiceTypes).toHaveLength(12);
    expect(issues(valid)).toEqual([]);
  });

  it('requires the public accessibility e-mail and checks it', () => {
    expect(issues({ public: {}, protected: {} })).toEqual(['public.customerSupport: CONFIGURATION_REQUIRED']);
    expect(issues({ public: { customerSupport: {} }, protected: {} })).toEqual(['public.customerSupport.accessibilityEmail: CONFIGURATION_REQUIRED']);
    expect(issues({ public: { customerSupport: { accessibilityEmail: 'nope' } }, protected: {} })).toEqual([
      'public.customerSupport.accessibilityEmail: CONFIGURATION_EMAIL',
    ]);
  });

  it.each([
    [{ historicalMonths: 0 }, 'historicalMonths: CONFIGURATION_NUMBER_TOO_SMALL'],
    [{ historicalMonths: 7 }, 'historicalMonths: CONFIGURATION_NUMBER_TOO_LARGE'],
    [{ upcomingEventsToFetch: 11 }, 'upcomingEventsToFetch: CONFIGURATION_NUMBER_TOO_LARGE'],
    [{ upcomingEventsToFetch: 0 }, 'upcomingEventsToFetch: CONFIGURATION_NUMBER_TOO_SMALL'],
    [{ environment: 'staging' }, 'environment: CONFIGURATION_OPTION'],
    [{ environment: 'test' }, 'testBaseUrl: WASTE_TEST_BASE_URL_REQUIRED'],
    [{ environment: 'test', testBaseUrl: 'https://waste.test.example' }, null],
  ])('waste integration %j', (waste, expected) => {
    expect(issues({ ...valid, protected: { wasteIntegration: waste } })).toEqual(expected ? [`protected.wasteIntegration.${expected}`] : []);
  });

  it.each([
    [{ maxUpcomingToShow: 2 }, 'maxUpcomingToShow: CONFIGURATION_NUMBER_TOO_SMALL'],
    [{ maxUpcomingToShow: 9 }, 'maxUpcomingToShow: CONFIGURATION_NUMBER_TOO_LARGE'],
    [{ maxHistoricalToShow: 2 }, 'maxHistoricalToShow: CONFIGURATION_NUMBER_TOO_SMALL'],
    [{ maxHistoricalToShow: 11 }, 'maxHistoricalToShow: CONFIGURATION_NUMBER_TOO_LARGE'],
    [{ maxUpcomingToShow: 8, maxHistoricalToShow: 10 }, null],
  ])('waste display limits %j', (waste, expected) => {
    expect(issues({ ...valid, public: { ...valid.public, wasteIntegration: waste } })).toEqual(expected ? [`public.wasteIntegration.${expected}`] : []);
  });

  it.each([
    [{ enabled: true }, 'HOMESIDE_ACCOUNT_NAME_REQUIRED'],
    [{ enabled: true, accountName: '  ' }, 'HOMESIDE_ACCOUNT_NAME_EMPTY'],
    [{ enabled: false, accountName: '' }, 'HOMESIDE_ACCOUNT_NAME_EMPTY'],
    [{ enabled: true, accountName: 'solvik-homeside' }, null],
    [{ enabled: false }, null],
  ])('Homeside %j', (homeside, expected) => {
    expect(issues({ ...valid, protected: { homeside } })).toEqual(expected ? [`protected.homeside.accountName: ${expected}`] : []);
  });

  it('general integration lists only the 12 service types and the 4 environments', () => {
    expect(issues({ ...valid, protected: { generalIntegration: { supportedServiceTypes: ['electricity'] } } })).toEqual([
      'protected.generalIntegration.supportedServiceTypes.0: CONFIGURATION_OPTION',
    ]);
    expect(issues({ ...valid, protected: { generalIntegration: { environmentsAllowingUserUpdates: ['production', 'test'] } } })).toEqual([
      'protected.generalIntegration.environmentsAllowingUserUpdates.1: CONFIGURATION_OPTION',
    ]);
  });

  it('checks each value in a draft but leaves the rules that join fields and required fields to the release', () => {
    const draft = draftPartSchemas['feature-configurations'];
    expect(draft.safeParse({ protected: { homeside: { enabled: true } } }).success).toBe(true);
    expect(draft.safeParse({ protected: { wasteIntegration: { environment: 'test' } } }).success).toBe(true);
    expect(draft.safeParse({ public: { customerSupport: {} } }).success).toBe(true);
    expect(draft.safeParse({ protected: { homeside: { accountName: ' ' } } }).error?.issues[0]?.message).toBe('HOMESIDE_ACCOUNT_NAME_EMPTY');
    expect(draft.safeParse({ protected: { wasteIntegration: { historicalMonths: '8' } } }).error?.issues[0]?.message).toBe('CONFIGURATION_NUMBER_TOO_LARGE');
  });

  it('keep every field of a private category protected, and every field key unreserved', () => {
    for (const { definition, field: f, path } of describedFields()) {
      if (privateCategories.includes(definition.category)) expect(path[0], path.join('.')).toBe('protected');
      expect(() => configurationSchema(definition.fields)).not.toThrow();
      expect(f.key === 'enabled' ? definition.switch : true).toBeTruthy();
    }
    expect(knownConfigurations.map((c) => c.key)).toEqual(['customerSupport', 'generalIntegration', 'wasteIntegration', 'homeside', 'ngenic']);
  });
});

describe('per-scope permissions (spec 002 §6)', () => {
  const base = StoredFeatureConfigurations.parse(valid);
  const change = (path: [string, string, string], value: unknown) => {
    const copy = structuredClone(base) as Record<string, Record<string, Record<string, unknown>>>;
    copy[path[0]]![path[1]] = { ...copy[path[0]]![path[1]], [path[2]]: value };
    return copy;
  };

  it.each([
    ['ORG_ADMIN', ['protected', 'homeside', 'accountName'], 'x', true],
    ['ORG_ADMIN', ['protected', 'generalIntegration', 'validateResponse'], false, false],
    ['ORG_ADMIN', ['protected', 'generalIntegration', 'supportedServiceTypes'], ['waste'], false],
    ['ADMIN', ['protected', 'generalIntegration', 'validateResponse'], false, false],
    ['ADMIN', ['protected', 'homeside', 'enabled'], true, true],
    ['ORG_MARKETING', ['public', 'customerSupport', 'accessibilityEmail'], 'a11y@solvik.example', true],
    ['ORG_MARKETING', ['public', 'wasteIntegration', 'maxUpcomingToShow'], 5, true],
    ['ORG_MARKETING', ['protected', 'homeside', 'enabled'], true, false],
    ['ORG_MARKETING', ['protected', 'wasteIntegration', 'environment'], 'test', false],
    ['ORG_DEVELOPER', ['protected', 'wasteIntegration', 'environment'], 'test', true],
    ['ORG_DEVELOPER', ['public', 'customerSupport', 'accessibilityEmail'], 'a11y@solvik.example', false],
    ['ORG_USER', ['protected', 'ngenic', 'enabled'], false, false],
  ] as const)('%s changing %j', (scope, path, value, allowed) => {
    const violations = configurationWriteViolations(scope, base, change(path as unknown as [string, string, string], value));
    expect(violations).toEqual(allowed ? [] : [path.join('.')]);
  });

  it('counts a default filled in as no change, and keeps OpenID settings for admins', () => {
    expect(configurationWriteViolations('ORG_MARKETING', { public: valid.public }, base)).toEqual([]);
    expect(configurationWriteViolations('ORG_DEVELOPER', base, { ...base, protected: { ...base.protected, openId: { issuer: 'https://x' } } })).toEqual([
      'protected.openId',
    ]);
    expect(configurationWriteViolations('ORG_ADMIN', base, { ...base, protected: { ...base.protected, openId: { issuer: 'https://x' } } })).toEqual([]);
    expect(mayWriteField('SUPPORT', knownConfigurations[0].fields[0].permissions)).toBe(false);
  });
});
