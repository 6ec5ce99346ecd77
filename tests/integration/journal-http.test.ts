/**
 * The journal, the class dashboard, the read-only student view and the report card over real
 * HTTP against the built server (docs/decisions/040-journal-dashboard-report-card.md): the note
 * on POST …/orders (stored, returned, validated, kept to its owner), and the new class routes ×
 * role (signed out, member, a student of the class, the class's organiser, another
 * organiser, admin).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { Client, signedInAdmin, signedInMember } from "./http-client";

type Role = "visitor" | "member" | "student" | "owner" | "otherOrganiser" | "admin";
const ROLES: Role[] = ["visitor", "member", "student", "owner", "otherOrganiser", "admin"];

const clients = {} as Record<Role, Client>;
let classId: string;
let studentId: string;
let portfolioId: string;
let symbol: string;

async function json<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

async function signedInOrganiser(admin: Client, prefix: string) {
  const { client, person, id } = await signedInMember(prefix, `Organiser ${prefix}`);
  expect((await admin.request(`/api/admin/users/${id}`, { method: "PATCH", json: { role: "organiser" } })).status).toBe(200);
  await client.signIn(person.email, person.password);
  return client;
}

beforeAll(async () => {
  const admin = await signedInAdmin();
  clients.visitor = new Client();
  clients.admin = admin;
  clients.member = (await signedInMember("journal-member", "Mia Member")).client;
  clients.owner = await signedInOrganiser(admin, "journal-owner");
  clients.otherOrganiser = await signedInOrganiser(admin, "journal-other");
  const created = await json<{ id: string; joinCode: string }>(await clients.owner.request("/api/classes", { method: "POST", json: { name: "Journal class" } }));
  classId = created.id;
  const student = await signedInMember("journal-student", "Sam Student");
  clients.student = student.client;
  studentId = student.id;
  expect((await clients.student.request("/api/classes/join", { method: "POST", json: { code: created.joinCode } })).status).toBe(200);
  const summary = await json<{ id: string }>(await clients.student.request("/api/portfolio"));
  portfolioId = summary.id;
  const quotes = await json<{ items: Array<{ symbol: string; kind?: string }> }>(await clients.student.request("/api/instruments"));
  symbol = quotes.items.find((i) => i.kind !== "index")!.symbol;
}, 120_000);

describe("the journal note on POST /api/portfolios/{id}/orders", () => {
  it("is stored and returned on the order and in the history, as the text it is", async () => {
    const note = "  <script>alert('x')</script> why: cheap\nsell if: < 90  ";
    const res = await clients.student.request(`/api/portfolios/${portfolioId}/orders`, { method: "POST", json: { symbol, side: "buy", type: "market", quantity: 1, note } });
    expect(res.status).toBe(201);
    const { order } = await json<{ order: { id: string; note: string | null } }>(res);
    expect(order.note).toBe(note.trim());
    const history = await json<{ items: Array<{ id: string; note: string | null }> }>(await clients.student.request(`/api/portfolios/${portfolioId}/orders`));
    expect(history.items.find((o) => o.id === order.id)!.note).toBe(note.trim());
  });

  it("refuses a note over 1,000 characters with a message on the field, and stores a blank one as none", async () => {
    const long = await clients.student.request(`/api/portfolios/${portfolioId}/orders`, { method: "POST", json: { symbol, side: "buy", type: "market", quantity: 1, note: "x".repeat(1001) } });
    expect(long.status).toBe(400);
    expect((await json<{ error: { fields: Record<string, string> } }>(long)).error.fields.note).toBe("A journal note is at most 1,000 characters.");
    const blank = await clients.student.request(`/api/portfolios/${portfolioId}/orders`, { method: "POST", json: { symbol, side: "buy", type: "market", quantity: 1, note: "   " } });
    expect(blank.status).toBe(201);
    expect((await json<{ order: { note: string | null } }>(blank)).order.note).toBeNull();
  });

  it("is nobody else's to read: another member gets 404 on the portfolio's orders", async () => {
    expect((await clients.member.request(`/api/portfolios/${portfolioId}/orders`)).status).toBe(404);
    expect((await clients.owner.request(`/api/portfolios/${portfolioId}/orders`)).status).toBe(404);
  });

  it("reaches the student's teacher through the class: the dashboard counts it, the student view shows it", async () => {
    const dashboard = await json<{ students: Array<{ id: string; journalEntries: number; tradesThisWeek: number }> }>(await clients.owner.request(`/api/classes/${classId}/dashboard`));
    expect(dashboard.students.find((s) => s.id === studentId)).toMatchObject({ journalEntries: 1 });
    const view = await json<{ portfolios: Array<{ kind: string; orders: { items: Array<{ note: string | null }> } }> }>(
      await clients.owner.request(`/api/classes/${classId}/students/${studentId}`),
    );
    expect(view.portfolios[0]!.orders.items.map((o) => o.note)).toContain("<script>alert('x')</script> why: cheap\nsell if: < 90");
  });
});

describe("the new routes × role", () => {
  const cases: Array<{ name: string; path: () => string; expect: Record<Role, number> }> = [
    {
      name: "GET /api/classes/{id}/dashboard",
      path: () => `/api/classes/${classId}/dashboard`,
      expect: { visitor: 401, member: 404, student: 403, owner: 200, otherOrganiser: 404, admin: 200 },
    },
    {
      name: "GET /api/classes/{id}/students/{studentId}",
      path: () => `/api/classes/${classId}/students/${studentId}`,
      expect: { visitor: 401, member: 404, student: 403, owner: 200, otherOrganiser: 404, admin: 200 },
    },
    {
      name: "GET /api/events/{slug}/report-card of an event that does not exist",
      path: () => "/api/events/no-such-event/report-card",
      expect: { visitor: 401, member: 404, student: 404, owner: 404, otherOrganiser: 404, admin: 404 },
    },
  ];

  it.each(cases)("$name", async ({ path, expect: expected }) => {
    const seen = {} as Record<Role, number>;
    for (const role of ROLES) {
      const res = await clients[role].request(path());
      seen[role] = res.status;
      if (res.status >= 400) expect((await json<{ error: { code: string } }>(res)).error.code).toMatch(/^[A-Z_]+$/);
      else await res.body?.cancel();
    }
    expect(seen).toEqual(expected);
  });

  it("answers 404 for someone who is not a student of the class, also to its teacher", async () => {
    const { id } = await signedInMember("journal-nobody", "No Body");
    expect((await clients.owner.request(`/api/classes/${classId}/students/${id}`)).status).toBe(404);
  });
});
