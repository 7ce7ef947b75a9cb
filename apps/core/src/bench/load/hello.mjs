// The baseline of `npm run bench -- http`: an Express 5 hello-world answering a small JSON envelope.
import express from 'express';

const app = express();
app.disable('x-powered-by');
app.disable('etag');
app.get('/hello', (_req, res) => {
  res.json({ code: 200, message: 'success', result: { hello: 'world' } });
});
const server = app.listen(0, '127.0.0.1', () => {
  console.log(`listening ${server.address().port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
