/**
 * Corrections over real HTTP against the built server (docs/decisions/041-corrections.md):
 * every corrections route × role (signed out, a member, the student who owns the portfolio, a
 * student of another class, the class's organiser, another organiser, an admin), input and
 * refusal answers, the Origin check, and the fill history both people read afterwards.
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
interface FillBody {
  id: string;
  side: string;
  quantity: number;
  price: string;
  reversalOf: string | null;
  reversedBy: string | null;
}

const clients = {} as Record<Role, Client>;
let admin: Client;
let classA: string;
let studentAId: string;
let portfolioA: string;

const json = async <T>(res: Response) => (await res.json()) as T;

async function signedInOrganiser(prefix: string) {
  const { client, person, id } = await signedInMember(prefix, `Organiser ${prefix}`);
  expect((await admin.request(`/api/admin/users/${id}`, { method: "PATCH", json: { role: "organiser" } })).status).toBe(200);
  await client.signIn(person.email, person.password);
  return client;
}

async function classWithStudent(teacher: Client, className: string, student: string): Promise<{ classId: string; card: Card }> {
  const created = await teacher.request("/api/classes", { method: "POST", json: { name: className } });
  expect(created.status).toBe(201);
  const { id } = await json<{ id: string }>(created);
  const res = await teacher.request(`/api/classes/${id}/roster`, { method: "POST", json: { students: [{ name: student }] } });
  expect(res.status).toBe(201);
  return { classId: id, card: (await json<{ students: Card[] }>(res)).students[0]! };
}

async function signedInStudent(card: Card) {
  const client = new Client();
  const { url } = await client.signIn(card.username, card.password);
  expect(url.searchParams.get("error")).toBeNull();
  return client;
}

/** The student buys `quantity` at market and answers the fill's id. */
async function buy(quantity = 1): Promise<string> {
  const res = await clients.studentA.request(`/api/portfolios/${portfolioA}/orders`, { method: "POST", json: { symbol: SYMBOL, side: "buy", type: "market", quantity } });
  expect(res.status).toBe(201);
  return (await json<{ fill: { id: string } }>(res)).fill.id;
}

beforeAll(async () => {
  admin = await signedInAdmin();
  clients.visitor = new Client();
  clients.member = (await signedInMember("corr-member", "Mo Member")).client;
  clients.owner = await signedInOrganiser("corr-owner");
  clients.otherOrganiser = await signedInOrganiser("corr-other");
  clients.admin = admin;
  const a = await classWithStudent(clients.owner, "Markets 10A", "Maya Kowalska");
  const b = await classWithStudent(clients.otherOrganiser, "Markets 10B", "Zed Outsider");
  classA = a.classId;
  studentAId = a.card.id;
  clients.studentA = await signedInStudent(a.card);
  clients.studentB = await signedInStudent(b.card);
  portfolioA = (await json<{ id: string }>(await clients.studentA.request("/api/portfolio"))).id;
}, 120_000);

