import {
  DeploymentEnvironment,
  SyncTargetEnvironment,
  type DeploymentEnvironment as Environment,
  type SyncTargetEnvironment as Target,
} from '@gridline/contracts/environment-sync';

/**
 * Which environment an installation is, from its public host name (spec 001 §9): a loopback
 * host is local; a name with `staging` or `develop`/`dev` as a label, or starting a label, is that
 * environment; anything else is production. `ENVIRONMENT` overrides it.
 */
export function environmentOfUrl(publicUrl: string): Environment {
  const host = new URL(publicUrl).hostname.toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host)) return 'local';
  const labels = host.split('.');
  if (labels.some((l) => l === 'staging' || l.startsWith('staging-') || l.endsWith('-staging'))) return 'staging';
  if (labels.some((l) => l === 'develop' || l === 'dev' || l.startsWith('develop-') || l.startsWith('dev-') || l.endsWith('-develop') || l.endsWith('-dev')))
    return 'develop';
  return 'production';
}

function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * `SYNC_TARGETS`: `staging=https://staging.example.com,develop=https://dev.example.com`. Only
 * these addresses are ever sent settings or secrets (a request names an environment, never an
 * address). https, or http to this machine (a second installation for local work). Throws a
 * message naming what is wrong.
 */
export function parseSyncTargets(text: string): Partial<Record<Target, string>> {
  const targets: Partial<Record<Target, string>> = {};
  for (const entry of text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const at = entry.indexOf('=');
    const name = SyncTargetEnvironment.safeParse(at > 0 ? entry.slice(0, at).trim() : '');
    if (!name.success) throw new Error(`"${entry}": name a target as local, staging or develop, then = and its address`);
    if (targets[name.data]) throw new Error(`${name.data} is named twice`);
    let url: URL;
    try {
      url = new URL(entry.slice(at + 1).trim());
    } catch {
      throw new Error(`${name.data}: not an address`);
    }
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname)))
      throw new Error(`${name.data}: settings and secrets travel over https only (http only to this machine)`);
    if (url.username || url.password || url.search || url.hash)
      throw new Error(`${name.data}: the address is a base address without credentials, query or fragment`);
    targets[name.data] = url.origin + url.pathname.replace(/\/+$/, '');
  }
  return targets;
}

export const parseEnvironment = (text: string): Environment => DeploymentEnvironment.parse(text);
