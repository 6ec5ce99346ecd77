/**
 * The address someone joined an event from, kept only as a keyed hash (docs/decisions/046):
 * HMAC-SHA-256 under a key derived from the server's secret, so two joins from one address
 * match while the address itself cannot be read back, nor found by hashing every IPv4
 * address without the secret.
 */
import { createHmac } from "node:crypto";
import { env } from "@/env";

export function joinAddressHash(ip: string | null | undefined): string | null {
  if (!ip) return null;
  return createHmac("sha256", `tickerlab:event-join-address:${env().NEXTAUTH_SECRET}`).update(ip).digest("base64url");
}
