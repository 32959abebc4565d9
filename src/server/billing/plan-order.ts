import type { PaymentRow } from '../wallet/payment-repository';

/** Who asked for the change: its audit entry names them when the payment arrives. */
interface OrderActor {
  userId: string;
  username: string;
}

/**
 * What a plan payment pays for (kept with the payment, `wallet_payments.plan_order`): applied once,
 * when the payment succeeds (docs/decisions/024); a payment from the wallet is applied in the
 * transaction that takes it (docs/decisions/040). `label` is what Stripe shows the customer.
 * A purchase's `paymentMethod` is how its renewals are paid: 'wallet', else the saved card.
 */
export type PlanOrder =
  | {
      kind: 'purchase';
      planId: string;
      subscriptionId: string;
      paymentMethod: string;
      label: string;
      actor: OrderActor;
    }
  | {
      kind: 'upgrade';
      subscriptionId: string;
      fromPlanId: string;
      toPlanId: string;
      periodStart: string;
      chargeKey: string;
      description: string;
      label: string;
      actor: OrderActor;
    }
  /** attempt: 0 (or absent) for the renewal itself, n for its n-th retry (renewal-retries.ts). */
  | { kind: 'renewal'; subscriptionId: string; chargeKey: string; label: string; attempt?: number };

export const orderOf = (payment: Pick<PaymentRow, 'planOrder'>) => payment.planOrder as PlanOrder;

/** The charge an order's payment becomes (the invoice's line): a purchase's is keyed by its subscription. */
export function chargeKeyOf(order: PlanOrder): string {
  return order.kind === 'purchase' ? `purchase:${order.subscriptionId}` : order.chargeKey;
}
