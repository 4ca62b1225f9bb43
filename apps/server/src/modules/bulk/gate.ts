// The passcode gates of /app/bulk, /app/bulk2 (BULK_PASSCODE) and /admin/swaps (ADMIN_TEST_WORD):
// configured secrets, checked here and never sent to the browser. Compared in constant time (on
// SHA-256 digests, so the lengths match too); an unset one means no gate (the role alone opens).
// A right entry earns a grant: an HttpOnly cookie holding its expiry and an HMAC of the gate, the
// expiry and the session's token hash, so it proves the passcode was entered in this session only
// (a new sign-in, or another browser, needs it again). The routes of a gated screen require it.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GateName } from '@visage/contracts';
import { AppError } from '../../http/errors.ts';
import type { CookieNames } from '../auth/cookies.ts';
import { hashToken } from '../auth/tokens.ts';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** How long an entered passcode holds: a working session at the bulk screens, not a standing pass. */
export const GRANT_TTL_MS = 60 * 60 * 1000;

export class Gates {
  private readonly secrets: Record<GateName, Buffer | null>;
  private readonly grantKey: Buffer;

  /** `key`: the server's signing secret; grants use a key derived from it for this purpose only. */
  constructor(
    secrets: { bulk?: string; adminTest?: string },
    key: string,
    private readonly cookies: CookieNames,
  ) {
    this.secrets = {
      bulk: secrets.bulk ? digest(secrets.bulk) : null,
      'admin-test': secrets.adminTest ? digest(secrets.adminTest) : null,
    };
    this.grantKey = createHmac('sha256', key).update('visage passcode grants').digest();
  }

  required(name: GateName): boolean {
    return this.secrets[name] !== null;
  }

  check(name: GateName, value: string): boolean {
    const secret = this.secrets[name];
    if (!secret) return true;
    return timingSafeEqual(secret, digest(value));
  }

  /** The grant's cookie name (the __Host- prefix when the session cookie has it). */
  cookieName(name: GateName): string {
    return `${this.cookies.secure ? '__Host-' : ''}visage_gate_${name}`;
  }

  /** Sets the grant of `name` for the caller's session (after a right entry). */
  issue(req: FastifyRequest, reply: FastifyReply, name: GateName, now = Date.now()): void {
    const session = req.cookies[this.cookies.session];
    if (!this.required(name) || !session) return;
    const expires = now + GRANT_TTL_MS;
    reply.setCookie(this.cookieName(name), `${expires}.${this.sign(name, session, expires)}`, {
      httpOnly: true,
      sameSite: 'strict',
      secure: this.cookies.secure,
      path: '/',
      maxAge: Math.floor(GRANT_TTL_MS / 1000),
    });
  }

  /** True when the gate is unset, or the request carries an unexpired grant of this session. */
  granted(req: FastifyRequest, name: GateName, now = Date.now()): boolean {
    if (!this.required(name)) return true;
    const session = req.cookies[this.cookies.session];
    const [expiresText, signature] = (req.cookies[this.cookieName(name)] ?? '').split('.');
    const expires = Number(expiresText);
    if (!session || !signature || !Number.isSafeInteger(expires) || expires <= now) return false;
    const want = Buffer.from(this.sign(name, session, expires), 'base64url');
    const got = Buffer.from(signature, 'base64url');
    return got.length === want.length && timingSafeEqual(got, want);
  }

  /** 403 passcode_required unless `granted`. */
  assertGranted(req: FastifyRequest, name: GateName): void {
    if (!this.granted(req, name)) throw new AppError(403, 'passcode_required', 'Enter the passcode of this page first.');
  }

  private sign(name: GateName, session: string, expires: number): string {
    return createHmac('sha256', this.grantKey).update(`${name}|${hashToken(session)}|${expires}`).digest('base64url');
  }
}
