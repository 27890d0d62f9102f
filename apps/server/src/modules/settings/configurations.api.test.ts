import { describedFields, FeatureConfigurationsRelease } from '@gridline/contracts/settings-configurations';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, staffSignIn, startTestApp, type TestApp } from '../../../test/app.ts';
import { DEMO_PLATFORM_ADMIN } from '../../demo/staff.ts';
import { demoRelease } from '../../demo/releases.ts';
import { organisationProfiles as profiles } from '../../demo/profiles.ts';

/** Feature configurations (issue 18, decision 0057): each rule's key through drafts and change requests, per-field permissions, the tenant boundary, and no protected field in public. */

let t: TestApp;
const tokens: Record<'admin' | 'marketing' | 'support' | 'developer' | 'platform' | 'koivuAdmin', string> = {
  admin: '',
  marketing: '',
  support: '',
  developer: '',
  platform: '',
  koivuAdmin: '',
};
type Who = keyof typeof tokens;

beforeAll(async () => {
  t = await startTestApp();
  for (const scope of ['admin', 'marketing', 'support', 'developer'] as const)
    tokens[scope] = (await staffSignIn(t.app, 'solvik', `org-${scope}@solvik.example`)).accessToken;
  tokens.platform = (await staffSignIn(t.app, 'solvik', DEMO_PLATFORM_ADMIN)).accessToken;
  tokens.koivuAdmin = (await staffSignIn(t.app, 'koivu', 'org-admin@koivu.example')).accessToken;
});
afterAll(async () => {
  await t.close();
});

const as = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  call(t.app, { method, url, token: tokens[who], ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });
const DRAFT = '/v3/settings/drafts/feature-configurations/solvik';
const patch = (who: Who, body: unknown) => as(who, 'PATCH', DRAFT, body);
const cancelUnderWay = async () => {
  const status = await as('admin', 'GET', '/v3/settings/releases/status?organisation=solvik');
  const request = status.body.data.changeRequest as { id: string } | null;
  if (request) await as('admin', 'POST', `/v4/solvik/settings/change-requests/${request.id}/cancel`);
};
beforeEach(async () => {
  await cancelUnderWay();
  await as('admin', 'DELETE', DRAFT);
});

describe('the demo', () => {
  it("publishes configurations that pass a release's rules", () => {
    for (const profile of profiles) {
      const { id: _id, ...part } = demoRelease(profile).content.featureConfigurations;
      expect(FeatureConfigurationsRelease.safeParse(part).error?.issues ?? [], profile.slug).toEqual([]);
    }
  });
});

