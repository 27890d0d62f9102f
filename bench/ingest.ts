import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { request } from 'undici';
import { exchangeRateLines, spotPriceLines } from '../apps/server/src/demo/market-data.ts';
import { percentile, signIn, type Figure } from './product.ts';

/** The server's own time from its `server-timing: app;dur=…` header, in ms. */
function serverTime(header: string | string[] | undefined): number {
  const match = /dur=([\d.]+)/.exec(String(header ?? ''));
  if (!match) throw new Error('The answer has no server-timing header');
  return Number(match[1]);
}

/** COPY text lines into a table (the demo's market data for the bench's year). */
async function copyLines(db: pg.Client, target: string, lines: Iterable<string>): Promise<void> {
  await pipeline(Readable.from((function* () {
    let chunk = '';
    for (const line of lines) {
      chunk += line;
      if (chunk.length > 1 << 16) {
        yield chunk;
        chunk = '';
      }
    }
    yield chunk;
  })()), db.query(copyFrom(`COPY ${target} FROM STDIN`)));
}

const QUARTER = 15 * 60_000;
const YEAR_START = Date.parse('2024-12-31T23:00:00Z'); // 2025-01-01 in Stockholm

/** Value texts by peak level and step, formatted once: the load generator shares the machine. */
const VALUE_TEXTS = [0.1, 0.25, 0.35].map((peak) => Array.from({ length: 97 }, (_, step) => (peak + step / 1000).toFixed(4)));

/** A deterministic household-like value for a quarter-hour (kWh with 4 decimals). */
function value(service: number, at: number): string {
  const hour = Math.floor(at / 3_600_000) % 24;
  const level = hour >= 16 && hour <= 19 ? 2 : hour >= 6 && hour <= 8 ? 1 : 0;
  return VALUE_TEXTS[level]![(service * 7919 + at / QUARTER) % 97]!;
}

/**
 * The bench's rows (each service's year of quarter-hours) as text chunks of about 64 KB, a row
 * formatted by `line` from its service, ISO instant and value. The load generator shares the
 * machine with the server, so it keeps its own work small: instants from a day's text and a
 * table of quarter-hours rather than a Date per row, for the floor's rows and the API's alike.
 */
function* chunks(services: Array<{ id: string; seq: number }>, days: number, line: (service: { id: string; seq: number }, iso: string, value: string) => string) {
  const times = Array.from({ length: 96 }, (_, q) => `${String(Math.floor(q / 4)).padStart(2, '0')}:${String((q % 4) * 15).padStart(2, '0')}:00Z`);
  let chunk = '';
  for (const service of services) {
    let dayStart = Number.NaN;
    let dayText = '';
    for (let at = YEAR_START, end = YEAR_START + days * 96 * QUARTER; at < end; at += QUARTER) {
      if (!(at - dayStart < 86_400_000)) {
        dayStart = at - (at % 86_400_000);
        dayText = new Date(dayStart).toISOString().slice(0, 11);
      }
      chunk += line(service, dayText + times[(at - dayStart) / QUARTER], value(service.seq, at));
      if (chunk.length > 1 << 16) {
        yield chunk;
        chunk = '';
      }
    }
  }
  yield chunk;
}

/**
 * Ingestion through the API beside the floor of a bare COPY of the same rows into the same table,
 * then the year, month and day views beside the bare roll-up query.
 */