describe("every corrections route × role", () => {
  const reason = "Checked in class";
  const cases: Array<{ name: string; request: () => Promise<{ path: string; init?: Parameters<Client["request"]>[1] }>; expect: Record<Role, number> }> = [
    {
      name: "POST /api/portfolios/{id}/adjustments",
      request: async () => ({ path: `/api/portfolios/${portfolioA}/adjustments`, init: { method: "POST", json: { amount: "1.00", reason } } }),
      expect: { visitor: 401, member: 404, studentA: 403, studentB: 404, owner: 201, otherOrganiser: 404, admin: 201 },
    },
    {
      name: "POST /api/portfolios/{id}/fills/{fillId}/reversal",
      // A fresh fill for every person: a reversed one would answer 409.
      request: async () => ({ path: `/api/portfolios/${portfolioA}/fills/${await buy()}/reversal`, init: { method: "POST", json: { reason } } }),
      expect: { visitor: 401, member: 404, studentA: 403, studentB: 404, owner: 201, otherOrganiser: 404, admin: 201 },
    },
    {
      name: "GET /api/portfolios/{id}/corrections",
      request: async () => ({ path: `/api/portfolios/${portfolioA}/corrections` }),
      expect: { visitor: 401, member: 404, studentA: 200, studentB: 404, owner: 200, otherOrganiser: 404, admin: 200 },
    },
    {
      name: "GET /api/portfolios/{id}/fills",
      request: async () => ({ path: `/api/portfolios/${portfolioA}/fills` }),
      expect: { visitor: 401, member: 404, studentA: 200, studentB: 404, owner: 200, otherOrganiser: 404, admin: 200 },
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

  it("opens the student's page for the class's teacher and an admin only (the class's student 403, anyone else 404)", async () => {
    const path = `/classes/${classA}/students/${studentAId}`;
    const statuses = await Promise.all((["owner", "admin", "otherOrganiser", "studentA"] as const).map(async (role) => (await clients[role].request(path)).status));
    expect(statuses).toEqual([200, 200, 404, 403]);
  });
});

describe("answers", () => {
  it("400 with fields for an amount that is not one, zero, too large, or a missing reason", async () => {
    const post = (body: unknown) => clients.owner.request(`/api/portfolios/${portfolioA}/adjustments`, { method: "POST", json: body });
    for (const amount of ["abc", "0", "0.00", "1.001", "1000000.01", "-1000000.01"]) {
      const res = await post({ amount, reason: "x" });
      expect(res.status, amount).toBe(400);
      expect((await json<{ error: { fields: Record<string, string> } }>(res)).error.fields.amount, amount).toBeTruthy();
    }
    const res = await post({ amount: "5.00", reason: "   " });
    expect(res.status).toBe(400);
    expect((await json<{ error: { fields: Record<string, string> } }>(res)).error.fields.reason).toMatch(/reason/i);
    expect((await post({ amount: "5.00", reason: "x".repeat(501) })).status).toBe(400);
  });

  it("422 ADJUSTMENT_NEGATIVE_CASH, 409 FILL_ALREADY_REVERSED, 422 FILL_IS_REVERSAL, 404 for another portfolio's fill; 403 CSRF_REJECTED from another site", async () => {
    const tooMuch = await clients.owner.request(`/api/portfolios/${portfolioA}/adjustments`, { method: "POST", json: { amount: "-1000000.00", reason: "Too much" } });
    expect(tooMuch.status).toBe(422);
    expect((await json<{ error: { code: string; message: string } }>(tooMuch)).error).toMatchObject({ code: "ADJUSTMENT_NEGATIVE_CASH", message: expect.stringContaining("Cash never goes negative") });

    const fillId = await buy(2);
    const reverse = (id: string, client = clients.owner) => client.request(`/api/portfolios/${portfolioA}/fills/${id}/reversal`, { method: "POST", json: { reason: "Wrong symbol" } });
    const first = await reverse(fillId);
    expect(first.status).toBe(201);
    const made = await json<{ reversalFillId: string; amount: string; fill: { id: string } }>(first);
    const again = await reverse(fillId);
    expect(again.status).toBe(409);
    expect((await json<{ error: { code: string } }>(again)).error.code).toBe("FILL_ALREADY_REVERSED");
    const undoUndo = await reverse(made.reversalFillId);
    expect(undoUndo.status).toBe(422);
    expect((await json<{ error: { code: string } }>(undoUndo)).error.code).toBe("FILL_IS_REVERSAL");
    expect((await reverse("00000000-0000-0000-0000-000000000000")).status).toBe(404);

    const forged = await clients.owner.request(`/api/portfolios/${portfolioA}/adjustments`, { method: "POST", json: { amount: "1.00", reason: "x" }, headers: { Origin: "http://attacker.invalid" } });
    expect(forged.status).toBe(403);
    expect((await json<{ error: { code: string } }>(forged)).error.code).toBe("CSRF_REJECTED");

    // The student reads both rows, marked, and the correction with its reason and who made it.
    const fills = await json<{ items: FillBody[] }>(await clients.studentA.request(`/api/portfolios/${portfolioA}/fills?pageSize=100`));
    const original = fills.items.find((f) => f.id === fillId)!;
    const compensation = fills.items.find((f) => f.id === made.reversalFillId)!;
    expect(original.reversedBy).toBe(compensation.id);
    expect(compensation).toMatchObject({ reversalOf: fillId, side: "sell", quantity: 2, price: original.price, reversedBy: null });
    const corrections = await json<{ items: Array<{ id: string; by: string; reason: string }> }>(await clients.studentA.request(`/api/portfolios/${portfolioA}/corrections`));
    expect(corrections.items).toEqual(expect.arrayContaining([expect.objectContaining({ by: "teacher", reason: "Wrong symbol" })]));
  });
});
