import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../setup/db";
import { uniqueEmail } from "../factories/users";
import { rateLimits } from "@/server/db/schema";
import { clearAddress, consumeAttempt, peekWait } from "@/server/http/rate-limit";

const db = useTestDatabase();

describe("rate limits stored in the database (per address 3, per IP 1000, 15-minute window)", () => {
  it("allows three attempts per address, then blocks with the time left in the window", async () => {
    const address = uniqueEmail("rl");
    for (let i = 0; i < 3; i++) expect((await consumeAttempt(db.db, "sign-in", { address, ip: "192.0.2.1" })).allowed).toBe(true);
    const blocked = await consumeAttempt(db.db, "sign-in", { address, ip: "192.0.2.1" });
    expect(blocked.allowed).toBe(false);
    expect(blocked.retryAfterSeconds).toBeGreaterThan(14 * 60);
    expect(blocked.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    expect(await peekWait(db.db, "sign-in", { address, ip: "192.0.2.99" })).toBeGreaterThan(14 * 60);
  });

  it("keeps addresses and actions apart", async () => {
    const address = uniqueEmail("rl");
    for (let i = 0; i < 4; i++) await consumeAttempt(db.db, "sign-in", { address, ip: "192.0.2.2" });
    expect((await consumeAttempt(db.db, "sign-in", { address: uniqueEmail("other"), ip: "192.0.2.2" })).allowed).toBe(true);
    expect((await consumeAttempt(db.db, "email-link", { address, ip: "192.0.2.2" })).allowed).toBe(true);
  });

  it("forgives an address after a successful sign-in", async () => {
    const address = uniqueEmail("rl");
    for (let i = 0; i < 3; i++) await consumeAttempt(db.db, "sign-in", { address, ip: "192.0.2.3" });
    await clearAddress(db.db, "sign-in", address);
    expect((await consumeAttempt(db.db, "sign-in", { address, ip: "192.0.2.3" })).allowed).toBe(true);
  });

  it("starts a new window once the old one has passed", async () => {
    const address = uniqueEmail("rl");
    for (let i = 0; i < 4; i++) await consumeAttempt(db.db, "sign-in", { address, ip: "192.0.2.4" });
    await db.db.update(rateLimits).set({ resetAt: new Date(Date.now() - 1000) });
    expect((await consumeAttempt(db.db, "sign-in", { address, ip: "192.0.2.4" })).allowed).toBe(true);
    expect(await peekWait(db.db, "sign-in", { address, ip: "192.0.2.4" })).toBe(0);
  });

  it("counts exactly under concurrent attempts (one atomic upsert each)", async () => {
    const address = uniqueEmail("rl");
    const verdicts = await Promise.all(Array.from({ length: 10 }, () => consumeAttempt(db.db, "sign-in", { address, ip: "192.0.2.5" })));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(3);
  });
});
