import type { Config } from '../config.ts';
import { EcbClient } from '../integrations/ecb/client.ts';
import { createEcbSimulator } from '../integrations/ecb/simulator.ts';
import { EntsoeClient } from '../integrations/entsoe/client.ts';
import { createEntsoeSimulator } from '../integrations/entsoe/simulator.ts';

export interface MarketSources {
  entsoe: EntsoeClient;
  ecb: EcbClient;
  /** For the start banner: where the data comes from. */
  description: string;
  close(): Promise<void>;
}

const SIMULATOR_TOKEN = 'simulator';

/**
 * The ENTSO-E and ECB clients the jobs use. With MARKET_DATA=simulator (the default) both
 * simulators start in this process on free ports and the clients point at them; with `live` the
 * clients point at ENTSOE_URL (with ENTSOE_TOKEN) and ECB_URL. Either way the clients are the
 * real ones: only their address differs.
 */
export async function openMarketSources(config: Pick<Config, 'marketData' | 'entsoeUrl' | 'entsoeToken' | 'ecbUrl'>): Promise<MarketSources> {
  if (config.marketData === 'live') {
    if (!config.entsoeToken) throw new Error('MARKET_DATA=live needs ENTSOE_TOKEN');
    return {
      entsoe: new EntsoeClient({ baseUrl: config.entsoeUrl, securityToken: config.entsoeToken }),
      ecb: new EcbClient({ baseUrl: config.ecbUrl }),
      description: `live (ENTSO-E ${new URL(config.entsoeUrl).host}, ECB ${new URL(config.ecbUrl).host})`,
      close: async () => {},
    };
  }
  const entsoeSimulator = await createEntsoeSimulator({ validToken: SIMULATOR_TOKEN });
  const ecbSimulator = await createEcbSimulator().catch(async (error: unknown) => {
    await entsoeSimulator.close();
    throw error;
  });
  return {
    entsoe: new EntsoeClient({ baseUrl: entsoeSimulator.url, securityToken: SIMULATOR_TOKEN }),
    ecb: new EcbClient({ baseUrl: ecbSimulator.url }),
    description: `simulators (ENTSO-E ${entsoeSimulator.url}, ECB ${ecbSimulator.url})`,
    close: async () => {
      await Promise.allSettled([entsoeSimulator.close(), ecbSimulator.close()]);
    },
  };
}
