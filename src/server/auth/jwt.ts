/**
 * next-auth's session token — an encrypted JWT (JWE, `dir` + `A256GCM`) — written and read
 * exactly as next-auth/jwt's encode and decode do, with one difference: the encryption key
 * is derived from the secret once per process, not on every call. next-auth runs HKDF in
 * both encode and decode, so every session read derived it twice (docs/decisions/022).
 * tests/unit/session-token.test.ts proves the tokens are interchangeable with next-auth's.
 */
import { hkdfSync, randomUUID } from "node:crypto";
import { EncryptJWT, jwtDecrypt } from "jose";
import type { JWT, JWTDecodeParams, JWTEncodeParams } from "next-auth/jwt";

/** next-auth's defaults, kept so a token written here is one next-auth would write. */
const DEFAULT_MAX_AGE = 30 * 24 * 60 * 60;
const CLOCK_TOLERANCE_SECONDS = 15;

/** Keys per secret and salt, for the whole process (every bundle loads this module once). */
const KEYS = Symbol.for("tickerlab.sessionTokenKeys");
type Holder = { [KEYS]?: Map<string, Uint8Array> };

function encryptionKey(secret: string | Buffer, salt: string): Uint8Array {
  const holder = globalThis as Holder;
  const keys = (holder[KEYS] ??= new Map());
  const id = `${salt}\u0000${typeof secret === "string" ? secret : secret.toString("base64")}`;
  let key = keys.get(id);
  if (!key) {
    // next-auth's getDerivedEncryptionKey: HKDF-SHA256, the salt, this info string, 32 bytes.
    const info = `NextAuth.js Generated Encryption Key${salt ? ` (${salt})` : ""}`;
    key = new Uint8Array(hkdfSync("sha256", secret, salt, info, 32));
    keys.set(id, key);
  }
  return key;
}

const nowSeconds = () => (Date.now() / 1000) | 0;

export async function encodeSessionToken({ token = {}, secret, maxAge = DEFAULT_MAX_AGE, salt = "" }: JWTEncodeParams): Promise<string> {
  return new EncryptJWT(token)
    .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
    .setIssuedAt()
    .setExpirationTime(nowSeconds() + maxAge)
    .setJti(randomUUID())
    .encrypt(encryptionKey(secret, salt));
}

export async function decodeSessionToken({ token, secret, salt = "" }: JWTDecodeParams): Promise<JWT | null> {
  if (!token) return null;
  const { payload } = await jwtDecrypt(token, encryptionKey(secret, salt), { clockTolerance: CLOCK_TOLERANCE_SECONDS });
  return payload as JWT;
}
