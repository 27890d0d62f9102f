import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './database.ts';

/** A parameter's stand-in while the statement is compiled: text no caller's value can be. */
const SLOT = '\u0000gridline-parameter:';

type Slot = { name: string } | { value: unknown };

/**
 * A read that is built with Kysely and compiled once, then run with new values (decision 0031):
 * building and compiling a statement cost the API more CPU than PostgreSQL spends executing it
 * (the driver already prepares it once per connection, `PreparingClient`). `build` receives
 * stand-ins for the named parameters and must use each one only as a value (`where`, `limit`):
 * one used in arithmetic or as SQL text would not survive, and is refused at the first call.
 * A statement whose shape depends on a value (`$if`) is one prepared read per shape.
 *
 * The rows are Kysely's output type of the built query, exactly as `execute()` would give them.
 */
export function prepared<P extends Record<string, unknown>, O>(db: Db, build: (params: P) => Compilable<O>): (values: P) => Promise<O[]> {
  let compiled: { sql: string; slots: Slot[]; query: CompiledQuery['query']; queryId: CompiledQuery['queryId'] } | undefined;
  return async (values) => {
    compiled ??= compile(build, Object.keys(values));
    const parameters = compiled.slots.map((slot) => ('name' in slot ? values[slot.name] : slot.value));
    const result = await db.executeQuery<O>({ sql: compiled.sql, parameters, query: compiled.query, queryId: compiled.queryId });
    return result.rows;
  };
}

function compile<P extends Record<string, unknown>, O>(build: (params: P) => Compilable<O>, names: string[]) {
  const stand = Object.fromEntries(names.map((name) => [name, `${SLOT}${name}`])) as P;
  const query = build(stand).compile();
  const used = new Set<string>();
  const slots = query.parameters.map((value): Slot => {
    if (typeof value === 'string' && value.startsWith(SLOT)) {
      const name = value.slice(SLOT.length);
      used.add(name);
      return { name };
    }
    return { value };
  });
  const lost = names.filter((name) => !used.has(name));
  if (query.sql.includes(SLOT) || lost.length > 0) {
    throw new Error(`A prepared read used ${lost.join(', ') || 'a parameter'} other than as a value: give it its own parameter (${query.sql.slice(0, 120)}…)`);
  }
  return { sql: query.sql, slots, query: query.query, queryId: query.queryId };
}
