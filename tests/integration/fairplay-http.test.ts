/**
 * The fair-play routes over real HTTP against the built server (docs/decisions/046): two
 * students of a class contest mirror each other through the real order route, the server's
 * own `fair-play` task flags them (run at once through the test-only task switch), and every route × role (signed out, a member, the flagged
 * student, a student of another class, the contest's organiser, another organiser, an admin)
 * is compared with one table per route; then the reason rule, the Origin check, and a
 * disqualification the student's board and notice show.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { Client, signedInAdmin, signedInMember } from "./http-client";

type Role = "visitor" | "member" | "studentA" | "studentB" | "owner" | "otherOrganiser" | "admin";
const ROLES: Role[] = ["visitor", "member", "studentA", "studentB", "owner", "otherOrganiser", "admin"];
const SYMBOL = "NWRB";

interface Card {
  id: string;
  name: string;
  username: string;
  password: string;
}
interface Flag {
  id: string;
  kind: string;
  status: string;
  person: { userId: string; name: string };
  counterpart: { userId: string } | null;
  evidence: Record<string, unknown>;
  sides: Array<{ flagId: string; userId: string; status: string }> | null;
}

const clients = {} as Record<Role, Client>;
let admin: Client;
let contest: string;
let students: Card[];
let flagOfA: Flag;

const json = async <T>(res: Response) => (await res.json()) as T;

async function signedInOrganiser(prefix: string) {
  const { client, person, id } = await signedInMember(prefix, `Organiser ${prefix}`);
  expect((await admin.request(`/api/admin/users/${id}`, { method: "PATCH", json: { role: "organiser" } })).status).toBe(200);
  await client.signIn(person.email, person.password);
  return client;
}

async function signedInStudent(card: Card) {
  const client = new Client();
  const { url } = await client.signIn(card.username, card.password);
  expect(url.searchParams.get("error")).toBeNull();
  return client;
}

async function order(client: Client, portfolioId: string, side: string, quantity: number) {
  const res = await client.request(`/api/portfolios/${portfolioId}/orders`, { method: "POST", json: { symbol: SYMBOL, side, type: "market", quantity } });
  expect(res.status, await res.clone().text()).toBe(201);
}

/**
 * Runs the server's own monitor now (its period is 30 s; TEST_TASK_CONTROL, decision 050), then
 * polls the organiser's list until it has flagged the pair (at once, unless the monitor's own
 * period ran first with the same result).
 */
