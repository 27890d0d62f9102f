import fs from 'node:fs';
import Fastify from 'fastify';

/**
 * The load floor (issue 15): the project's own Fastify in a process of its own, answering the
 * dashboard's paths with the very bytes Gridline answered, after a bearer check and nothing else.
 * Gridline's figure is read against it, so that a slower or busier machine moves both.
 *
 * Started by bench/dashboard.ts as `node bench/bare-server.ts <answers.json>`; prints `listening`
 * once it answers.
 */
interface Answers {
  port: number;
  answers: Array<{ path: string; token: string; contentType: string; body: string }>;
}

const { port, answers } = JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as Answers;
const app = Fastify({ logger: false });
// Each path's answer by bearer header (every customer calls paths of their own).
const byPath = new Map<string, Map<string, { contentType: string; body: Buffer }>>();
for (const answer of answers) {
  const route = answer.path.split('?')[0]!;
  if (!byPath.has(route)) {
    const tokens = new Map<string, { contentType: string; body: Buffer }>();
    byPath.set(route, tokens);
    app.get(route, (request, reply) => {
      const found = tokens.get(request.headers.authorization ?? '');
      if (!found) return reply.status(401).send({ name: 'UNAUTHORIZED' });
      return reply.type(found.contentType).send(found.body);
    });
  }
  byPath.get(route)!.set(`Bearer ${answer.token}`, { contentType: answer.contentType, body: Buffer.from(answer.body) });
}
await app.listen({ port, host: '127.0.0.1' });
console.log('listening');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
