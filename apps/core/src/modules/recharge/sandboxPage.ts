import { formatMoney, type Money } from '@prism/domain';
import { returnPath } from './orders';

/**
 * The sandbox gateway's payment page: one small self-contained HTML document
 * (inline CSS, no script, no external asset). Anyone holding the order number
 * can open it, as with a real gateway's hosted page, so it shows nothing but
 * the order number, amount and status: never who the user is.
 */
export interface SandboxPageOrder {
  orderNo: string;
  amount: Money;
  currency: string;
  status: string;
}

/** The page's own policy: no script at all, forms only to ourselves, framable by Telegram like the Mini App. */
export const SANDBOX_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'self' https://web.telegram.org https://*.telegram.org";

const html = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const STATUS_TEXT: Record<string, string> = {
  pending: 'Waiting for payment',
  paid: 'Paid: the amount has been added to the balance',
  failed: 'Cancelled: nothing was paid',
  amount_mismatch: 'Not credited: the amount paid differed from the order amount',
  over_limit: "Not credited: it would pass the player's deposit limit",
};

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#111;color:#eee;display:flex;justify-content:center;padding:24px 16px}
  main{width:100%;max-width:420px;background:#1c1c1e;border-radius:14px;padding:20px}
  .demo{background:#ffcc00;color:#111;border-radius:8px;padding:10px 12px;font-weight:600;margin-bottom:16px}
  h1{font-size:20px;margin:0 0 12px}
  dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;margin:0 0 16px}
  dt{color:#999}dd{margin:0;font-weight:600;word-break:break-all}
  label{display:block;color:#999;margin-bottom:6px}
  input{width:100%;font-size:20px;padding:10px 12px;border-radius:8px;border:1px solid #444;background:#000;color:#fff}
  .hint{color:#999;font-size:13px;margin:6px 0 16px}
  .error{color:#ff6b6b;margin:0 0 12px}
  .buttons{display:flex;gap:12px}
  button,a.button{flex:1;display:block;text-align:center;font-size:17px;padding:12px;border-radius:10px;border:0;text-decoration:none;cursor:pointer}
  .pay{background:#2ecc71;color:#111;font-weight:700}
  .cancel{background:#333;color:#eee}
  .status{font-weight:600;margin:0 0 16px}
`;

export function renderSandboxPage(order: SandboxPageOrder, options: { amountToPay?: string; error?: string } = {}): string {
  const orderNo = html(order.orderNo);
  const amount = `${formatMoney(order.amount)} ${html(order.currency)}`;
  const body =
    order.status === 'pending'
      ? `<form method="post" action="/core/pay/sandbox/${orderNo}/pay">
      <label for="amount">Amount to pay</label>
      <input id="amount" name="amount" inputmode="decimal" autocomplete="off" value="${html(options.amountToPay ?? formatMoney(order.amount))}">
      <p class="hint">Pay exactly the order amount. A different amount is recorded but not credited.</p>
      ${options.error ? `<p class="error">${html(options.error)}</p>` : ''}
      <div class="buttons">
        <button class="pay" type="submit" name="action" value="pay">Pay</button>
        <button class="cancel" type="submit" name="action" value="cancel">Cancel</button>
      </div>
    </form>`
      : `<p class="status">${html(STATUS_TEXT[order.status] ?? order.status)}</p>
    <div class="buttons"><a class="button cancel" href="${html(returnPath(order.orderNo))}">Back to the app</a></div>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Demo payment ${orderNo}</title>
<style>${STYLE}</style>
</head>
<body>
  <main>
    <div class="demo">DEMO: this is a sandbox payment with play money. No real money is charged.</div>
    <h1>Sandbox payment</h1>
    <dl>
      <dt>Order</dt><dd>${orderNo}</dd>
      <dt>Amount</dt><dd>${amount}</dd>
      <dt>Status</dt><dd>${html(order.status)}</dd>
    </dl>
    ${body}
  </main>
</body>
</html>`;
}

export function renderSandboxMessage(title: string, text: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${html(title)}</title><style>${STYLE}</style></head>
<body><main><div class="demo">DEMO: sandbox payment</div><h1>${html(title)}</h1><p>${html(text)}</p></main></body>
</html>`;
}
