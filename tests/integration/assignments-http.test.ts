/**
 * Assignments and the gradebook over real HTTP against the built server
 * (docs/decisions/039-assignments.md): every route × role (signed out, a student of the class,
 * a student of another class, the class's organiser, another organiser, admin), a cross-site
 * POST refused, a real order counted, and the CSV answered as an attachment.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { Client, signedInAdmin, signedInMember } from "./http-client";

type Role = "visitor" | "studentA" | "studentB" | "owner" | "otherOrganiser" | "admin";
const ROLES: Role[] = ["visitor", "studentA", "studentB", "owner", "otherOrganiser", "admin"];

interface Card {
  id: string;
  username: string;
  password: string;
}

const clients = {} as Record<Role, Client>;
let admin: Client;
let classA: string;
let assignmentId: string;
let studentA: Card;

async function json<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

async function signedInOrganiser(prefix: string) {
  const { client, person, id } = await signedInMember(prefix, `Organiser ${prefix}`);
  expect((await admin.request(`/api/admin/users/${id}`, { method: "PATCH", json: { role: "organiser" } })).status).toBe(200);
  await client.signIn(person.email, person.password);
  return client;
}

async function classWith(client: Client, name: string, students: string[]) {
  const created = await json<{ id: string }>(await client.request("/api/classes", { method: "POST", json: { name } }));
  const res = await client.request(`/api/classes/${created.id}/roster`, { method: "POST", json: { students: students.map((n) => ({ name: n })) } });
  return { id: created.id, students: (await json<{ students: Card[] }>(res)).students };
}

async function signedInStudent(card: Card) {
  const client = new Client();
  await client.signIn(card.username, card.password);
  return client;
}

const dueIn = (ms: number) => new Date(Date.now() + ms).toISOString();
const body = { title: "Week 1", dueAt: dueIn(86_400_000), tasks: [{ kind: "trades", count: 1 }, { kind: "max-weight", pct: 50 }] };

beforeAll(async () => {
  admin = await signedInAdmin();
  clients.visitor = new Client();
  clients.admin = admin;
  clients.owner = await signedInOrganiser("assign-owner");
  clients.otherOrganiser = await signedInOrganiser("assign-other");
  const a = await classWith(clients.owner, "Economics 9B", ["Maya Kowalska"]);
  const b = await classWith(clients.otherOrganiser, "Economics 9C", ["Zed Outsider"]);
  classA = a.id;
  studentA = a.students[0]!;
  clients.studentA = await signedInStudent(studentA);
  clients.studentB = await signedInStudent(b.students[0]!);
  const res = await clients.owner.request(`/api/classes/${classA}/assignments`, { method: "POST", json: body });
  expect(res.status).toBe(201);
  assignmentId = (await json<{ id: string }>(res)).id;
}, 120_000);

describe("every assignments route × role", () => {
  const cases: Array<{ name: string; request: () => { path: string; init?: Parameters<Client["request"]>[1] }; expect: Record<Role, number> }> = [
    {
      name: "GET /api/classes/{id}/assignments",
      request: () => ({ path: `/api/classes/${classA}/assignments` }),
      expect: { visitor: 401, studentA: 200, studentB: 404, owner: 200, otherOrganiser: 404, admin: 200 },
    },
    {
      name: "POST /api/classes/{id}/assignments",
      request: () => ({ path: `/api/classes/${classA}/assignments`, init: { method: "POST", json: body } }),
      expect: { visitor: 401, studentA: 403, studentB: 404, owner: 201, otherOrganiser: 404, admin: 201 },
    },
    {
      name: "GET /api/classes/{id}/gradebook",
      request: () => ({ path: `/api/classes/${classA}/gradebook` }),
      expect: { visitor: 401, studentA: 403, studentB: 404, owner: 200, otherOrganiser: 404, admin: 200 },
    },
    {
      name: "GET /api/classes/{id}/gradebook.csv",
      request: () => ({ path: `/api/classes/${classA}/gradebook.csv` }),
      expect: { visitor: 401, studentA: 403, studentB: 404, owner: 200, otherOrganiser: 404, admin: 200 },
    },
    {
      name: "PUT /api/classes/{id}/assignments/{assignmentId}/scores/{studentId}",
      request: () => ({ path: `/api/classes/${classA}/assignments/${assignmentId}/scores/${studentA.id}`, init: { method: "PUT", json: { score: 75, comment: "Good reasons" } } }),
      expect: { visitor: 401, studentA: 403, studentB: 404, owner: 200, otherOrganiser: 404, admin: 200 },
    },
    {
      name: "DELETE /api/classes/{id}/assignments/{assignmentId}/scores/{studentId}",
      request: () => ({ path: `/api/classes/${classA}/assignments/${assignmentId}/scores/${studentA.id}`, init: { method: "DELETE" } }),
      expect: { visitor: 401, studentA: 403, studentB: 404, owner: 204, otherOrganiser: 404, admin: 204 },
    },
  ];

  it.each(cases)("$name", async ({ request, expect: expected }) => {
    const seen = {} as Record<Role, number>;
    for (const role of ROLES) {
      const { path, init } = request();
      const res = await clients[role].request(path, init);
      seen[role] = res.status;
      if (res.status >= 400) expect((await json<{ error: { code: string } }>(res)).error.code, `${role} ${path}`).toMatch(/^[A-Z_]+$/);
      else await res.body?.cancel();
    }
    expect(seen).toEqual(expected);
  });

  it("refuses a cross-site POST and explains a bad task", async () => {
    const cross = await clients.owner.request(`/api/classes/${classA}/assignments`, { method: "POST", json: body, headers: { origin: "https://elsewhere.example", "sec-fetch-site": "cross-site" } });
    expect(cross.status).toBe(403);
    expect((await json<{ error: { code: string } }>(cross)).error.code).toBe("CSRF_REJECTED");
    const bad = await clients.owner.request(`/api/classes/${classA}/assignments`, { method: "POST", json: { ...body, tasks: [{ kind: "trades", count: 0 }] } });
    expect(bad.status).toBe(400);
    expect((await json<{ error: { message: string } }>(bad)).error.message).toMatch(/at least 1/);
    const past = await clients.owner.request(`/api/classes/${classA}/assignments`, { method: "POST", json: { ...body, dueAt: dueIn(-60_000) } });
    expect(past.status).toBe(400);
  });
});

describe("progress from what the student did", () => {
  it("counts a real order placed over HTTP, shows it to the student and the teacher, and the CSV carries the score", async () => {
    const instruments = await json<{ items: Array<{ symbol: string; kind: string; active: boolean }> }>(await clients.studentA.request("/api/instruments"));
    const symbol = instruments.items.find((i) => i.kind === "stock" && i.active)!.symbol;
    const portfolio = await json<{ id: string }>(await clients.studentA.request("/api/portfolio"));
    const placed = await clients.studentA.request(`/api/portfolios/${portfolio.id}/orders`, { method: "POST", json: { symbol, side: "buy", type: "market", quantity: 1 } });
    expect(placed.status).toBe(201);
    const order = (await json<{ order: { id: string; status: string } }>(placed)).order;
    expect(order.status).toBe("filled");

    const mine = await json<{ view: string; items: Array<{ id: string; progress: { tasks: Array<{ complete: boolean; evidence: Array<{ orderId?: string }> }> } }> }>(
      await clients.studentA.request(`/api/classes/${classA}/assignments`),
    );
    expect(mine.view).toBe("student");
    const week1 = mine.items.find((i) => i.id === assignmentId)!;
    expect(week1.progress.tasks[0]).toMatchObject({ complete: true, evidence: [{ orderId: order.id }] });

    const book = await json<{ students: Array<{ id: string; cells: Array<{ assignmentId: string; done: number; score: number }> }> }>(
      await clients.owner.request(`/api/classes/${classA}/gradebook`),
    );
    expect(book.students.find((s) => s.id === studentA.id)!.cells.find((c) => c.assignmentId === assignmentId)).toMatchObject({ done: 2, score: 100 });

    const csv = await clients.owner.request(`/api/classes/${classA}/gradebook.csv?shape=canvas`);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="economics-9b-gradebook-canvas\.csv"$/);
    const lines = (await csv.text()).split("\r\n");
    expect(lines[0]).toMatch(/^Student,ID,SIS User ID,SIS Login ID,Section,Week 1/);
    expect(lines.find((l) => l.includes(studentA.id))).toContain(",100");
  });
});
