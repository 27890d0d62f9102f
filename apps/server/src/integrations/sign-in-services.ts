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
import { createLocalOpenIdProvider, type LocalClient, type LocalOpenIdProvider, type TestPerson } from './oidc/local-provider.ts';
import { Outbox } from './outbox/outbox.ts';
import type { DevPageControls } from './simulator-control.ts';
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
  /**
   * Only where the simulators run in this process (one process, or the tests): the simulators
   * themselves, for tests that act as the user in them.
   */
  simulators: { bankid: BankIdSimulator; outbox: Outbox; openId: LocalOpenIdProvider; devKey: string } | null;
  /**
   * Only under the simulators: what the development pages use, opened with `devKey` (decision
   * 0019). The simulators of this process, or a worker's calls to those of the primary (0032).
   */
  devPages: DevPageControls | null;
  description: string;
  close(): Promise<void>;
}

export type SignInServicesConfig = Pick<
  Config,
  | 'signInServices' | 'dataDir' | 'publicUrl' | 'bankidUrl' | 'bankidClientCert' | 'bankidClientCertPassphrase' | 'bankidCaCert'
  | 'smsUrl' | 'smsUsername' | 'smsPassword' | 'smsFrom' | 'smtpUrl' | 'mailFrom' | 'openIdClientSecrets' | 'devKey'
>;

/**
 * Where the simulators listen and what a client needs to use them: all that a process needs to
 * sign in through simulators that another process runs (the primary, under WORKERS).
 */
export interface SimulatorEndpoints {
  bankid: { url: string; clientTls: { cert: string; key: string; ca: string } };
  sms: { url: string; username: string; password: string };
  smtpUrl: string;
  openId: { issuer: string; personalNumberClaim: string; clients: LocalClient[] };
}

/** The simulators of the sign-in services, listening on free loopback ports of this process. */
export interface RunningSimulators {
  endpoints: SimulatorEndpoints;
  bankid: BankIdSimulator;
  outbox: Outbox;
  openId: LocalOpenIdProvider;
  close(): Promise<void>;
}

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

/** What the start banner says of the sign-in services: the simulators at `endpoints`, or the live ones. */
export function signInDescription(config: Pick<SignInServicesConfig, 'bankidUrl' | 'smsUrl' | 'smtpUrl'>, endpoints: SimulatorEndpoints | null): string {
  if (endpoints) {
    return `simulators (BankID ${endpoints.bankid.url}, SMS ${endpoints.sms.url}, SMTP ${endpoints.smtpUrl}, OpenID ${endpoints.openId.issuer}); outbox at /dev/outbox with the key`;
  }
  return `live (BankID ${new URL(config.bankidUrl).host}, SMS ${new URL(config.smsUrl).host}, SMTP ${new URL(config.smtpUrl ?? 'smtp://unset').host})`;
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
      devPages: null,
      description: signInDescription(config, null),
      close: async () => {
        client.close();
        mailer.close();
      },
    };
  }

  const simulators = await startSimulators(config, options);
  const services = simulatedSignInServices(config, simulators.endpoints, { bankid: simulators.bankid, outbox: simulators.outbox, devKey: config.devKey });
  return {
    ...services,
    simulators: { bankid: simulators.bankid, outbox: simulators.outbox, openId: simulators.openId, devKey: config.devKey },
    close: async () => {
      await services.close();
      await simulators.close();
    },
  };
}

/** Starts the simulators of BankID, the SMS gateway, SMTP and OpenID, sharing one outbox. */
export async function startSimulators(
  config: Pick<SignInServicesConfig, 'dataDir' | 'publicUrl'>,
  options: { organisations: string[]; testPersons: () => Promise<TestPerson[]> },
): Promise<RunningSimulators> {
  const outbox = new Outbox();
  const closers: Array<() => Promise<void> | void> = [];
  const close = async () => {
    for (const closer of closers.reverse()) await Promise.resolve(closer()).catch(() => {});
  };
  try {
    const bankid = await createBankIdSimulator({ certificates: loadOrCreateSimulatorCertificates(path.join(config.dataDir, 'bankid-simulator')) });
    closers.push(() => bankid.close());
    const sms = await createSmsSimulator({ outbox });
    closers.push(() => sms.close());
    const smtp = await createSmtpSink({ outbox });
    closers.push(() => smtp.close());
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
      endpoints: {
        bankid: { url: bankid.url, clientTls: bankid.clientTls },
        sms: { url: sms.url, username: sms.username, password: sms.password },
        smtpUrl: smtp.url,
        openId: { issuer: openId.issuer, personalNumberClaim: openId.personalNumberClaim, clients: openId.clients },
      },
      bankid,
      outbox,
      openId,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * The sign-in services of a process whose clients talk to simulators at `endpoints`: this
 * process's own, or the primary's (a worker under WORKERS, decision 0032). Closing it closes the
 * clients, not the simulators.
 */
export function simulatedSignInServices(config: Pick<SignInServicesConfig, 'publicUrl' | 'mailFrom' | 'smsFrom' | 'bankidUrl' | 'smsUrl' | 'smtpUrl'>, endpoints: SimulatorEndpoints, devPages: DevPageControls): SignInServices {
  const client = new BankIdClient({ baseUrl: endpoints.bankid.url, tls: endpoints.bankid.clientTls });
  const mailer = createMailer({ url: endpoints.smtpUrl, from: config.mailFrom });
  const { openId } = endpoints;
  return {
    mode: 'simulator',
    publicUrl: config.publicUrl,
    // The "test BankID app" page of this server stands in for the app on the same device.
    // On the public address, where the banner's link left the development key's cookie: a path
    // would lead to the organisation's host (solvik.localhost), which has no cookie (404).
    bankid: { client, autoStartUrl: (token) => `${new URL(config.publicUrl).origin}/dev/bankid?autostarttoken=${encodeURIComponent(token)}` },
    sms: new ElksSmsClient({ baseUrl: endpoints.sms.url, username: endpoints.sms.username, password: endpoints.sms.password, from: config.smsFrom }),
    mailer,
    openId: (slug) => {
      const local = openId.clients.find((c) => c.organisation === slug);
      if (!local) return null;
      return { issuer: openId.issuer, clientId: local.clientId, clientSecret: local.clientSecret, personalNumberClaim: openId.personalNumberClaim, acrValues: null, scope: 'openid profile', allowHttp: true };
    },
    simulators: null,
    devPages,
    description: signInDescription(config, endpoints),
    close: async () => {
      client.close();
      mailer.close();
    },
  };
}
