/**
 * A token's expiry and the session it stands for, in-process on the test database (the
 * HTTP test can age a token only on PostgreSQL): an expired token is refused with 401
 * INVALID_TOKEN by the same code apiRoute calls, and a working one's session user is the one
 * a cookie session gets.
 */
import { eq } from "drizzle-orm";
import type { Session } from "next-auth";
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../setup/db";
import { createTestUser } from "../factories/users";
import { createToken } from "@/features/account/server/api-tokens";
import { authOptions } from "@/server/auth/options";
import { apiTokens } from "@/server/db/schema";
import { bearerSession, defaultScope } from "@/server/http/bearer";

const db = useTestDatabase();

async function cookieSessionUser(user: { id: string; email: string | null; name: string | null }): Promise<Session["user"]> {
  const callbacks = authOptions().callbacks!;
  const token = await callbacks.jwt!({ token: {}, user: { id: user.id, email: user.email, name: user.name }, account: null } as never);
  return (await callbacks.session!({ session: { expires: "" }, token } as never)).user as Session["user"];
}

describe("API token expiry", () => {
  it("works until it expires, then answers 401", async () => {
    const user = await createTestUser(db.db, { role: "admin", name: "Ada" });
    const { token, id } = await createToken(db.db, user.id, { name: "cron", scopes: ["read"], expiresInDays: 1 }, "127.0.0.1");
    const session = await bearerSession(token, "read");
    expect(session.user).toEqual(await cookieSessionUser(user));
    expect(session.user).toMatchObject({ id: user.id, role: "admin", name: "Ada" });

    await db.db.update(apiTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(apiTokens.id, id));
    await expect(bearerSession(token, "read")).rejects.toMatchObject({ kind: "unauthenticated", code: "INVALID_TOKEN" });
  });
});

describe("the default scope of a route", () => {
  it("is admin on admin routes, read for GET, and closed to tokens for any other method", () => {
    expect(defaultScope("GET", "admin")).toBe("admin");
    expect(defaultScope("POST", "admin")).toBe("admin");
    expect(defaultScope("GET", "user")).toBe("read");
    expect(defaultScope("GET", "public")).toBe("read");
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      expect(defaultScope(method, "user")).toBe("session");
      expect(defaultScope(method, "public")).toBe("session");
    }
  });
});
