/** Crafting next-auth session cookies the way a test server would have issued them earlier. */
import { hkdfSync } from "node:crypto";
import { EncryptJWT } from "jose";
import { decodeSessionToken } from "@/server/auth/jwt";
import { TEST_SERVER_SECRET } from "./app-server";

export const SESSION_COOKIE = "next-auth.session-token";

/**
 * The same claims, issued `ageSeconds` ago (next-auth's format: dir + A256GCM, HKDF key):
 * older than SESSION_REFRESH_SECONDS, it is due for next-auth's sliding refresh.
 */
export async function reissuedAgo(token: string, ageSeconds: number): Promise<string> {
  const { iat: _iat, exp: _exp, jti: _jti, ...claims } = (await decodeSessionToken({ token, secret: TEST_SERVER_SECRET }))!;
  const key = new Uint8Array(hkdfSync("sha256", TEST_SERVER_SECRET, "", "NextAuth.js Generated Encryption Key", 32));
  const now = Math.floor(Date.now() / 1000);
  return new EncryptJWT(claims)
    .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
    .setIssuedAt(now - ageSeconds)
    .setExpirationTime(now - ageSeconds + 30 * 24 * 3600)
    .setJti(crypto.randomUUID())
    .encrypt(key);
}
