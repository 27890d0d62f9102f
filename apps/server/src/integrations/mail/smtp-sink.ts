import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { Outbox } from '../outbox/outbox.ts';
import { parseMail } from './mime.ts';

/**
 * A local SMTP server (package smtp-server) that accepts every message for the development
 * outbox instead of delivering it. Only on 127.0.0.1, without authentication or TLS.
 */
export interface SmtpSink {
  /** For nodemailer: `smtp://127.0.0.1:<port>`. */
  url: string;
  close(): Promise<void>;
}

const MAX_SIZE = 2 * 1024 * 1024;

export async function createSmtpSink(options: { outbox: Outbox; port?: number; host?: string }): Promise<SmtpSink> {
  const server = new SMTPServer({
    name: 'gridline-outbox',
    banner: 'Gridline development outbox: nothing is delivered',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_SIZE,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
          callback(Object.assign(new Error('Message too big'), { responseCode: 552 }));
          return;
        }
        const mail = parseMail(Buffer.concat(chunks).toString('latin1'));
        const envelopeTo = session.envelope.rcptTo.map((r) => r.address).join(', ');
        const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        options.outbox.add({
          kind: 'email',
          from: mail.from || envelopeFrom,
          to: envelopeTo || mail.to,
          subject: mail.subject,
          text: mail.text ?? '',
          html: mail.html,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