describe('every rule answers its key', () => {
  it.each([
    [{ public: { customerSupport: { accessibilityEmail: 'not-an-email' } } }, 'public.customerSupport.accessibilityEmail', 'CONFIGURATION_EMAIL'],
    [{ protected: { wasteIntegration: { historicalMonths: 0 } } }, 'protected.wasteIntegration.historicalMonths', 'CONFIGURATION_NUMBER_TOO_SMALL'],
    [{ protected: { wasteIntegration: { historicalMonths: 7 } } }, 'protected.wasteIntegration.historicalMonths', 'CONFIGURATION_NUMBER_TOO_LARGE'],
    [{ protected: { wasteIntegration: { upcomingEventsToFetch: 11 } } }, 'protected.wasteIntegration.upcomingEventsToFetch', 'CONFIGURATION_NUMBER_TOO_LARGE'],
    [{ public: { wasteIntegration: { maxUpcomingToShow: 2 } } }, 'public.wasteIntegration.maxUpcomingToShow', 'CONFIGURATION_NUMBER_TOO_SMALL'],
    [{ public: { wasteIntegration: { maxHistoricalToShow: 11 } } }, 'public.wasteIntegration.maxHistoricalToShow', 'CONFIGURATION_NUMBER_TOO_LARGE'],
    [{ public: { wasteIntegration: { maxHistoricalToShow: 'many' } } }, 'public.wasteIntegration.maxHistoricalToShow', 'CONFIGURATION_NUMBER'],
    [{ protected: { wasteIntegration: { environment: 'staging' } } }, 'protected.wasteIntegration.environment', 'CONFIGURATION_OPTION'],
    [{ protected: { wasteIntegration: { testBaseUrl: 'waste.example' } } }, 'protected.wasteIntegration.testBaseUrl', 'CONFIGURATION_URL'],
    [{ protected: { wasteIntegration: { pathSuffix: 'x'.repeat(201) } } }, 'protected.wasteIntegration.pathSuffix', 'CONFIGURATION_TOO_LONG'],
    [{ protected: { homeside: { accountName: '   ' } } }, 'protected.homeside.accountName', 'HOMESIDE_ACCOUNT_NAME_EMPTY'],
    [{ protected: { homeside: { enabled: 'yes' } } }, 'protected.homeside.enabled', 'CONFIGURATION_BOOLEAN'],
    [
      { protected: { generalIntegration: { environmentsAllowingUserUpdates: ['test'] } } },
      'protected.generalIntegration.environmentsAllowingUserUpdates.0',
      'CONFIGURATION_OPTION',
    ],
  ])('a draft of %j: %s %s', async (body, path, key) => {
    const answer = await patch('admin', body);
    expect([answer.status, answer.body.key]).toEqual([400, 'VALIDATION_FAILED']);
    expect(answer.body.data.issues).toContainEqual({ path, message: key });
  });

  it('coerces a number written as text', async () => {
    const answer = await patch('developer', { protected: { wasteIntegration: { historicalMonths: '4' } } });
    expect(answer.status).toBe(200);
    expect(answer.body.data.content).toEqual({ protected: { wasteIntegration: { historicalMonths: 4 } } });
  });

  it.each([
    [{ protected: { homeside: { enabled: true } } }, 'feature-configurations.protected.homeside.accountName', 'HOMESIDE_ACCOUNT_NAME_REQUIRED'],
    [
      { protected: { wasteIntegration: { environment: 'test' } } },
      'feature-configurations.protected.wasteIntegration.testBaseUrl',
      'WASTE_TEST_BASE_URL_REQUIRED',
    ],
  ])('the rules that join fields wait for the release: %j', async (body, path, key) => {
    const draft = await patch('admin', body);
    expect(draft.status).toBe(200);
    expect(draft.body.data.issues).toEqual([{ path: path.replace('feature-configurations.', ''), message: key }]);
    const request = await as('admin', 'POST', '/v4/solvik/settings/change-requests', { parts: ['feature-configurations'], title: 'Integrations' });
    expect([request.status, request.body.key]).toEqual([400, 'SETTINGS_RELEASE_INVALID']);
    expect(request.body.data.issues).toEqual([{ path, message: key }]);
  });

  it('publishes a Homeside account through a change request', async () => {
    expect((await patch('developer', { protected: { homeside: { enabled: true, accountName: 'solvik-homeside' } } })).status).toBe(200);
    const request = await as('developer', 'POST', '/v4/solvik/settings/change-requests', { parts: ['feature-configurations'], title: 'Homeside on' });
    expect(request.status).toBe(200);
    const full = await as('admin', 'GET', '/v3/settings/releases/full/solvik?bypassCache=true');
    expect(full.body.data.featureConfigurations.protected.homeside).toEqual({ enabled: true, accountName: 'solvik-homeside' });
  });
});

describe('per-field permissions (spec 002 §6)', () => {
  it.each([
    ['marketing', { protected: { ngenic: { enabled: false } } }, ['protected.ngenic.enabled']],
    [
      'marketing',
      { protected: { wasteIntegration: { environment: 'test', testBaseUrl: 'https://waste.test.example' } } },
      ['protected.wasteIntegration.environment', 'protected.wasteIntegration.testBaseUrl'],
    ],
    ['developer', { public: { customerSupport: { accessibilityEmail: 'a11y@solvik.example' } } }, ['public.customerSupport.accessibilityEmail']],
    ['admin', { protected: { generalIntegration: { validateResponse: false } } }, ['protected.generalIntegration.validateResponse']],
    ['admin', { protected: { generalIntegration: { supportedServiceTypes: ['waste'] } } }, ['protected.generalIntegration.supportedServiceTypes']],
    ['platform', { protected: { generalIntegration: { validateResponse: false } } }, ['protected.generalIntegration.validateResponse']],
    ['developer', { protected: { openId: { issuer: 'https://id.example' } } }, ['protected.openId']],
  ] as const)('%s may not change %j', async (who, body, fields) => {
    const answer = await patch(who, body);
    expect([answer.status, answer.body.key]).toEqual([403, 'CONFIGURATION_FIELD_READ_ONLY']);
    expect(answer.body.data.fields).toEqual(fields);
    expect((await as('admin', 'GET', DRAFT)).body.data.content).toBeNull();
  });

  it.each([
    ['marketing', { public: { customerSupport: { accessibilityEmail: 'a11y@solvik.example' }, wasteIntegration: { maxUpcomingToShow: 5 } } }],
    ['developer', { protected: { wasteIntegration: { environment: 'test' }, generalIntegration: { sendValidationResultsToLogger: true } } }],
    ['admin', { protected: { homeside: { enabled: true }, ngenic: { enabled: false } } }],
    ['platform', { protected: { homeside: { accountName: 'x' } } }],
  ] as const)('%s may change %j', async (who, body) => {
    expect((await patch(who, body)).status).toBe(200);
  });

  it('lets a marketer save the whole merged part with read-only fields as they are, and refuses the direct release of a read-only field', async () => {
    const draft = await as('marketing', 'GET', DRAFT);
    const merged = draft.body.data.merged as { public: Record<string, unknown> };
    const saved = await as('marketing', 'PUT', DRAFT, {
      ...merged,
      public: { ...merged.public, customerSupport: { accessibilityEmail: 'a11y@solvik.example' } },
    });
    expect(saved.status).toBe(200);
    // a read-only field through the spec's direct release
    const live = (await as('admin', 'GET', '/v3/settings/releases/feature-configurations/latest/solvik')).body.data.content as {
      protected: Record<string, unknown>;
    };
    const direct = await as('marketing', 'POST', '/v3/settings/releases/feature-configurations/solvik', {
      ...live,
      protected: { ...live.protected, ngenic: { enabled: false } },
    });
    expect([direct.status, direct.body.key]).toEqual([403, 'CONFIGURATION_FIELD_READ_ONLY']);
  });

  it('refuses the draft of another organisation as missing, and writes by staff who only read', async () => {
    expect((await as('koivuAdmin', 'GET', DRAFT)).status).toBe(404);
    expect((await as('koivuAdmin', 'PATCH', DRAFT, { protected: { ngenic: { enabled: false } } })).status).toBe(404);
    expect((await as('support', 'PATCH', DRAFT, { public: { customerSupport: { accessibilityEmail: 'a@solvik.example' } } })).status).toBe(403);
  });
});

