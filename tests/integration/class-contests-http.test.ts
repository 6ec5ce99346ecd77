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
      name: "POST /api/events/{slug}/join (a class contest nobody enrolled: one click, no code)",
      request: async () => ({ path: `/api/events/${await newContest(clients.owner, `Open cup ${++n}`)}/join`, init: { method: "POST", json: {} } }),
      // The class is the invitation: its members join without a code; nobody outside it can.
      expect: { visitor: 401, member: 404, studentA: 201, studentB: 404, owner: 201, otherOrganiser: 404, admin: 201 },
    },
    {
      name: "GET /api/events/{slug}/report-cards (a class contest still running)",
      request: async () => ({ path: `/api/events/${contest}/report-cards` }),
      // Its managers get past the door (409: not ended yet); a student of the class and everyone else 404.
      expect: { visitor: 401, member: 404, studentA: 404, studentB: 404, owner: 409, otherOrganiser: 404, admin: 409 },
    },
    {
      name: "POST /api/classes/{id}/contests/{slug}/random-teams",
      request: async () => ({ path: `/api/classes/${classA.id}/contests/${await newContest(clients.owner, `Random cup ${++n}`, { min: 2, max: 3 })}/random-teams`, init: { method: "POST", json: { size: 3 } } }),
      expect: { visitor: 401, member: 404, studentA: 403, studentB: 404, owner: 201, otherOrganiser: 404, admin: 201 },
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
    // Its corrections are read by every teammate (the page asks on every load: a 404 before),
    // and by no one outside the team.
    expect((await leo.request(`/api/portfolios/${team.portfolioId}/corrections`)).status).toBe(200);
    expect((await clients.studentB.request(`/api/portfolios/${team.portfolioId}/corrections`)).status).toBe(404);
  });
});

describe("the class page's contests", () => {
  it("say how many students are not in a contest yet, to its teacher only: enrolling everyone leaves none", async () => {
    const slug = await newContest(clients.owner, "Count cup");
    type Contest = { slug: string; studentsOut: number | null; participants: number };
    const contestOf = async (client: Client) => (await json<{ contests: Contest[] }>(await client.request(`/api/classes/${classA.id}`))).contests.find((c) => c.slug === slug)!;
    expect(await contestOf(clients.owner)).toMatchObject({ studentsOut: 3, participants: 0 });
    expect((await contestOf(clients.studentA)).studentsOut).toBeNull();
    expect((await clients.studentA.request(`/api/events/${slug}/join`, { method: "POST", json: {} })).status).toBe(201);
    expect(await contestOf(clients.owner)).toMatchObject({ studentsOut: 2, participants: 1 });
    expect(await json(await clients.owner.request(`/api/classes/${classA.id}/contests/${slug}/enrol`, { method: "POST" }))).toEqual({ enrolled: 2, already: 1, refused: [] });
    expect(await contestOf(clients.owner)).toMatchObject({ studentsOut: 0, participants: 3 });
  });

  it("random teams: the students in no team dealt into teams of the size asked, the result stated; none left to deal is a 422 that says so", async () => {
    const slug = await newContest(clients.owner, "Deal cup", { min: 2, max: 3 });
    const answer = await clients.owner.request(`/api/classes/${classA.id}/contests/${slug}/random-teams`, { method: "POST", json: { size: 2 } });
    expect(answer.status).toBe(201);
    // Three students in teams of 2: one team of 2, the third spread into it (a team of 3 is allowed).
    expect(await json(answer)).toMatchObject({ teams: [{ name: "Team 1", size: 3 }], placed: 3, leftOut: 0, alreadyInTeams: 0 });
    const again = await clients.owner.request(`/api/classes/${classA.id}/contests/${slug}/random-teams`, { method: "POST", json: { size: 2 } });
    expect(again.status).toBe(422);
    expect(await json(again)).toMatchObject({ error: { code: "NO_RANDOM_TEAMS", message: "Every student is in a team already." } });
    const tooBig = await clients.owner.request(`/api/classes/${classA.id}/contests/${slug}/random-teams`, { method: "POST", json: { size: 4 } });
    expect(tooBig.status).toBe(422);
    expect((await json<{ error: { message: string } }>(tooBig)).error.message).toMatch(/from 2 to 3/);
    // The teams' member ids are the teacher's, not a student's.
    const teams = async (client: Client) => (await json<{ items: Array<{ memberIds: string[] | null }> }>(await client.request(`/api/events/${slug}/teams`))).items;
    expect((await teams(clients.owner))[0]!.memberIds).toHaveLength(3);
    expect((await teams(clients.studentA))[0]!.memberIds).toBeNull();
    // A student already placed is named, with the team, when the teacher tries to place them again.
    const placedAgain = await clients.owner.request(`/api/classes/${classA.id}/contests/${slug}/teams`, { method: "POST", json: { name: "Again", members: [students[0]!.id] } });
    expect(placedAgain.status).toBe(422);
    expect((await json<{ error: { message: string } }>(placedAgain)).error.message).toBe("Maya Kowalska is in team Team 1 already: one team per person.");
  });
});
