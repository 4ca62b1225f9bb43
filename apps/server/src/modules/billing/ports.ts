// What billing needs from Stripe, so that the service holds the rules and the SDK stays in
// infra/stripe. Amounts of time here are epoch ms.
export interface StripeSubscriptionView {
  id: string;
  customer: string;
  status: string;
  created: number;
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  /** Price ids of its items. */
  priceIds: string[];
  metadataUid: string | null;
}

export interface StripeInvoiceView {
  id: string;
  customer: string;
  created: number;
  status: string | null;
}

/** A verified webhook event, reduced to what the rules read. */
export interface BillingEvent {
  id: string;
  type: string;
  /** Event creation (ms). */
  created: number;
  subscription?: StripeSubscriptionView;
  invoice?: StripeInvoiceView;
  checkout?: { customer: string | null; uid: string | null; subscriptionId: string | null };
  /** customer.* events: the customer's id. */
  customer?: string;
}

export interface StripeGateway {
  createCustomer(input: { uid: string; email: string; name: string }): Promise<string>;
  createCheckoutSession(input: { customer: string; uid: string; priceId: string; successUrl: string; cancelUrl: string }): Promise<string>;
  createPortalSession(input: { customer: string; returnUrl: string }): Promise<string>;
  retrieveSubscription(id: string): Promise<StripeSubscriptionView>;
  cancelSubscription(id: string): Promise<StripeSubscriptionView>;
  /** Deletes the customer (and with it what Stripe holds of the person); one already gone counts as deleted. */
  deleteCustomer(id: string): Promise<void>;
  /** Verifies the signature on the raw body (tolerance in seconds); throws when it does not hold. */
  verifyEvent(rawBody: Buffer, signature: string, toleranceSeconds: number): BillingEvent;
}
