import type { IncomingHttpHeaders } from 'node:http';
import type { Money } from '@prism/domain';
import type { GatewayRefund } from './refunds';
import { createSandboxGateway, type SandboxRefunds } from './sandboxGateway';

/**
 * A payment gateway adapter. CASH recharge knows gateways only through this
 * interface: a pay channel (pay_channels.gateway) names the adapter, the order
 * flow asks it for a payment URL, and the callback route asks it whether a
 * notification is genuine. Crediting is never the adapter's business: the
 * recharge module credits exactly once, whatever the adapter says how often.
 */
export interface PaymentGateway {
  /** The value of pay_channels.gateway and of :gateway in /core/pay/callback/:gateway. */
  readonly name: string;
  /** Play money (docs/decisions.md, "Play money by default"): the app says "demo" wherever this gateway takes money. */
  readonly demo: boolean;
  /**
   * Registers the order with the gateway and returns where the user pays it.
   * Called outside any database transaction, possibly more than once for one
   * order (a retried request): it must be idempotent on `order.orderNo`.
   */
  createPayment(order: GatewayOrder, context: PaymentContext): Promise<{ payUrl: string }>;
  /**
   * Checks a callback over its exact raw bytes and reads it. Answers undefined
   * when the notification is not provably from the gateway (bad or missing
   * signature, unreadable body): the route then refuses it and changes nothing.
   */
  verifyCallback(rawBody: Buffer, headers: IncomingHttpHeaders): GatewayCallback | undefined | Promise<GatewayCallback | undefined>;
  /**
   * Pays back an order the operator decided not to credit (a money exception). Idempotent on
   * `request.key`; answers the gateway's refund reference. An adapter whose gateway has no refund
   * API throws AppError('REFUND_UNAVAILABLE') (the operator then refunds by hand).
   */
  refund(request: GatewayRefund): Promise<{ refundRef: string }>;
}

export interface GatewayOrder {
  orderNo: string;
  amount: Money;
  currency: string;
  userId: number;
}

/** Where the gateway should notify us and where it should send the user back (from PUBLIC_URL). */
export interface PaymentContext {
  callbackUrl: string;
  returnUrl: string;
}

export interface GatewayCallback {
  orderNo: string;
  paidAmount: Money;
  status: 'SUCCESS' | 'FAILED';
  gatewayRef: string;
}

export type GatewayRegistry = ReadonlyMap<string, PaymentGateway>;

/**
 * Every adapter this server can use, by name. The sandbox is there in play-money
 * mode only (PLAY_MONEY: the default outside production): a pay channel whose
 * adapter is missing is not offered and its callbacks are refused. A real gateway
 * is added here, built from its own settings; see docs/money-in.md.
 */
export function createGatewayRegistry(
  secret: string,
  extra: readonly PaymentGateway[] = [],
  { sandbox, refunds }: { sandbox: boolean; refunds?: SandboxRefunds } = { sandbox: true },
): GatewayRegistry {
  const gateways = [...(sandbox ? [createSandboxGateway(secret, refunds)] : []), ...extra];
  return new Map(gateways.map((gateway) => [gateway.name, gateway]));
}
