/**
 * Class contests and teams over real HTTP against the built server
 * (docs/decisions/042-class-contests-and-teams.md): every route × role (signed out, member,
 * a student of the class, a student of another class, the class's organiser, another
 * organiser, admin). Outside the class it is 404, as for no contest; a student gets 403 on a
 * teacher's action; a student not in a team cannot trade its portfolio.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { Client, signedInAdmin, signedInMember } from "./http-client";

type Role = "visitor" | "member" | "studentA" | "studentB" | "owner" | "otherOrganiser" | "admin";
const ROLES: Role[] = ["visitor", "member", "studentA", "studentB", "owner", "otherOrganiser", "admin"];

interface Card {
  id: string;
  name: string;
  username: string;
  password: string;
}

const clients = {} as Record<Role, Client>;
let admin: Client;
let classA: { id: string };
let students: Card[];
let contest: string;
let teamContest: string;
let team: { code: string; portfolioId: string };

async function json<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

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

const window = () => ({ startsAt: new Date(Date.now() - 3_600_000).toISOString(), endsAt: new Date(Date.now() + 86_400_000).toISOString() });

async function newContest(client: Client, title: string, teams: { min: number; max: number } | null = null) {
  const res = await client.request(`/api/classes/${classA.id}/contests`, { method: "POST", json: { title, startingCash: "10000.00", ...window(), teams } });
  expect(res.status).toBe(201);
  return (await json<{ slug: string }>(res)).slug;
}

beforeAll(async () => {
  admin = await signedInAdmin();
  clients.visitor = new Client();
  clients.member = (await signedInMember("contest-member", "Mia Member")).client;
  clients.owner = await signedInOrganiser("contest-owner");
  clients.otherOrganiser = await signedInOrganiser("contest-other");
  clients.admin = admin;
  classA = await json<{ id: string }>(await clients.owner.request("/api/classes", { method: "POST", json: { name: "Economics 10A" } }));
  const classB = await json<{ id: string }>(await clients.otherOrganiser.request("/api/classes", { method: "POST", json: { name: "Economics 10B" } }));
  students = (await json<{ students: Card[] }>(await clients.owner.request(`/api/classes/${classA.id}/roster`, { method: "POST", json: { students: ["Maya Kowalska", "Leo Brandt", "Ada Lovelace"].map((name) => ({ name })) } }))).students;
  const [outsider] = (await json<{ students: Card[] }>(await clients.otherOrganiser.request(`/api/classes/${classB.id}/roster`, { method: "POST", json: { students: [{ name: "Zed Outsider" }] } }))).students;
  clients.studentA = await signedInStudent(students[0]!);
  clients.studentB = await signedInStudent(outsider!);
  contest = await newContest(clients.owner, "10A Cup");
  teamContest = await newContest(clients.owner, "10A Team Cup", { min: 2, max: 3 });
  const founded = await clients.studentA.request(`/api/events/${teamContest}/teams`, { method: "POST", json: { name: "Bulls" } });
  expect(founded.status).toBe(201);
  team = await json<{ code: string; portfolioId: string }>(founded);
}, 180_000);

describe("every class contest route × role", () => {
  let n = 0;
  const cases: Array<{ name: string; request: () => Promise<{ path: string; init?: Parameters<Client["request"]>[1] }>; expect: Record<Role, number> }> = [
    {
      name: "POST /api/classes/{id}/contests",
      request: async () => ({ path: `/api/classes/${classA.id}/contests`, init: { method: "POST", json: { title: `Matrix cup ${++n}`, startingCash: "10000.00", ...window() } } }),
      expect: { visitor: 401, member: 404, studentA: 403, studentB: 404, owner: 201, otherOrganiser: 404, admin: 201 },
    },
    {
      name: "POST /api/classes/{id}/contests/{slug}/enrol",
      request: async () => ({ path: `/api/classes/${classA.id}/contests/${contest}/enrol`, init: { method: "POST" } }),
      expect: { visitor: 401, member: 404, studentA: 403, studentB: 404, owner: 200, otherOrganiser: 404, admin: 200 },
    },
    {
      name: "GET /api/events/{slug} (a class contest)",
      request: async () => ({ path: `/api/events/${contest}` }),
      expect: { visitor: 401, member: 404, studentA: 200, studentB: 404, owner: 200, otherOrganiser: 404, admin: 200 },
    },
    {
      name: "GET /api/events/{slug}/standings (a class contest)",
      request: async () => ({ path: `/api/events/${contest}/standings` }),
      expect: { visitor: 401, member: 404, studentA: 200, studentB: 404, owner: 200, otherOrganiser: 404, admin: 200 },
    },
    {
      name: "POST /api/events/{slug}/join (a class contest)",
      request: async () => ({ path: `/api/events/${contest}/join`, init: { method: "POST", json: {} } }),
      // studentA was enrolled above (200: the same portfolio); the teacher and the admin join now (201).
      expect: { visitor: 401, member: 404, studentA: 200, studentB: 404, owner: 201, otherOrganiser: 404, admin: 201 },
    },
    {
      name: "GET /api/events/{slug}/teams",
      request: async () => ({ path: `/api/events/${teamContest}/teams` }),
      expect: { visitor: 401, member: 404, studentA: 200, studentB: 404, owner: 200, otherOrganiser: 404, admin: 200 },
    },
    {
      name: "POST /api/classes/{id}/contests/{slug}/teams",
      request: async () => ({ path: `/api/classes/${classA.id}/contests/${teamContest}/teams`, init: { method: "POST", json: { name: `Team ${++n}`, members: [students[2]!.id] } } }),
      // The first allowed call puts the student in a team; the second is refused: one team per person.
      expect: { visitor: 401, member: 404, studentA: 403, studentB: 404, owner: 201, otherOrganiser: 404, admin: 422 },
    },
  ];

  it.each(cases)("$name", async ({ request, expect: expected }) => {
    const seen = {} as Record<Role, number>;
    for (const role of ROLES) {
      const { path, init } = await request();
      const res = await clients[role].request(path, init);
      seen[role] = res.status;
      if (res.status >= 400) expect((await json<{ error: { code: string } }>(res)).error.code, `${role} ${path}`).toMatch(/^[A-Z_]+$/);
      else await res.body?.cancel();
    }
    expect(seen).toEqual(expected);
  });
});

describe("a team's portfolio", () => {
  it("is traded by its members only; the history names who placed each order", async () => {
    const leo = await signedInStudent(students[1]!);
    const order = { symbol: "NWRB", side: "buy", type: "market", quantity: 1 };
    // Not in the team yet: the portfolio does not exist for Leo.
    expect((await leo.request(`/api/portfolios/${team.portfolioId}/orders`, { method: "POST", json: order })).status).toBe(404);
    expect((await leo.request(`/api/events/${teamContest}/teams/join`, { method: "POST", json: { code: team.code } })).status).toBe(200);
    const placed = await leo.request(`/api/portfolios/${team.portfolioId}/orders`, { method: "POST", json: order });
    expect([201, 422]).toContain(placed.status);
    const history = await json<{ items: Array<{ placedBy: string | null }> }>(await clients.studentA.request(`/api/portfolios/${team.portfolioId}/orders`));
    expect(history.items[0]!.placedBy).toBe("Leo B.");
    expect((await clients.studentB.request(`/api/portfolios/${team.portfolioId}/orders`)).status).toBe(404);
  });
});
