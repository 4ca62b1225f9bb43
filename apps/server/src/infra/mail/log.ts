// Development without SMTP_URL: nothing is sent; the link of each message is logged at info,
// so the developer can follow it.
import type { Logger } from 'pino';
import type { Mailer, MailMessage } from './mailer.ts';

export class LogMailer implements Mailer {
  readonly kind = 'log';

  constructor(private readonly log: Logger) {}

  async send(message: MailMessage): Promise<void> {
    this.log.info({ to: message.to, subject: message.subject, link: message.link }, 'mail not sent (no SMTP_URL): its link');
  }

  async close(): Promise<void> {}
}
