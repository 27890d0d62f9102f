import path from 'node:path';
import type { Config } from './config.ts';

export interface BannerFacts {
  config: Pick<Config, 'publicUrl' | 'port' | 'defaultOrganisation' | 'databaseUrl' | 'dataDir'>;
  organisations: ReadonlyArray<{ slug: string; name: string }>;
  seconds: string;
  jobs: string | null;
  signIn: { description: string; devKey: string | null };
  demoSignIns: ReadonlyArray<{ username: string; password: string; description: string }>;
  /** The demo's staff for the back office (empty without demo data). */
  demoStaff?: { password: string; people: ReadonlyArray<{ email: string; description: string }> } | null;
  /** Under WORKERS=n (n > 1): the API workers' process ids. */
  workers?: readonly number[] | null;
}

/**
 * What `npm start` prints once the server listens: every address a person may open, the
 * development pages with their key (decision 0019), and the demo sign-ins. A test opens every
 * address in it, so that the first click of a newcomer is tried on every change.
 */
export function startBanner(facts: BannerFacts): string {
  const { config } = facts;
  const devLink = (page: string) => `${config.publicUrl}/dev/${page}?key=${facts.signIn.devKey}`;
  const lines = [
    '',
    `Gridline is running (ready in ${facts.seconds} s).`,
    '',
    `  Portal:    ${config.publicUrl}/  (organisation ${config.defaultOrganisation})`,
    ...facts.organisations.map((o) => `             http://${o.slug}.localhost:${config.port}/  ${o.name}`),
    `  Back office: ${config.publicUrl}/admin/  (staff of ${config.defaultOrganisation}; each organisation's on its own host:)`,
    ...facts.organisations.map((o) => `             http://${o.slug}.localhost:${config.port}/admin/`),
    `  API docs:  ${config.publicUrl}/docs`,
    `  Database:  ${config.databaseUrl ? 'DATABASE_URL' : `embedded PostgreSQL, data in ${path.relative(process.cwd(), config.dataDir) || '.'}`}`,
    `  Jobs:      ${facts.jobs ? `on; market data from ${facts.jobs}` : 'off'}`,
    ...(facts.workers && facts.workers.length > 0
      ? [`  Workers:   ${facts.workers.length} API processes on port ${config.port} (pids ${facts.workers.join(', ')}); this one (pid ${process.pid}) runs PostgreSQL, the jobs and the simulators`]
      : []),
    `  Sign-in:   ${facts.signIn.description}`,
    ...(facts.signIn.devKey
      ? [`             test BankID app ${devLink('bankid')}`, `             outbox          ${devLink('outbox')}`, '             (the key in these links opens the development pages; keep it to yourself)']
      : []),
    '',
    ...(facts.demoSignIns.length > 0
      ? ['  Demo sign-ins, the same in every organisation ("Username and password", /login?method=USR_PWD):', ...facts.demoSignIns.map((s) => `    ${s.username.padEnd(12)} / ${s.password.padEnd(6)}  ${s.description}`), '']
      : []),
    ...(facts.demoStaff && facts.demoStaff.people.length > 0
      ? [`  Demo staff for the back office, password ${facts.demoStaff.password}:`, ...facts.demoStaff.people.map((p) => `    ${p.email.padEnd(28)} ${p.description}`), '']
      : []),
    'Press Ctrl-C to stop.',
    '',
  ];
  return lines.join('\n');
}

/** The addresses in a banner, in the order printed. */
export function bannerAddresses(banner: string): string[] {
  return [...banner.matchAll(/https?:\/\/[^\s)]+/g)].map((m) => m[0]);
}
