// The baselines of `npm run bench -- http`: an Express 5 hello-world answering a small JSON envelope.
// HELLO_BORN=1 (run with `--import tsx`): the same app on a server whose requests are born with the
// app's prototypes, as the product's are (http/appClasses.ts): the strongest hello-world of the two.
import express from 'express';

const app = express();
app.disable('x-powered-by');
app.disable('etag');
app.get('/hello', (_req, res) => {
  res.json({ code: 200, message: 'success', result: { hello: 'world' } });
});
const server = process.env.HELLO_BORN
  ? (await import('../../http/appClasses.ts')).createServerFor(app).listen(0, '127.0.0.1', listening)
  : app.listen(0, '127.0.0.1', listening);
function listening() {
  console.log(`listening ${server.address().port}`);
}
process.on('SIGTERM', () => server.close(() => process.exit(0)));