async function waitForFlags(): Promise<Flag[]> {
  const ran = await admin.request("/api/test/tasks/fair-play", { method: "POST", json: {} });
  expect(ran.status, await ran.clone().text()).toBe(200);
  const deadline = Date.now() + 100_000;
  for (;;) {
    const res = await clients.owner.request(`/api/events/${contest}/flags`);
    expect(res.status).toBe(200);
    const { items } = await json<{ items: Flag[] }>(res);
    if (items.some((f) => f.kind === "mirror-trading") || Date.now() > deadline) return items;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

beforeAll(async () => {
  admin = await signedInAdmin();
  clients.visitor = new Client();
  clients.member = (await signedInMember("fair-member", "Fay Member")).client;
  clients.owner = await signedInOrganiser("fair-owner");
  clients.otherOrganiser = await signedInOrganiser("fair-other");
  clients.admin = admin;
  const classA = await json<{ id: string }>(await clients.owner.request("/api/classes", { method: "POST", json: { name: "Markets 11A" } }));
  const classB = await json<{ id: string }>(await clients.otherOrganiser.request("/api/classes", { method: "POST", json: { name: "Markets 11B" } }));
  students = (await json<{ students: Card[] }>(await clients.owner.request(`/api/classes/${classA.id}/roster`, { method: "POST", json: { students: [{ name: "Nora Quist" }, { name: "Omar Reyes" }] } }))).students;
  const [outsider] = (await json<{ students: Card[] }>(await clients.otherOrganiser.request(`/api/classes/${classB.id}/roster`, { method: "POST", json: { students: [{ name: "Zed Outsider" }] } }))).students;
  clients.studentA = await signedInStudent(students[0]!);
  clients.studentB = await signedInStudent(outsider!);
  const studentC = await signedInStudent(students[1]!);
  const created = await clients.owner.request(`/api/classes/${classA.id}/contests`, {
    method: "POST",
    json: { title: "11A Fair Cup", startingCash: "10000.00", startsAt: new Date(Date.now() - 3_600_000).toISOString(), endsAt: new Date(Date.now() + 86_400_000).toISOString() },
  });
  expect(created.status).toBe(201);
  contest = (await json<{ slug: string }>(created)).slug;
  const a = await json<{ portfolioId: string }>(await clients.studentA.request(`/api/events/${contest}/join`, { method: "POST", json: {} }));
  const c = await json<{ portfolioId: string }>(await studentC.request(`/api/events/${contest}/join`, { method: "POST", json: {} }));
  // C holds first, then the two move in opposite directions twice within seconds.
  await order(studentC, c.portfolioId, "buy", 30);
  await order(clients.studentA, a.portfolioId, "buy", 30);
  await order(studentC, c.portfolioId, "sell", 30);
  await order(clients.studentA, a.portfolioId, "sell", 30);
  await order(studentC, c.portfolioId, "buy", 30);
  const flags = await waitForFlags();
  // One flag for the pair (decision 067); A's own side is the flag a review of A names.
  const pair = flags.find((f) => f.kind === "mirror-trading");
  expect(pair, JSON.stringify(flags)).toBeDefined();
  flagOfA = { ...pair!, id: pair!.sides!.find((side) => side.userId === students[0]!.id)!.flagId };
}, 240_000);

describe("the pattern, flagged by the server's own task", () => {
  it("flags the mirrored pair as one flag with both students' sides, counted one to one, and nothing for the shared classroom address", async () => {
    const { items, open } = await json<{ items: Flag[]; open: number }>(await clients.owner.request(`/api/events/${contest}/flags`));
    expect(items.map((f) => [f.kind, [f.person.userId, f.counterpart?.userId].sort()])).toEqual([["mirror-trading", [students[0]!.id, students[1]!.id].sort()]]);
    expect(open).toBe(1);
    expect(items[0]!.sides!.map((side) => side.userId).sort()).toEqual([students[0]!.id, students[1]!.id].sort());
    // A's two fills and two of C's three: two pairs, each fill in one pair at most.
    expect(flagOfA.evidence).toMatchObject({ pairs: 2, fillsMatched: 2, counterpartFillsMatched: 2 });
    expect(flagOfA.evidence.list as unknown[]).toHaveLength(2);
  });
});

describe("every fair-play route × role", () => {
  const cases: Array<{ name: string; request: () => { path: string; init?: Parameters<Client["request"]>[1] }; expect: Record<Role, number> }> = [
    {
      name: "GET /api/events/{slug}/flags",
      request: () => ({ path: `/api/events/${contest}/flags` }),
      expect: { visitor: 401, member: 404, studentA: 404, studentB: 404, owner: 200, otherOrganiser: 404, admin: 200 },
    },
    {
      name: "POST /api/fair-play/flags/{id} (dismiss)",
      request: () => ({ path: `/api/fair-play/flags/${flagOfA.id}`, init: { method: "POST", json: { decision: "dismiss" } } }),
      expect: { visitor: 401, member: 404, studentA: 404, studentB: 404, owner: 200, otherOrganiser: 404, admin: 200 },
    },
    {
      name: "GET /api/admin/fair-play/practice-flags",
      request: () => ({ path: "/api/admin/fair-play/practice-flags" }),
      expect: { visitor: 401, member: 403, studentA: 403, studentB: 403, owner: 403, otherOrganiser: 403, admin: 200 },
    },
  ];
  for (const c of cases) {
    it(c.name, async () => {
      const got = {} as Record<Role, number>;
      for (const role of ROLES) {
        const { path, init } = c.request();
        got[role] = (await clients[role].request(path, init)).status;
      }
      expect(got).toEqual(c.expect);
    });
  }
});

describe("reviewing over HTTP", () => {
  it("refuses a warning without a reason (400 naming reason), an unknown decision, and a forged Origin", async () => {
    const noReason = await clients.owner.request(`/api/fair-play/flags/${flagOfA.id}`, { method: "POST", json: { decision: "warn", reason: "   " } });
    expect(noReason.status).toBe(400);
    expect((await json<{ error: { fields: Record<string, string> } }>(noReason)).error.fields).toHaveProperty("reason");
    const unknown = await clients.owner.request(`/api/fair-play/flags/${flagOfA.id}`, { method: "POST", json: { decision: "ban" } });
    expect(unknown.status).toBe(400);
    expect((await json<{ error: { fields: Record<string, string> } }>(unknown)).error.fields).toHaveProperty("decision");
    const forged = await clients.owner.request(`/api/fair-play/flags/${flagOfA.id}`, { method: "POST", json: { decision: "dismiss" }, headers: { Origin: "http://attacker.invalid" } });
    expect(forged.status).toBe(403);
  });

  it("disqualify: off the board the student sees, the notice with the reason on their event page, and final", async () => {
    const reason = "You and a classmate traded against each other to lift one of you. Trade on your own.";
    const res = await clients.owner.request(`/api/fair-play/flags/${flagOfA.id}`, { method: "POST", json: { decision: "disqualify", reason } });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ status: "disqualified", reason });
    const board = await json<{ items: Array<{ you: boolean }> }>(await clients.studentA.request(`/api/events/${contest}/standings`));
    expect(board.items.some((i) => i.you)).toBe(false);
    const page = await (await clients.studentA.request(`/events/${contest}`)).text();
    expect(page).toContain("You are disqualified from this event");
    expect(page).toContain(reason.replace(/'/g, "&#x27;"));
    expect((await clients.admin.request(`/api/fair-play/flags/${flagOfA.id}`, { method: "POST", json: { decision: "dismiss" } })).status).toBe(409);
  });
});