export async function ingestAndViews(base: string, pgUrl: string, serviceCount: number, days: number): Promise<Figure[]> {
  const db = new pg.Client({ connectionString: pgUrl });
  await db.connect();
  try {
    const auth = await signIn(base, 'solvik', 'demo');
    const home = (await (await fetch(`${base}/v4/solvik/users/me`, { headers: { authorization: `Bearer ${auth.accessToken}` } })).json()).data.locations.find((l: { status: string }) => l.status === 'ACTIVE');
    // Services for the bench on the demo home, so the views can be read as its user: quarter-hour
    // electricity on the home's own tariffs, priced at the demo market of 2025 (SE3, SEK).
    const created = await db.query<{ id: string; seq: number }>(
      `INSERT INTO location_services (id, organisation_id, location_id, type, reading_period, properties, provider_site_id)
       SELECT id, $1, $2, 'consumption_trade', '15M', '{}', 'bench-' || id FROM unnest($3::text[]) AS id RETURNING id, seq`,
      [(await db.query('SELECT organisation_id FROM locations WHERE id = $1', [home._id])).rows[0].organisation_id, home._id, Array.from({ length: serviceCount }, () => randomBytes(12).toString('hex'))],
    );
    const services = created.rows;
    await db.query(
      `INSERT INTO service_tariffs (service_seq, valid_from, supply_tariff_id, grid_tariff_id)
       SELECT seq, t.valid_from, t.supply_tariff_id, t.grid_tariff_id FROM unnest($1::int[]) AS seq,
         (SELECT st.* FROM service_tariffs st JOIN location_services s ON s.seq = st.service_seq WHERE s.location_id = $2 AND s.type = 'consumption_trade' ORDER BY st.valid_from LIMIT 1) t`,
      [services.map((s) => s.seq), home._id],
    );
    await copyLines(db, 'spot_prices (zone, interval_start, minutes, price_eur_mwh)', spotPriceLines(['SE3'], '2024-12-31', '2026-01-01'));
    await copyLines(db, 'exchange_rates (day, currency, eur_rate)', exchangeRateLines('2024-12-25', '2026-01-01'));
    const total = serviceCount * days * 96;

    // Floor: COPY the rows straight into readings (no validation, no roll-ups).
    let t0 = performance.now();
    const copy = db.query(copyFrom('COPY readings (service_seq, interval_start, minutes, value) FROM STDIN'));
    await pipeline(Readable.from(chunks(services, days, (service, iso, v) => `${service.seq}\t${iso}\t15\t${v}\n`)), copy);
    const floorSeconds = (performance.now() - t0) / 1000;
    await emptyAgain(db, services.map((s) => s.seq));

    // The same rows through the API, as one streamed NDJSON body.
    const token = await apiToken(db);
    t0 = performance.now();
    const res = await request(`${base}/v4/solvik/ingest/readings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-ndjson' },
      body: Readable.from(chunks(services, days, (service, iso, v) => `{"serviceId":"${service.id}","start":"${iso}","minutes":15,"value":"${v}"}\n`)),
      headersTimeout: 0,
      bodyTimeout: 0,
    });
    if (res.statusCode !== 200) throw new Error(`The ingest answered ${res.statusCode}: ${(await res.body.text()).slice(0, 500)}`);
    const report = (await res.body.json()) as { data: { accepted: number; rejected: number } };
    const apiSeconds = (performance.now() - t0) / 1000;
    const floorRate = total / floorSeconds;
    const cores = availableParallelism();
    const apiRate = report.data.accepted / apiSeconds;

    const figures: Figure[] = [
      { figure: `ingestion floor: bare COPY of ${(total / 1e6).toFixed(2)} M readings`, value: `${Math.round(floorRate).toLocaleString('en')} readings/s`, budget: '(floor)', ok: true },
      {
        figure: 'ingestion through the API (validated, roll-ups kept)',
        value: `${Math.round(apiRate).toLocaleString('en')} readings/s = ${((apiRate / floorRate) * 100).toFixed(0)} % of the floor, ${report.data.rejected} rejected`,
        budget: '≥ 50 % of the floor (issue 3)',
        ok: apiRate >= floorRate / 2 && report.data.rejected === 0,
      },
      {
        // DESIGN.md's figure, shown on its own: 200 000/s per core is 400 000/s on two, more than
        // the bare COPY floor itself has measured on this machine (250 000–420 000/s)
        figure: `  the same per core (${cores} cores, shared with the load generator)`,
        value: `${Math.round(apiRate / cores).toLocaleString('en')} readings/s per core`,
        budget: '≥ 200 000/s per core (DESIGN.md)',
        ok: apiRate / cores >= 200_000,
      },
    ];

    for (const f of figures) console.log(`${f.ok ? 'ok  ' : 'OVER'}  ${f.figure}  ${f.value}   (budget ${f.budget})`);

    // Views of one service: server answer time beside the bare SQL on the roll-ups. A fresh
    // sign-in: a full-size ingestion outlasts the first access token.
    const service = services[0]!;
    const headers = { authorization: `Bearer ${(await signIn(base, 'solvik', 'demo')).accessToken}` };
    // A settled database, as one in service is: otherwise autovacuum of the new rows and the
    // checkpoint after the ingestion run during the first view's rounds, on both sides of the ratio.
    await db.query('VACUUM (ANALYZE) readings, reading_rollups');
    await db.query('CHECKPOINT');
    for (const [unit, key, child, from, to] of [
      ['year', '2025', 'month', '2024-12-31T23:00:00Z', '2025-12-31T23:00:00Z'],
      ['month', '2025-06', 'day', '2025-05-31T22:00:00Z', '2025-06-30T22:00:00Z'],
      ['day', '2025-06-15', 'hour', '2025-06-14T22:00:00Z', '2025-06-15T22:00:00Z'],
    ] as const) {
      const api: number[] = [];
      const bare: number[] = [];
      const related: number[] = [];
      for (let i = 0; i < 60; i++) {
        let t = performance.now();
        // the same figures as the bare query: without the area's weather and the zone's prices
        const answer = await request(`${base}/v4/solvik/locations/${home._id}/data/${unit}/${key}?serviceId=${service.id}&addRelated=false`, { headers });
        const body = (await answer.body.json()) as { data: { value: { cost: { total: number | null } } } };
        if (body.data.value.cost.total === null) throw new Error(`The ${unit} view has no cost: the bench services are not priced`);
        api.push(serverTime(answer.headers['server-timing']));
        const withRelated = await request(`${base}/v4/solvik/locations/${home._id}/data/${unit}/${key}?serviceId=${service.id}`, { headers });
        await withRelated.body.json();
        related.push(serverTime(withRelated.headers['server-timing']));
        t = performance.now();
        await db.query({
          name: `bench-${unit}`,
          text: 'SELECT period_start, period_key, value, cost, certainty, readings, co2, fees, power_cost FROM reading_rollups WHERE service_seq = $1 AND period = $2 AND period_start >= $3 AND period_start < $4 ORDER BY period_start',
          values: [service.seq, child, from, to],
        });
        bare.push(performance.now() - t);
      }
      // the first rounds warm caches and prepare statements
      const [a, b] = [api.slice(10).sort((x, y) => x - y), bare.slice(10).sort((x, y) => x - y)];
      const ratio = percentile(a, 50) / percentile(b, 50);
      figures.push({
        figure: `${unit} view of 15-minute data with cost (${key})`,
        value: `server p50 ${percentile(a, 50).toFixed(2)} ms, bare SQL p50 ${percentile(b, 50).toFixed(2)} ms (${ratio.toFixed(1)}x)`,
        budget: '≤ 2x the bare query',
        ok: ratio <= 2,
      });
      const r = related.slice(10).sort((x, y) => x - y);
      figures.push({
        figure: `  the same with temperature, price and CO2 (addRelated, the portal's call)`,
        value: `server p50 ${percentile(r, 50).toFixed(2)} ms`,
        budget: '(for reference)',
        ok: true,
      });
    }
    return figures;
  } finally {
    await db.end();
  }
}

