import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';

describe('sign-in services configuration', () => {
  it('defaults to the simulators, with the real endpoints named for live use', () => {
    expect(loadConfig({})).toMatchObject({
      signInServices: 'simulator',
      bankidUrl: 'https://appapi2.test.bankid.com/rp/v6.0',
      smsUrl: 'https://api.46elks.com/a1',
      smsFrom: 'Gridline',
      smtpUrl: undefined,
      openIdClientSecrets: {},
    });
  });

  it('requires the certificates, the SMS credentials and the mail server for live services', () => {
    expect(() => loadConfig({ SIGN_IN_SERVICES: 'live' })).toThrow(/BANKID_CLIENT_CERT is required[\s\S]*SMTP_URL is required/);
    const config = loadConfig({
      SIGN_IN_SERVICES: 'live',
      BANKID_CLIENT_CERT: '/etc/gridline/rp.p12',
      BANKID_CA_CERT: '/etc/gridline/bankid-ca.pem',
      SMS_USERNAME: 'u',
      SMS_PASSWORD: 'p',
      SMTP_URL: 'smtps://mail.example:465',
      OPENID_CLIENT_SECRETS: '{"fjellkraft":"s3cret"}',
    });
    expect(config).toMatchObject({ signInServices: 'live', smtpUrl: 'smtps://mail.example:465', openIdClientSecrets: { fjellkraft: 's3cret' } });
  });

  it('refuses bad values, naming the variable', () => {
    expect(() => loadConfig({ SIGN_IN_SERVICES: 'maybe' })).toThrow(ConfigError);
    expect(() => loadConfig({ BANKID_URL: 'http://insecure.example/rp/v6.0' })).toThrow(/BANKID_URL/);
    expect(() => loadConfig({ SMS_FROM: 'A name that is far too long' })).toThrow(/SMS_FROM/);
    expect(() => loadConfig({ OPENID_CLIENT_SECRETS: '["not","an","object"]' })).toThrow(/OPENID_CLIENT_SECRETS/);
  });
});
