import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError, formatMoney, type Money, parseMoney } from '@prism/domain';
import type { GatewayCallback, PaymentGateway } from './gateway';
import type { GatewayRefund } from './refunds';

/** The built-in play-money gateway (docs/decisions.md, "Play money by default"): its "payment page" is served by this server. */
export const SANDBOX_GATEWAY = 'sandbox';
export const SANDBOX_SIGNATURE_HEADER = 'X-Sandbox-Signature';

/** Order numbers as this module makes them ('R' + yyyymmdd + random); also what the sandbox accepts. */
export const ORDER_NO_FORMAT = /^R\d{8}[A-Z0-9]{6,24}$/;

/**
 * The sandbox's signing key, derived from the server secret so that nothing
 * extra has to be configured and the key never equals a key used elsewhere.
 */
export function sandboxKey(serverSecret: string): Buffer {
  return createHmac('sha256', serverSecret).update('sandbox-gateway').digest();
}

export function signSandboxBody(serverSecret: string, rawBody: string | Buffer): string {
  return createHmac('sha256', sandboxKey(serverSecret)).update(rawBody).digest('hex');
}

/** The callback the sandbox "gateway" posts, as exact bytes: the signature covers them, not a re-serialisation. */
export function sandboxCallbackBody(input: {
  orderNo: string;
  paidAmount: Money;
  status: 'SUCCESS' | 'FAILED';
  gatewayRef: string;
  timestamp: number;
}): string {
  return JSON.stringify({ ...input, paidAmount: formatMoney(input.paidAmount) });
}

/** Where the sandbox writes the refunds it "pays" (recharge/refunds.ts recordSandboxRefund). */
export type SandboxRefunds = (request: GatewayRefund) => Promise<{ refundRef: string }>;

export function createSandboxGateway(serverSecret: string, refunds?: SandboxRefunds): PaymentGateway {
  return {
    name: SANDBOX_GATEWAY,
    async refund(request) {
      if (!refunds) throw new AppError('REFUND_UNAVAILABLE');
      return refunds(request);
    },
    demo: true,
    // The sandbox keeps no state of its own: the page reads the order from our database.
    createPayment: async (order) => ({ payUrl: `/core/pay/sandbox/${order.orderNo}` }),
    verifyCallback(rawBody, headers) {
      const given = headers[SANDBOX_SIGNATURE_HEADER.toLowerCase()];
      if (typeof given !== 'string' || !/^[0-9a-f]{64}$/.test(given)) return undefined;
      const expected = Buffer.from(signSandboxBody(serverSecret, rawBody), 'hex');
      if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) return undefined;
      return readCallback(rawBody);
    },
  };
}

/** The signed body's fields, checked; a signed but malformed body is refused like a forged one. */
function readCallback(rawBody: Buffer): GatewayCallback | undefined {
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return undefined;
  }
  if (!body || typeof body !== 'object') return undefined;
  const { orderNo, paidAmount, status, gatewayRef } = body as Record<string, unknown>;
  if (typeof orderNo !== 'string' || !ORDER_NO_FORMAT.test(orderNo)) return undefined;
  if (status !== 'SUCCESS' && status !== 'FAILED') return undefined;
  if (typeof gatewayRef !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(gatewayRef)) return undefined;
  const amount = typeof paidAmount === 'string' ? parseMoney(paidAmount) : undefined;
  if (!amount?.ok) return undefined;
  return { orderNo, paidAmount: amount.value, status, gatewayRef };
}
