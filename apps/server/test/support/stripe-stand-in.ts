// A small local stand-in for the few Stripe endpoints billing uses (customers create/delete,
// Checkout and portal sessions, subscriptions retrieve/cancel), so the real `stripe` SDK runs offline. It
// also plays Stripe's side of a payment: completeCheckout() creates the subscription and
// deliver() sends webhook events signed with the SDK's own test header helper. Its /checkout
// and /portal pages let a browser walk the flow (e2e).
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

const DAY_S = 86_400;
const sdk = new Stripe('sk_test_stand_in');
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const nowS = () => Math.floor(Date.now() / 1000);

export interface StandInSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  created: number;
  cancel_at_period_end: boolean;
  metadata: Record<string, string>;
  items: { object: 'list'; data: { id: string; object: 'subscription_item'; price: { id: string; object: 'price' }; current_period_start: number; current_period_end: number }[] };
}

interface Session {
  id: string;
  object: 'checkout.session';
  url: string;
  customer: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  mode: string;
  price: string;
  subscription: string | null;
  success_url: string;
  cancel_url: string;
  status: 'open' | 'complete';
}

export interface StandInEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  api_version: string;
  data: { object: unknown };
}

export interface DeliverOptions {
  /** Signature timestamp in seconds (default now). */
  timestamp?: number;
  /** Sign with another secret (a bad signature). */
  secret?: string;
}

export class StripeStandIn {
  readonly customers = new Map<string, { id: string; object: 'customer'; email: string; metadata: Record<string, string> }>();
  readonly sessions = new Map<string, Session>();
  readonly subscriptions = new Map<string, StandInSubscription>();
  readonly portalSessions = new Map<string, { id: string; customer: string; return_url: string; url: string }>();
  /** Every API call received: method and path. */
  readonly calls: string[] = [];
  /** Calls ("DELETE /v1/subscriptions/sub_…") answered with a Stripe error while this says so: an outage or a refusal. */
  refuse: ((call: string) => boolean) | null = null;
  private readonly idempotent = new Map<string, unknown>();
  private server: Server | null = null;
  url = '';
  /** Where deliver() posts events (the app's /app/api/billing/webhook). */
  webhookUrl = '';

  constructor(readonly webhookSecret: string) {}

