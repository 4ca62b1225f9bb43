// The mailer the configuration asks for: SMTP with SMTP_URL, the log in development, none in
// production without SMTP_URL (what needs a mail is then refused).
import type { Logger } from 'pino';
import { mailMode, type Config } from '../../config.ts';
import { LogMailer } from './log.ts';
import type { Mailer } from './mailer.ts';
import { MailOutbox } from './outbox.ts';
import { SmtpMailer } from './smtp.ts';

export type { Mailer, MailMessage } from './mailer.ts';
export { LogMailer } from './log.ts';
export { MailOutbox } from './outbox.ts';
export { SmtpMailer } from './smtp.ts';

export function createMailer(config: Config, log: Logger): Mailer | null {
  const mode = mailMode(config);
  if (mode === 'smtp') return new SmtpMailer(config.SMTP_URL ?? '', config.MAIL_FROM ?? '');
  return mode === 'log' ? new LogMailer(log) : null;
}

/** The outbox over the configured mailer, or null when mail is off. */
export function createOutbox(config: Config, log: Logger): MailOutbox | null {
  const mailer = createMailer(config, log);
  return mailer ? new MailOutbox(mailer, log) : null;
}
