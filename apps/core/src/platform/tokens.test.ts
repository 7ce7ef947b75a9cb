import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { ManualClock } from './clock';
import { createTokenService } from './tokens';

/** The synchronous HS256 check refuses what jose's jwtVerify refused. */
const SECRET = 'token-test-secret';
const clock = new ManualClock(new Date('2026-11-24T00:00:00Z'));
const service = createTokenService(SECRET, clock);
const claims = { uid: 7, role: ['user'], permission: [], jti: 'abc' };
const inAnHour = new Date('2026-11-24T01:00:00Z');
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const signed = (header: unknown, payload: unknown, secret = SECRET) => {
  const head = `${b64(header)}.${b64(payload)}`;
  return `${head}.${createHmac('sha256', secret).update(head).digest('base64url')}`;
};
const payload = { ...claims, exp: Math.floor(inAnHour.getTime() / 1000), iat: Math.floor(clock.now().getTime() / 1000) };

describe('token verification', () => {
  it('accepts our own token and answers its claims', async () => {
    const token = await service.sign(claims, inAnHour);
    expect(service.verify(token)).toEqual({ ...claims, exp: payload.exp });
  });

  it('refuses a token signed by jose with another key, a changed payload or a cut signature', async () => {
    const other = await new SignJWT(payload).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('other'));
    expect(service.verify(other)).toBeUndefined();
    const token = await service.sign(claims, inAnHour);
    const [h, , s] = token.split('.');
    expect(service.verify(`${h}.${b64({ ...payload, uid: 8 })}.${s}`)).toBeUndefined();
    expect(service.verify(token.slice(0, -2))).toBeUndefined();
    expect(service.verify(`${token}.x`)).toBeUndefined();
    expect(service.verify(`${h}.${b64(payload)}.${s}=`)).toBeUndefined();
  });

  it('refuses alg none, another algorithm, crit and unencoded payloads even when the HMAC matches', () => {
    expect(service.verify(`${b64({ alg: 'none' })}.${b64(payload)}.`)).toBeUndefined();
    expect(service.verify(signed({ alg: 'none' }, payload))).toBeUndefined();
    expect(service.verify(signed({ alg: 'HS512' }, payload))).toBeUndefined();
    expect(service.verify(signed({ alg: 'HS256', crit: ['exp'] }, payload))).toBeUndefined();
    expect(service.verify(signed({ alg: 'HS256', b64: false }, payload))).toBeUndefined();
    expect(service.verify(signed({ alg: 'HS256' }, payload))).toEqual({ ...claims, exp: payload.exp });
  });

  it('refuses an expired token, one without exp, one not yet valid, and wrong claim types', () => {
    expect(service.verify(signed({ alg: 'HS256' }, { ...payload, exp: payload.iat }))).toBeUndefined();
    expect(service.verify(signed({ alg: 'HS256' }, { ...payload, exp: undefined }))).toBeUndefined();
    expect(service.verify(signed({ alg: 'HS256' }, { ...payload, nbf: payload.iat + 60 }))).toBeUndefined();
    expect(service.verify(signed({ alg: 'HS256' }, { ...payload, iat: 'now' }))).toBeUndefined();
    expect(service.verify(signed({ alg: 'HS256' }, { ...payload, uid: '7' }))).toBeUndefined();
    expect(service.verify(signed({ alg: 'HS256' }, { ...payload, role: 'user' }))).toBeUndefined();
    expect(service.verify(signed({ alg: 'HS256' }, [payload]))).toBeUndefined();
  });

  it('a token verified once (and remembered) still expires, and one not yet valid becomes valid on time', () => {
    const own = new ManualClock(new Date('2026-11-24T00:00:00Z'));
    const tokens = createTokenService(SECRET, own);
    const token = signed({ alg: 'HS256' }, payload);
    expect(tokens.verify(token)).toEqual({ ...claims, exp: payload.exp });
    expect(tokens.verify(token)).toEqual({ ...claims, exp: payload.exp });
    own.advance(3_600_000);
    expect(tokens.verify(token)).toBeUndefined();
    own.set('2026-11-24T00:00:00Z');
    const later = signed({ alg: 'HS256' }, { ...payload, nbf: payload.iat + 60 });
    expect(tokens.verify(later)).toBeUndefined();
    own.advance(60_000);
    expect(tokens.verify(later)).toEqual({ ...claims, exp: payload.exp });
    own.advance(-60_000);
    expect(tokens.verify(later)).toBeUndefined();
  });
});