  async start(port = 0): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res).catch((err: unknown) => send(res, 500, { error: { message: String(err) } })));
    await new Promise<void>((done) => this.server?.listen(port, '127.0.0.1', () => done()));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    await new Promise<void>((done) => (this.server ? this.server.close(() => done()) : done()));
    this.server?.closeAllConnections();
  }

  /** Stripe's side of a successful payment: the subscription, then its events (not yet delivered). */
  completeCheckout(sessionId: string): { subscription: StandInSubscription; events: StandInEvent[] } {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    const subscription = this.createSubscription(session.customer, session.price, { ...session.metadata });
    session.subscription = subscription.id;
    session.status = 'complete';
    const invoice = { id: newId('in'), object: 'invoice', customer: session.customer, created: nowS(), status: 'paid' };
    return {
      subscription,
      events: [
        this.event('customer.subscription.created', subscription),
        this.event('invoice.paid', invoice),
        this.event('checkout.session.completed', { ...session, object: 'checkout.session' }),
      ],
    };
  }

  createSubscription(customer: string, price: string, metadata: Record<string, string>, status = 'active'): StandInSubscription {
    const t = nowS();
    const sub: StandInSubscription = {
      id: newId('sub'),
      object: 'subscription',
      customer,
      status,
      created: t,
      cancel_at_period_end: false,
      metadata,
      items: { object: 'list', data: [{ id: newId('si'), object: 'subscription_item', price: { id: price, object: 'price' }, current_period_start: t, current_period_end: t + 30 * DAY_S }] },
    };
    this.subscriptions.set(sub.id, sub);
    return sub;
  }

  /** An event carrying a snapshot (a deep copy) of `object`; `created` in seconds. */
  event(type: string, object: unknown, created = nowS()): StandInEvent {
    return { id: newId('evt'), object: 'event', type, created, api_version: '2026-10-28.endive', data: { object: structuredClone(object) } };
  }

  /** The event's JSON body and its Stripe-Signature header. */
  signed(event: StandInEvent, opts: DeliverOptions = {}): { payload: string; header: string } {
    const payload = JSON.stringify(event);
    return { payload, header: sdk.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? this.webhookSecret, timestamp: opts.timestamp ?? nowS() }) };
  }

  /** Posts the event to webhookUrl, signed; answers the HTTP status and body. */
  async deliver(event: StandInEvent, opts: DeliverOptions = {}): Promise<{ status: number; body: unknown }> {
    const { payload, header } = this.signed(event, opts);
    const res = await fetch(this.webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: payload });
    return { status: res.status, body: await res.json().catch(() => null) };
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const form = new URLSearchParams(await readBody(req));
    const path = url.pathname;
    if (path.startsWith('/v1/')) this.calls.push(`${req.method} ${path}`);
    if (this.refuse?.(`${req.method} ${path}`)) return send(res, 400, { error: { type: 'invalid_request_error', message: 'Refused by the stand-in.' } });
    const key = req.headers['idempotency-key'];
    if (typeof key === 'string' && req.method === 'POST' && this.idempotent.has(key)) return send(res, 200, this.idempotent.get(key));
    const answer = (body: unknown) => {
      if (typeof key === 'string' && req.method === 'POST') this.idempotent.set(key, body);
      send(res, 200, body);
    };
    let m: RegExpMatchArray | null;

    if (req.method === 'POST' && path === '/v1/customers') {
      const c = { id: newId('cus'), object: 'customer' as const, email: form.get('email') ?? '', metadata: { uid: form.get('metadata[uid]') ?? '' } };
      this.customers.set(c.id, c);
      return answer(c);
    }
    if (req.method === 'DELETE' && (m = path.match(/^\/v1\/customers\/(\w+)$/))) {
      const id = m[1] ?? '';
      if (!this.customers.delete(id)) return send(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such customer: '${id}'` } });
      // As Stripe does: deleting a customer cancels its subscriptions at once.
      for (const sub of this.subscriptions.values()) if (sub.customer === id) sub.status = 'canceled';
      return answer({ id, object: 'customer', deleted: true });
    }
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const customer = form.get('customer') ?? '';
      if (!this.customers.has(customer)) return send(res, 400, { error: { type: 'invalid_request_error', message: `No such customer: '${customer}'` } });
      const id = newId('cs');
      const s: Session = {
        id,
        object: 'checkout.session',
        url: `${this.url}/checkout/${id}`,
        customer,
        client_reference_id: form.get('client_reference_id'),
        metadata: { uid: form.get('subscription_data[metadata][uid]') ?? '' },
        mode: form.get('mode') ?? '',
        price: form.get('line_items[0][price]') ?? '',
        subscription: null,
        success_url: form.get('success_url') ?? '',
        cancel_url: form.get('cancel_url') ?? '',
        status: 'open',
      };
      this.sessions.set(id, s);
      return answer(s);
    }
    if (req.method === 'POST' && path === '/v1/billing_portal/sessions') {
      const customer = form.get('customer') ?? '';
      if (!this.customers.has(customer)) return send(res, 400, { error: { type: 'invalid_request_error', message: `No such customer: '${customer}'` } });
      const id = newId('bps');
      const s = { id, object: 'billing_portal.session', customer, return_url: form.get('return_url') ?? '', url: `${this.url}/portal/${id}` };
      this.portalSessions.set(id, s);
      return answer(s);
    }
    if ((m = path.match(/^\/v1\/subscriptions\/([\w]+)$/))) {
      const sub = this.subscriptions.get(m[1] ?? '');
      if (!sub) return send(res, 404, { error: { type: 'invalid_request_error', message: 'No such subscription' } });
      if (req.method === 'DELETE') sub.status = 'canceled';
      return answer(sub);
    }
    // Browser pages: a one-button Checkout and a portal that leads back.
    if (req.method === 'GET' && (m = path.match(/^\/checkout\/(\w+)$/))) {
      const s = this.sessions.get(m[1] ?? '');
      if (!s) return send(res, 404, { error: { message: 'No such session' } });
      return html(res, `<h1>Stand-in Checkout</h1><p>Price ${s.price}</p><form method="post" action="/checkout/${s.id}/pay"><button type="submit">Pay</button></form><a href="${s.cancel_url}">Back</a>`);
    }
    if (req.method === 'POST' && (m = path.match(/^\/checkout\/(\w+)\/pay$/))) {
      const s = this.sessions.get(m[1] ?? '');
      if (!s) return send(res, 404, { error: { message: 'No such session' } });
      const { events } = this.completeCheckout(s.id);
      for (const e of events) await this.deliver(e);
      res.writeHead(303, { location: s.success_url }).end();
      return;
    }
    if (req.method === 'GET' && (m = path.match(/^\/portal\/(\w+)$/))) {
      const s = this.portalSessions.get(m[1] ?? '');
      if (!s) return send(res, 404, { error: { message: 'No such session' } });
      return html(res, `<h1>Stand-in customer portal</h1><p data-customer="${s.customer}">${s.customer}</p><a href="${s.return_url}">Return</a>`);
    }
    send(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` } });
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => done(Buffer.concat(chunks).toString('utf8')));
    req.on('error', fail);
  });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') }).end(JSON.stringify(body));
}

function html(res: ServerResponse, body: string): void {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html><body>${body}</body></html>`);
}
