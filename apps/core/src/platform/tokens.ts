import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from './clock';

/** The decoded token of specification point 3 (`jti` names the auth session). */
export interface TokenClaims {
  uid: number;
  role: string[];
  permission: string[];
  exp: number;
  jti: string;
}

export interface TokenService {
  sign(claims: Omit<TokenClaims, 'exp'>, expiresAt: Date): Promise<string>;
  /** The claims of a valid, unexpired token signed with our key; undefined otherwise. */
  verify(token: string): Promise<TokenClaims | undefined>;
}

export function createTokenService(secret: string, clock: Clock): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    sign: (claims, expiresAt) =>
      new SignJWT({ uid: claims.uid, role: claims.role, permission: claims.permission })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setJti(claims.jti)
        .setIssuedAt(Math.floor(clock.now().getTime() / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], currentDate: clock.now() });
        const { uid, role, permission, exp, jti } = payload as Partial<TokenClaims>;
        if (typeof uid !== 'number' || !Number.isSafeInteger(uid) || typeof jti !== 'string' || typeof exp !== 'number') return undefined;
        if (!Array.isArray(role) || !Array.isArray(permission)) return undefined;
        return { uid, role, permission, exp, jti };
      } catch (error) {
        if (error instanceof errors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}
