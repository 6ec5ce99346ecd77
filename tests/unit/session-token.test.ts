/**
 * Our session-token codec (src/server/auth/jwt.ts) must write and read exactly next-auth's
 * tokens — a cookie issued before this change, or by next-auth's own handler, must keep
 * working — while deriving its key once per process instead of on every call.
 */
import { hkdfSync } from "node:crypto";
import { EncryptJWT } from "jose";
import { decode as nextAuthDecode, encode as nextAuthEncode } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { decodeSessionToken, encodeSessionToken } from "@/server/auth/jwt";

const secret = "unit-test-secret-that-is-at-least-32-characters";
const claims = { uid: "u1", sub: "u1", name: "Ann", email: "ann@example.test", role: "member" as const, tv: 3 };
const keysHeld = () => (globalThis as Record<symbol, Map<string, Uint8Array> | undefined>)[Symbol.for("tickerlab.sessionTokenKeys")];

describe("session tokens", () => {
  it("are read by next-auth's decode, with its claims (iat, exp = iat + maxAge, jti)", async () => {
    const token = await encodeSessionToken({ token: claims, secret, maxAge: 3600 });
    const decoded = await nextAuthDecode({ token, secret });
    expect(decoded).toMatchObject(claims);
    expect(typeof decoded!.jti).toBe("string");
    expect(Number(decoded!.exp) - Number(decoded!.iat)).toBe(3600);
    expect(token.split(".")[1]).toBe(""); // "dir": no encrypted key, as next-auth writes them
  });

  it("read what next-auth's encode wrote", async () => {
    const token = await nextAuthEncode({ token: claims, secret });
    expect(await decodeSessionToken({ token, secret })).toMatchObject(claims);
  });

  it("honour the salt as next-auth does", async () => {
    const token = await nextAuthEncode({ token: claims, secret, salt: "other" });
    expect(await decodeSessionToken({ token, secret, salt: "other" })).toMatchObject(claims);
    await expect(decodeSessionToken({ token, secret })).rejects.toThrow();
  });

  it("refuse a token made with another secret, and an expired one", async () => {
    const foreign = await nextAuthEncode({ token: claims, secret: "another-secret-that-is-at-least-32-characters" });
    await expect(decodeSessionToken({ token: foreign, secret })).rejects.toThrow();
    const expired = await encodeSessionToken({ token: claims, secret, maxAge: -60 });
    await expect(decodeSessionToken({ token: expired, secret })).rejects.toThrow(/exp/);
  });

  it("accept the same 15 s of clock skew as next-auth", async () => {
    const now = Math.floor(Date.now() / 1000);
    const key = new Uint8Array(hkdfSync("sha256", secret, "", "NextAuth.js Generated Encryption Key", 32));
    const justExpired = await new EncryptJWT(claims).setProtectedHeader({ alg: "dir", enc: "A256GCM" }).setIssuedAt(now - 100).setExpirationTime(now - 5).encrypt(key);
    expect(await decodeSessionToken({ token: justExpired, secret })).toMatchObject(claims);
    expect(await nextAuthDecode({ token: justExpired, secret })).toMatchObject(claims);
  });

  it("answer null for no token, as next-auth does", async () => {
    expect(await decodeSessionToken({ token: undefined, secret })).toBeNull();
  });

  it("derive the key once per secret and salt, however many tokens are written and read", async () => {
    const fresh = "a-secret-only-this-test-uses-at-least-32-chars";
    const before = keysHeld()?.size ?? 0;
    for (let i = 0; i < 5; i++) await decodeSessionToken({ token: await encodeSessionToken({ token: claims, secret: fresh }), secret: fresh });
    expect(keysHeld()!.size).toBe(before + 1);
  });
});
