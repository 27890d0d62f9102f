import nodemailer, { type Transporter } from 'nodemailer';

/**
 * Sends e-mail through nodemailer over SMTP: to the provider's mail server in production
 * (`SMTP_URL`), to the local SMTP server (`smtp-sink.ts`) under the simulators.
 */
export interface Mailer {
  send(message: { to: string; subject: string; text: string; html: string }): Promise<{ messageId: string }>;
  close(): void;
}

export function createMailer(options: { url: string; from: string }): Mailer {
  const transport: Transporter = nodemailer.createTransport(options.url);
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      return { messageId: String(info.messageId) };
    },
    close: () => transport.close(),
  };
}