/**
 * The floor's rows removed, so that the API's run starts where the floor's did. With the table
 * holding nothing else (the bench runs without demo readings), it is emptied as it was: a DELETE
 * alone would leave the floor's rows dead in the index under the very keys the API then writes
 * (each insert would visit them), and a VACUUM after it would hand the API the freed pages, each
 * logged whole at its first write after a checkpoint, where the floor had new ones.
 */
async function emptyAgain(db: pg.Client, seqs: number[]): Promise<void> {
  const others = await db.query(
    'SELECT 1 FROM location_services s WHERE NOT (s.seq = ANY ($1::int[])) AND EXISTS (SELECT 1 FROM readings r WHERE r.service_seq = s.seq) LIMIT 1',
    [seqs],
  );
  if (others.rowCount === 0) await db.query('TRUNCATE readings');
  else {
    await db.query('DELETE FROM readings WHERE service_seq = ANY ($1::int[])', [seqs]);
    await db.query('VACUUM readings');
  }
}

/** A token with the syncAccount scope, made the way `npm run token:create` makes one. */
async function apiToken(db: pg.Client): Promise<string> {
  const { createHash } = await import('node:crypto');
  const token = `glt_${randomBytes(32).toString('base64url')}`;
  await db.query(
    `INSERT INTO api_tokens (id, organisation_id, name, token_scopes, token_hash, issued_by)
     SELECT $1, id, 'bench', ARRAY['syncAccount'], $2, 'bench' FROM organisations WHERE slug = 'solvik'`,
    [randomBytes(12).toString('hex'), createHash('sha256').update(token).digest('hex')],
  );
  return token;
}
