import { openIdReturn } from '@gridline/contracts/endpoints/auth';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import { LOGIN_PATH, portalOrigins } from '../modules/auth/portal-origin.ts';
import { loadOrCreateSimulatorCertificates } from './bankid/certificates.ts';
import { BankIdClient } from './bankid/client.ts';
import { createBankIdSimulator, type BankIdSimulator } from './bankid/simulator.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { createSmtpSink } from './mail/smtp-sink.ts';
import { createLocalOpenIdProvider, type LocalOpenIdProvider, type TestPerson } from './oidc/local-provider.ts';
import { Outbox } from './outbox/outbox.ts';
import { ElksSmsClient, type SmsGateway } from './sms/client.ts';
import { createSmsSimulator } from './sms/simulator.ts';

/** What the relying party needs to know about an organisation's OpenID provider. */
export interface OpenIdSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The ID token claim that carries the personal number. */
  personalNumberClaim: string;
  /** The e-ID to use at a broker, e.g. `urn:grn:authn:no:bankid:high`. */
  acrValues: string | null;
  scope: string;
  /** Only the local provider speaks plain HTTP. */
  allowHttp: boolean;
}

/**
 * The outside services of sign-in: BankID's RP API, an SMS gateway, an SMTP server and the
 * organisations' OpenID providers. Under `SIGN_IN_SERVICES=simulator` (the default) local
 * simulators of each start in this process and the real clients point at them; under `live`
 * the same clients point at the configured services.
 */
export interface SignInServices {
  mode: 'simulator' | 'live';
  /** The portal's public address (links in e-mails, OpenID redirects). */
  publicUrl: string;
  bankid: { client: BankIdClient; autoStartUrl(autoStartToken: string): string } | null;
  sms: SmsGateway | null;
  mailer: Mailer | null;
  /** The organisation's OpenID settings, from its protected configuration (or the local provider). */
  openId(slug: string, protectedConfiguration: Record<string, unknown>): OpenIdSettings | null;
  /** Only under the simulators: the development pages use them, opened with `devKey` (decision 0019). */
  simulators: { bankid: BankIdSimulator; outbox: Outbox; openId: LocalOpenIdProvider; devKey: string } | null;
  description: string;
  close(): Promise<void>;
}

export type SignInServicesConfig = Pick<
  Config,
  | 'signInServices' | 'dataDir' | 'publicUrl' | 'bankidUrl' | 'bankidClientCert' | 'bankidClientCertPassphrase' | 'bankidCaCert'
  | 'smsUrl' | 'smsUsername' | 'smsPassword' | 'smsFrom' | 'smtpUrl' | 'mailFrom' | 'openIdClientSecrets' | 'devKey'
>;

/** The address the OpenID provider sends a web view back to when the client polls (disablePolling false). */
export const OPENID_RETURN_PATH = openIdReturn.path;

function liveOpenId(secrets: Record<string, string>) {
  return (slug: string, configuration: Record<string, unknown>): OpenIdSettings | null => {
    const openId = configuration.openId as Record<string, unknown> | undefined;
    const secret = secrets[slug];
    if (!openId || typeof openId.issuer !== 'string' || typeof openId.clientId !== 'string' || !secret) return null;
    return {
      issuer: openId.issuer,
      clientId: openId.clientId,
      clientSecret: secret,
      personalNumberClaim: typeof openId.personalNumberClaim === 'string' ? openId.personalNumberClaim : 'nin',
      acrValues: typeof openId.acrValues === 'string' ? openId.acrValues : null,
      scope: typeof openId.scope === 'string' ? openId.scope : 'openid profile',
      allowHttp: false,
    };
  };
}

export async function openSignInServices(
  config: SignInServicesConfig,
  options: { organisations: string[]; testPersons: () => Promise<TestPerson[]> },
): Promise<SignInServices> {
  if (config.signInServices === 'live') {
    const client = new BankIdClient({
      baseUrl: config.bankidUrl,
      tls: { pfx: fs.readFileSync(config.bankidClientCert!), passphrase: config.bankidClientCertPassphrase, ca: fs.readFileSync(config.bankidCaCert!, 'utf8') },
    });
    const mailer = createMailer({ url: config.smtpUrl!, from: config.mailFrom });
    return {
      mode: 'live',
      publicUrl: config.publicUrl,
      bankid: { client, autoStartUrl: (token) => `bankid:///?autostarttoken=${encodeURIComponent(token)}&redirect=null` },
      sms: new ElksSmsClient({ baseUrl: config.smsUrl, username: config.smsUsername!, password: config.smsPassword!, from: config.smsFrom }),
      mailer,
      openId: liveOpenId(config.openIdClientSecrets),
      simulators: null,
      description: `live (BankID ${new URL(config.bankidUrl).host}, SMS ${new URL(config.smsUrl).host}, SMTP ${new URL(config.smtpUrl!).host})`,
      close: async () => {
        client.close();
        mailer.close();
      },
    };
  }

  const outbox = new Outbox();
  const closers: Array<() => Promise<void> | void> = [];
  try {
    const bankid = await createBankIdSimulator({ certificates: loadOrCreateSimulatorCertificates(path.join(config.dataDir, 'bankid-simulator')) });
    closers.push(() => bankid.close());
    const client = new BankIdClient({ baseUrl: bankid.url, tls: bankid.clientTls });
    closers.push(() => client.close());
    const sms = await createSmsSimulator({ outbox });
    closers.push(() => sms.close());
    const smtp = await createSmtpSink({ outbox });
    closers.push(() => smtp.close());
    const mailer = createMailer({ url: smtp.url, from: config.mailFrom });
    closers.push(() => mailer.close());
    const openId = await createLocalOpenIdProvider({
      organisations: options.organisations,
      persons: options.testPersons,
      redirectUris: (slug) => [
        ...portalOrigins(config.publicUrl, slug).map((origin) => `${origin}${LOGIN_PATH}`),
        `${new URL(config.publicUrl).origin}${OPENID_RETURN_PATH}`,
      ],
    });
    closers.push(() => openId.close());
    return {
      mode: 'simulator',
      publicUrl: config.publicUrl,
      // The "test BankID app" page of this server stands in for the app on the same device.
      // On the public address, where the banner's link left the development key's cookie: a path
      // would lead to the organisation's host (solvik.localhost), which has no cookie (404).
      bankid: { client, autoStartUrl: (token) => `${new URL(config.publicUrl).origin}/dev/bankid?autostarttoken=${encodeURIComponent(token)}` },
      sms: new ElksSmsClient({ baseUrl: sms.url, username: sms.username, password: sms.password, from: config.smsFrom }),
      mailer,
      openId: (slug) => {
        const local = openId.client(slug);
        if (!local) return null;
        return { issuer: openId.issuer, clientId: local.clientId, clientSecret: local.clientSecret, personalNumberClaim: openId.personalNumberClaim, acrValues: null, scope: 'openid profile', allowHttp: true };
      },
      simulators: { bankid, outbox, openId, devKey: config.devKey },
      description: `simulators (BankID ${bankid.url}, SMS ${sms.url}, SMTP ${smtp.url}, OpenID ${openId.issuer}); outbox at /dev/outbox with the key`,
      close: async () => {
        for (const close of closers.reverse()) await Promise.resolve(close()).catch(() => {});
      },
    };
  } catch (error) {
    for (const close of closers.reverse()) await Promise.resolve(close()).catch(() => {});
    throw error;
  }
}
