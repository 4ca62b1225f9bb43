// The mail port: one message in, delivered (SMTP) or written to the log (development).

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the message carries: the development adapter logs it, so a developer can follow it. */
  link: string;
}

export interface Mailer {
  /** 'smtp' delivers; 'log' only logs the link (development and tests without SMTP_URL). */
  readonly kind: 'smtp' | 'log';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
