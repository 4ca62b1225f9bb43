// Sends in the background: the request that asks for a mail answers before the SMTP exchange,
// so its timing says nothing about whether a mail went out. Failures are logged, never thrown
// to the caller; close() waits for the sends still in flight.
import type { Logger } from 'pino';
import type { Mailer, MailMessage } from './mailer.ts';

export class MailOutbox {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly mailer: Mailer,
    private readonly log: Logger,
  ) {}

  get kind(): Mailer['kind'] {
    return this.mailer.kind;
  }

  post(message: MailMessage): void {
    const sending = this.mailer
      .send(message)
      .catch((err: unknown) => this.log.error({ err, subject: message.subject }, 'mail not sent'))
      .finally(() => this.inFlight.delete(sending));
    this.inFlight.add(sending);
  }

  /** Resolves once every mail posted so far has been handed over (or failed). */
  async flush(): Promise<void> {
    while (this.inFlight.size) await Promise.all([...this.inFlight]);
  }

  async close(): Promise<void> {
    await this.flush();
    await this.mailer.close();
  }
}
