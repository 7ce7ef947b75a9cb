import { type Envelope, parseMoney } from '@prism/domain';
import { type Request, type Response, Router } from 'express';
import { documentSecurityHeaders } from '../../http/securityHeaders';
import type { RechargeContext } from './context';
import { findOrderWithChannel, returnPath } from './orders';
import { ORDER_NO_FORMAT, SANDBOX_GATEWAY, SANDBOX_SIGNATURE_HEADER, sandboxCallbackBody, signSandboxBody } from './sandboxGateway';
import { renderSandboxMessage, renderSandboxPage, SANDBOX_PAGE_CSP } from './sandboxPage';

const CALLBACK_TIMEOUT_MS = 10_000;

/**
 * The sandbox gateway's side of the wire: its payment page and the button that
 * "pays". Paying does what a real gateway does: it posts a signed callback over
 * real HTTP to /core/pay/callback/sandbox, and only that callback credits.
 */
export function sandboxRoutes(context: RechargeContext): Router {
  const router = Router();
  // Its pages are documents: the headers of one, not only the API's (http/securityHeaders.ts).
  router.use('/pay/sandbox', documentSecurityHeaders);

  router.get('/pay/sandbox/:orderNo', async (req, res) => {
    const order = await sandboxOrder(context, req.params.orderNo);
    if (!order) return sendPage(res, 404, renderSandboxMessage('Order not found', 'There is no sandbox order with this number.'));
    sendPage(res, 200, renderSandboxPage(order));
  });

  router.post('/pay/sandbox/:orderNo/pay', async (req, res) => {
    const order = await sandboxOrder(context, req.params.orderNo);
    if (!order) return sendPage(res, 404, renderSandboxMessage('Order not found', 'There is no sandbox order with this number.'));
    // Settled already (a double click, a back button): show its status.
    if (order.status !== 'pending') return res.redirect(303, `/core/pay/sandbox/${order.orderNo}`);
    const { cancel, typed, paid } = paymentOf(req.body);
    if (!paid.ok) {
      return sendPage(res, 400, renderSandboxPage(order, { amountToPay: typed, error: 'Enter an amount with at most 2 decimals' }));
    }
    const answer = await payThroughCallback(context, ownOrigin(req), order.orderNo, cancel ? undefined : paid.value);
    if (answer?.code !== 200) {
      const detail = answer ? answer.message : 'The payment notification could not be delivered.';
      return sendPage(res, 502, renderSandboxMessage('Payment not confirmed', `${detail} Nothing was credited; please try again.`));
    }
    res.redirect(303, returnPath(order.orderNo));
  });

  return router;
}

/** The sandbox form: cancel, or pay the typed amount. */
function paymentOf(body: unknown) {
  const form = (body ?? {}) as Record<string, unknown>;
  const cancel = form.action === 'cancel';
  const typed = typeof form.amount === 'string' ? form.amount : '';
  const paid = cancel ? { ok: true as const, value: 0n } : parseMoney(typed);
  return { cancel, typed, paid };
}

/** Posts the gateway's signed callback to this server: paid `amount`, or FAILED when undefined (cancelled). */
function payThroughCallback(context: RechargeContext, origin: string, orderNo: string, amount: bigint | undefined) {
  const body = sandboxCallbackBody({
    orderNo,
    paidAmount: amount ?? 0n,
    status: amount === undefined ? 'FAILED' : 'SUCCESS',
    gatewayRef: `SBX${Buffer.from(context.random.bytes(8)).toString('hex')}`,
    timestamp: context.clock.now().getTime(),
  });
  return postCallback(origin, body, context.secret).catch((error: unknown) => {
    context.logger.warn({ err: error, orderNo }, 'sandbox callback could not be delivered');
    return undefined;
  });
}

async function sandboxOrder(context: RechargeContext, orderNo: string | undefined) {
  if (!orderNo || !ORDER_NO_FORMAT.test(orderNo)) return undefined;
  const found = await findOrderWithChannel(context.db, orderNo);
  if (found?.channel.gateway !== SANDBOX_GATEWAY) return undefined;
  const { order } = found;
  return { orderNo: order.orderNo, amount: order.amount, currency: order.currency, status: order.status };
}

function sendPage(res: Response, status: number, html: string): void {
  res.status(status).setHeader('Content-Security-Policy', SANDBOX_PAGE_CSP).setHeader('Cache-Control', 'no-store').type('html').send(html);
}

/**
 * This very server, as the connection that brought the request reached it.
 * Deliberately not the Host header: that is the caller's word, and trusting it
 * would let anyone make us post signed callbacks to a host of their choosing.
 */
function ownOrigin(req: Request): string {
  const address = (req.socket.localAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  const host = address.includes(':') ? `[${address}]` : address;
  return `http://${host}:${req.socket.localPort}`;
}

async function postCallback(origin: string, body: string, secret: string): Promise<Envelope> {
  const response = await fetch(`${origin}/core/pay/callback/${SANDBOX_GATEWAY}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxBody(secret, body) },
    body,
    signal: AbortSignal.timeout(CALLBACK_TIMEOUT_MS),
  });
  return (await response.json()) as Envelope;
}
