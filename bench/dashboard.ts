import { Agent, request } from 'undici';
import { percentile, signIn, type Figure } from './product.ts';

/** The calls the dashboard makes after sign-in, from many connections at once. */
export async function dashboardLoad(base: string, connections: number, seconds: number): Promise<Figure> {
  const auth = await signIn(base, 'solvik', 'demo');
  const headers = { authorization: `Bearer ${auth.accessToken}` };
  const paths = ['/v4/solvik/users/me', `/v4/solvik/locations/accounts/${auth.accountId}`, `/v4/solvik/invoices/accounts/${auth.accountId}/invoices?limit=24`];
  const agent = new Agent({ connections, pipelining: 1 });
  const latencies: number[] = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async (_, n) => {
      let i = n;
      while (performance.now() < until) {
        const t0 = performance.now();
        const res = await request(`${base}${paths[i++ % paths.length]}`, { headers, dispatcher: agent });
        await res.body.dump();
        if (res.statusCode !== 200) errors++;
        latencies.push(performance.now() - t0);
      }
    }),
  );
  await agent.close();
  latencies.sort((a, b) => a - b);
  const p95 = percentile(latencies, 95);
  return {
    figure: `dashboard calls, ${connections} connections, ${seconds} s`,
    value: `${Math.round(latencies.length / seconds)} req/s, p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, ${errors} errors`,
    budget: 'p95 < 50 ms',
    ok: p95 < 50 && errors === 0,
  };
}
