import type { Config } from './config.ts';
import { portalOrigins } from './modules/auth/portal-origin.ts';
import { devPageUrl } from './plugins/dev-key.ts';

/**
 * The addresses the start-up banner prints: a newcomer's first clicks. Kept apart from the
 * printing, so that a test opens every one of them (banner.api.test.ts).
 */
export interface BannerAddresses {
  portal: string;
  /** Each organisation's portal on its own host (decision 0004). */
  organisations: Array<{ url: string; name: string }>;
  docs: string;
  /** The development pages with their key (decision 0019), while the simulators run. */
  dev: { bankid: string; outbox: string } | null;
}

export function bannerAddresses(
  config: Pick<Config, 'publicUrl' | 'devKey'>,
  organisations: Array<{ slug: string; name: string }>,
  simulators: boolean,
): BannerAddresses {
  const origin = new URL(config.publicUrl).origin;
  return {
    portal: `${origin}/`,
    organisations: organisations.map((o) => ({ url: `${portalOrigins(config.publicUrl, o.slug)[1]}/`, name: o.name })),
    docs: `${origin}/docs`,
    dev: simulators ? { bankid: devPageUrl(origin, '/dev/bankid', config.devKey), outbox: devPageUrl(origin, '/dev/outbox', config.devKey) } : null,
  };
}

/** Every address of the banner, in the order printed. */
export function allBannerAddresses(addresses: BannerAddresses): string[] {
  return [addresses.portal, ...addresses.organisations.map((o) => o.url), addresses.docs, ...(addresses.dev ? [addresses.dev.bankid, addresses.dev.outbox] : [])];
}
