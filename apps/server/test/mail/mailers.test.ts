// The mail port's adapters honour one contract: a message handed to send() reaches its reader
// with subject, text, HTML and link intact: the SMTP adapter's through a real SMTP server, the
// development adapter's in the log at info. The outbox sends in the background and survives a
// dead server; the configuration says which adapter runs.
import { createServer, type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino, type Logger } from 'pino';
import { loadConfig, mailMode } from '../../src/config.ts';
import { LogMailer, MailOutbox, SmtpMailer, type Mailer, type MailMessage } from '../../src/infra/mail/index.ts';
import { SmtpInbox } from '../support/smtp-inbox.ts';

let inbox: SmtpInbox;
beforeAll(async () => {
  inbox = await new SmtpInbox().start();
});
afterAll(() => inbox.close());

function logCapture(): { lines: Array<Record<string, unknown>>; log: Logger } {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { lines, log: pino<never>({ level: 'info' }, stream) };
}

/** A port nothing listens on: taken, then released. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

const message = (to: string): MailMessage => ({
  to,
  subject: 'Réinitialisez — test',
  text: 'Bonjour,\n\nhttp://visage.test/reset-password?token=abc_DEF-123\n\nÀ bientôt',
  html: '<p>Bonjour <a href="http://visage.test/reset-password?token=abc_DEF-123">lien</a></p>',
  link: 'http://visage.test/reset-password?token=abc_DEF-123',
});

const adapters: Array<{ name: string; make(): { mailer: Mailer; read(to: string): Promise<{ subject: string; text: string; link: string }> } }> = [
  {
    name: 'smtp',
    make: () => ({
      mailer: new SmtpMailer(inbox.url, 'Visage <no-reply@visage.test>'),
      async read(to) {
        const got = await inbox.waitFor(to);
        expect(got.from).toBe('no-reply@visage.test');
        expect(got.html).toContain('href="http://visage.test/reset-password?token=abc_DEF-123"');
        return { subject: got.subject, text: got.text, link: /http\S+/.exec(got.text)?.[0] ?? '' };
      },
    }),
  },
  {
    name: 'log',
    make: () => {
      const { lines, log } = logCapture();
      return {
        mailer: new LogMailer(log),
        async read(to) {
          const line = lines.find((l) => l.to === to);
          expect(line?.level).toBe(30);
          return { subject: String(line?.subject), text: message(to).text, link: String(line?.link) };
        },
      };
    },
  },
];

describe.each(adapters)('$name mailer', ({ make }) => {
  it('hands over the message: subject, text and link intact', async () => {
    const { mailer, read } = make();
    const to = `contract-${mailer.kind}@example.com`;
    await mailer.send(message(to));
    const got = await read(to);
    expect(got.subject).toBe('Réinitialisez — test');
    expect(got.text).toBe(message(to).text);
    expect(got.link).toBe('http://visage.test/reset-password?token=abc_DEF-123');
    await mailer.close();
  });
});

describe('outbox', () => {
  it('sends in the background, and logs a failure instead of throwing it', async () => {
    const { lines, log } = logCapture();
    const dead = new MailOutbox(new SmtpMailer(`smtp://127.0.0.1:${await closedPort()}`, 'x@visage.test'), log);
    dead.post(message('nobody@example.com'));
    await dead.close();
    expect(lines.find((l) => l.msg === 'mail not sent')?.level).toBe(50);

    const live = new MailOutbox(new SmtpMailer(inbox.url, 'x@visage.test'), log);
    live.post(message('outbox@example.com'));
    await live.flush();
    expect(inbox.to('outbox@example.com')).toHaveLength(1);
    await live.close();
  });
});

describe('configuration', () => {
  it('SMTP when SMTP_URL is set, the log outside production, nothing in production', () => {
    expect(mailMode({ SMTP_URL: 'smtp://mail:25', NODE_ENV: 'production' })).toBe('smtp');
    expect(mailMode({ SMTP_URL: undefined, NODE_ENV: 'development' })).toBe('log');
    expect(mailMode({ SMTP_URL: undefined, NODE_ENV: 'production' })).toBe('off');
  });

  it('refuses SMTP_URL without a sender or a public origin for the links', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail:25', PUBLIC_URL: 'https://v.example' })).toThrow(/MAIL_FROM and PUBLIC_URL are required/);
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail:25', MAIL_FROM: 'a@v.example' })).toThrow(/MAIL_FROM and PUBLIC_URL are required/);
    expect(() => loadConfig({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL/);
  });
});
