import { decodeResponse, SUCCESS_CODE } from '@prism/domain';
import type { Response } from 'express';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ENCRYPT_LOCAL, ok } from './envelope';

/** What ok() writes: the body and its headers, through a stand-in for Node's response. */
function answer(result: unknown, message?: string, encrypted = false) {
  const headers: Record<string, unknown> = {};
  let body = '';
  const res = {
    locals: { [ENCRYPT_LOCAL]: encrypted },
    statusCode: 0,
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = value;
    },
    end: (text: string) => {
      body = text;
    },
  };
  if (message === undefined) ok(res as unknown as Response, result);
  else ok(res as unknown as Response, result, message);
  return { body, headers, status: res.statusCode };
}

const NOW = 1_795_000_000_123;
/** The envelope as JSON.stringify writes the whole object (how every answer was written before). */
const reference = (result: unknown, message = 'success') =>
  JSON.stringify({ code: SUCCESS_CODE, message, result, timestamp: NOW }, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));

afterEach(() => vi.restoreAllMocks());

describe('ok (the success envelope)', () => {
  it('writes the same bytes as the envelope object JSON, for every kind of result', () => {
    vi.spyOn(Date, 'now').mockReturnValue(NOW);
    const results: unknown[] = [
      { id: 1, orderNo: 'B2026112700001ABCDEFGH', amount: '10.00', status: 'PENDING' },
      [],
      [{ a: 1 }, { b: [1, 2, { c: null }] }],
      null,
      0,
      'text with "quotes", \\ and ünïcödé \u2028',
      true,
      { nested: { bigint: 12_345_678_901_234_567_890n }, when: new Date('2026-11-27T10:00:00Z'), gone: undefined },
      12n,
    ];
    for (const result of results) {
      const written = answer(result);
      expect(written.body).toBe(reference(result));
      expect(written.status).toBe(200);
      expect(written.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(written.headers['content-length']).toBe(Buffer.byteLength(written.body));
    }
  });

  it('writes an undefined result and another message through the general envelope', () => {
    vi.spyOn(Date, 'now').mockReturnValue(NOW);
    expect(answer(undefined).body).toBe(reference(undefined));
    expect(answer({ id: 2 }, 'saved').body).toBe(reference({ id: 2 }, 'saved'));
  });

  it('scrambles the same JSON when the request was encrypted', () => {
    vi.spyOn(Date, 'now').mockReturnValue(NOW);
    const written = answer({ id: 3 }, undefined, true);
    expect(written.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(decodeResponse(written.body)).toBe(reference({ id: 3 }));
  });
});
