/**
 * The environment the portal runs in, read from the host name (spec 000 §9, spec 001 §9): the
 * frame addresses (split invoice) and sign-out addresses differ between production and the rest.
 *
 * - local: localhost, `*.localhost` (the demo's `solvik.localhost`), 127.0.0.1, ::1
 * - staging: a label `stage` or `staging`, or one that starts or ends with it (`stage-portal`,
 *   `solvik-staging`)
 * - develop: likewise `dev` or `develop`
 * - production: anything else
 */
export type Environment = 'local' | 'develop' | 'staging' | 'production';

const labelled = (labels: readonly string[], words: readonly string[]) =>
  labels.some((label) => words.some((word) => label === word || label.startsWith(`${word}-`) || label.endsWith(`-${word}`)));

export function environmentFromHost(hostname: string): Environment {
  const host = hostname.trim().toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host === '127.0.0.1' || host === '::1' || host === '[::1]') return 'local';
  const labels = host.split('.');
  if (labelled(labels, ['stage', 'staging'])) return 'staging';
  if (labelled(labels, ['dev', 'develop'])) return 'develop';
  return 'production';
}

/** The environment of this page. */
export const currentEnvironment = (): Environment => environmentFromHost(window.location.hostname);
