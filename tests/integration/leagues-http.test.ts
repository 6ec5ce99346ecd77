/**
 * The league routes over real HTTP against the built server (docs/decisions/045-leagues.md):
 * GET /api/leagues/me × role (signed out, member, admin), the league opt-out preference on
 * PATCH /api/account (validated, taking effect on the view), and what the route refuses.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { Client, signedInAdmin, signedInMember } from "./http-client";

type Role = "visitor" | "member" | "admin";

const clients = {} as Record<Role, Client>;

async function json<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

beforeAll(async () => {
  clients.visitor = new Client();
  clients.member = (await signedInMember("league-member", "Lea League")).client;
  clients.admin = await signedInAdmin();
}, 120_000);

describe("GET /api/leagues/me", () => {
  it.each([
    ["visitor", 401],
    ["member", 200],
    ["admin", 200],
  ] as const)("as %s answers %i", async (role, status) => {
    const res = await clients[role].request("/api/leagues/me");
    expect(res.status).toBe(status);
    if (status === 200) {
      const body = await json<{ status: string; weekStart: string; weekEnd: string }>(res);
      expect(["in-league", "waiting"]).toContain(body.status);
      // The week runs Monday 00:00 UTC to Monday 00:00 UTC.
      expect(new Date(body.weekStart).getUTCDay()).toBe(1);
      expect(new Date(body.weekEnd).getTime() - new Date(body.weekStart).getTime()).toBe(7 * 86_400_000);
      expect(body.weekStart.endsWith("T00:00:00.000Z")).toBe(true);
    }
  });

  it("a new member with no activity this week is waiting to join", async () => {
    const body = await json<{ status: string }>(await clients.member.request("/api/leagues/me"));
    expect(body.status).toBe("waiting");
  });

  it("offers only GET", async () => {
    expect((await clients.member.request("/api/leagues/me", { method: "POST", json: {} })).status).toBe(405);
  });
});

describe("the league opt-out preference (PATCH /api/account)", () => {
  it("refuses a value that is not true or false, naming the field", async () => {
    const res = await clients.member.request("/api/account", { method: "PATCH", json: { leagueOptOut: "yes" } });
    expect(res.status).toBe(400);
    const body = await json<{ error: { fields: Record<string, string> } }>(res);
    expect(Object.keys(body.error.fields)).toContain("leagueOptOut");
  });

  it("is saved, shown on the profile, and puts the person in no league at once", async () => {
    const res = await clients.member.request("/api/account", { method: "PATCH", json: { leagueOptOut: true } });
    expect(res.status).toBe(200);
    expect((await json<{ leagueOptOut: boolean }>(res)).leagueOptOut).toBe(true);
    expect((await json<{ leagueOptOut: boolean }>(await clients.member.request("/api/account"))).leagueOptOut).toBe(true);
    expect((await json<{ status: string }>(await clients.member.request("/api/leagues/me"))).status).toBe("opted-out");
    expect((await clients.member.request("/api/account", { method: "PATCH", json: { leagueOptOut: false } })).status).toBe(200);
    expect((await json<{ status: string }>(await clients.member.request("/api/leagues/me"))).status).toBe("waiting");
  });

  it("cannot be changed signed out", async () => {
    expect((await clients.visitor.request("/api/account", { method: "PATCH", json: { leagueOptOut: true } })).status).toBe(401);
  });
});