describe('protected fields never reach customers', () => {
  it('walks the whole public release after every protected field has a value', async () => {
    const live = (await as('admin', 'GET', '/v3/settings/releases/feature-configurations/latest/solvik')).body.data.content as {
      public: Record<string, unknown>;
      protected: Record<string, Record<string, unknown>>;
    };
    const markers: string[] = [];
    const protectedPart: Record<string, Record<string, unknown>> = { ...live.protected };
    for (const { path, field } of describedFields()) {
      if (path[0] !== 'protected') continue;
      const marker = `secret-${path[1]}-${path[2]}`.toLowerCase();
      const value = field.type === 'string' ? marker : field.type === 'url' ? `https://${marker}.example` : undefined;
      if (value === undefined) continue;
      markers.push(marker);
      protectedPart[path[1]] = { ...protectedPart[path[1]], [path[2]]: value };
    }
    protectedPart.homeside = { ...protectedPart.homeside, enabled: true };
    protectedPart.openId = { issuer: 'https://secret-issuer.example', clientId: 'secret-client' };
    markers.push('secret-issuer', 'secret-client');
    const published = await as('admin', 'POST', '/v3/settings/releases/feature-configurations/solvik', { ...live, protected: protectedPart });
    expect(published.status).toBe(200);

    const open = (await call(t.app, { method: 'GET', url: '/v3/settings/releases/solvik?bypassCache=true' })).body.data as Record<string, unknown>;
    const leaves: string[] = [];
    const walk = (value: unknown, path: string) => {
      if (value && typeof value === 'object') for (const [key, inner] of Object.entries(value)) walk(inner, path ? `${path}.${key}` : key);
      else leaves.push(`${path}=${String(value)}`);
    };
    walk(open, '');
    for (const marker of markers)
      expect(
        leaves.filter((leaf) => leaf.includes(marker)),
        marker,
      ).toEqual([]);
    // No protected configuration's key appears under the public side, and nothing named protected at all.
    expect(leaves.filter((leaf) => leaf.includes('protected'))).toEqual([]);
    for (const { path } of describedFields().filter((d) => d.path[0] === 'protected')) {
      expect(
        leaves.filter((leaf) => leaf.startsWith(`featureConfigurations.public.${path[1]}.${path[2]}=`)),
        path.join('.'),
      ).toEqual([]);
    }
    // what is public does reach customers
    const configurations = (open.featureConfigurations as { public: Record<string, unknown> }).public;
    expect(configurations.customerSupport).toEqual({ accessibilityEmail: 'accessibility@solvik.example' });
    expect(configurations.wasteIntegration).toEqual({ maxUpcomingToShow: 3, maxHistoricalToShow: 3 });
    // staff with an admin scope read everything
    expect(JSON.stringify((await as('admin', 'GET', '/v3/settings/releases/full/solvik?bypassCache=true')).body)).toContain('secret-homeside-accountname');
  });
});
