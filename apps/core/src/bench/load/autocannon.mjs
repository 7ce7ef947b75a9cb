// The load generator of `npm run bench -- http`, run as its own process so that it does not share
// the server's event loop. Input: one JSON argument; output: one JSON line.
//   { url, connections, seconds, method?, body?, tokens?: string[], idempotency?: boolean, run?: string }
// Each connection signs as tokens[i % tokens.length]; with `idempotency` every request carries a
// fresh Idempotency-Key, as the web app sends on every bet.
import autocannon from 'autocannon';

const spec = JSON.parse(process.argv[2]);
let nextConnection = 0;
let sequence = 0;
/** Answers whose envelope says code 200 (the API answers HTTP 200 with its own code in the body). */
let okEnvelopes = 0;
let firstRefusal;
const headers = spec.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {};
const result = await autocannon({
  url: spec.url,
  connections: spec.connections,
  duration: spec.seconds,
  pipelining: 1,
  requests: [
    {
      method: spec.method ?? 'GET',
      ...(spec.body ? { body: spec.body } : {}),
      setupRequest(request, context) {
        context.connection ??= nextConnection++;
        const extra = {};
        if (spec.tokens?.length) extra.authorization = spec.tokens[context.connection % spec.tokens.length];
        if (spec.idempotency) extra['idempotency-key'] = `${spec.run ?? 'r'}-${context.connection}-${sequence++}`;
        return { ...request, headers: { ...headers, ...extra } };
      },
      onResponse(_status, body) {
        if (body.startsWith('{"code":200')) okEnvelopes++;
        else firstRefusal ??= body.slice(0, 200);
      },
    },
  ],
});
process.stdout.write(
  `${JSON.stringify({
    requests: result.requests.total,
    perSecond: Math.round(result.requests.total / (result.duration || spec.seconds)),
    ok2xx: result['2xx'],
    okEnvelopes,
    ...(firstRefusal ? { firstRefusal } : {}),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    p50: result.latency.p50,
    p99: result.latency.p99,
  })}\n`,
);
