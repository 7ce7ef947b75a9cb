import type { AddressInfo } from 'node:net';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formParser } from './form';

/** What a parser gave: the body's own keys and values (with its prototype), or the error's status and type. */
const describeBody: RequestHandler = (req, res) => {
  const body = req.body as Record<string, unknown> | undefined;
  res.json({
    body: body === undefined ? null : Object.getOwnPropertyNames(body).map((key) => [key, body[key]]),
    prototype: body === undefined ? null : Object.getPrototypeOf(body) === Object.prototype,
  });
};
const describeError: ErrorRequestHandler = (error, _req, res, _next) => {
  res.json({ status: error.status, type: error.type ?? null });
};

const LIMIT = 64 * 1024;
let base = '';
let close: () => void = () => undefined;

beforeAll(async () => {
  const app = express();
  app.post('/general', express.urlencoded({ extended: false, limit: '64kb', parameterLimit: 100 }), describeBody);
  app.post('/lean', formParser({ limit: LIMIT, parameterLimit: 100 }), describeBody);
  app.use(describeError);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

const FORM = 'application/x-www-form-urlencoded';

/** describeBody's answer, or describeError's. */
type Parsed = { body?: [string, unknown][] | null; prototype?: boolean | null; status?: number; type?: string | null };

async function both(body: string | Buffer, type = FORM) {
  const send = (path: string) =>
    fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': type }, body }).then((r) => r.json() as Promise<Parsed>);
  return { general: await send('/general'), lean: await send('/lean') };
}

describe('formParser', () => {
  const bodies: [string, string | Buffer][] = [
    ['a bet', 'gameSessionId=1&betName=Big&baseAmount=10&betMultiples=1&totalBetAmount=10.00&coin=CHIP'],
    ['repeated keys', 'a=1&a=2&a=3&b=x&b='],
    ['prototype keys', '__proto__=x&constructor=y&toString=z&hasOwnProperty=1&valueOf'],
    ['brackets and dots', 'a[b]=1&a[]=2&[c]=3&d[0]=4&e.f=5&g[h][i]=6&[]=7&x[=8'],
    ['an empty body', ''],
    ['empty parts', 'a&b=&=c&&=&d==e'],
    ['percent and plus', 'a=%E2%82%AC+b&c=%ZZ&%61=1&d=100%25&e=%'],
    ['bytes that are not UTF-8', Buffer.from([0x61, 0x3d, 0xff, 0xfe, 0x26, 0x62, 0x3d, 0xc3])],
    ['a byte order mark', '\uFEFFa=1&b=2'],
    ['a hundred parameters', Array.from({ length: 100 }, (_, i) => `k${i}=${i}`).join('&')],
    ['a hundred and one parameters', Array.from({ length: 101 }, (_, i) => `k${i}=${i}`).join('&')],
    ['a body over the limit', `a=${'x'.repeat(LIMIT)}`],
    ['a body at the limit', `a=${'x'.repeat(LIMIT - 2)}`],
    ['an encrypted form', 'data=YWJj%3D%3D'],
  ];
  for (const [name, body] of bodies) {
    it(`gives what body-parser gives: ${name}`, async () => {
      const { general, lean } = await both(body);
      expect(lean).toEqual(general);
    });
  }

  for (const type of [
    `${FORM}; charset=UTF-8`,
    `${FORM};charset=utf-8`,
    'Application/X-WWW-Form-Urlencoded',
    `${FORM}; charset=latin1`,
    `${FORM}; charset=iso-8859-1`,
    'text/plain',
    'application/json',
  ]) {
    it(`gives what body-parser gives for ${type}`, async () => {
      const { general, lean } = await both('a=%E9&b=é&c=1', type);
      expect(lean).toEqual(general);
    });
  }

  it('reads a plain form itself and leaves the others to body-parser', async () => {
    let delegated = 0;
    const urlencoded = express.urlencoded;
    const spy = vi.spyOn(express, 'urlencoded').mockImplementation((options) => {
      const handler = urlencoded(options);
      return (req, res, next) => {
        delegated++;
        handler(req, res, next);
      };
    });
    const parser = formParser({ limit: LIMIT, parameterLimit: 100 });
    spy.mockRestore();
    const app = express().post('/', parser, describeBody).use(describeError);
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const send = (type: string) =>
      fetch(url, { method: 'POST', headers: { 'content-type': type }, body: 'a=1' }).then((r) => r.json() as Promise<Parsed>);
    try {
      expect((await send(FORM)).body).toEqual([['a', '1']]);
      expect(delegated).toBe(0);
      await send('text/plain');
      expect(delegated).toBe(1);
    } finally {
      server.close();
    }
  });

  it('parses a bet as body-parser does', async () => {
    const { lean } = await both('betName=Big&baseAmount=10&a=1&a=2');
    expect(lean.body).toEqual([
      ['betName', 'Big'],
      ['baseAmount', '10'],
      ['a', ['1', '2']],
    ]);
  });
});
