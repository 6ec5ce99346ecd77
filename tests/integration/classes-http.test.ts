/**
 * Classes over real HTTP against the built server (docs/decisions/038-classes.md): every class
 * route × role (signed out, member, a student of the class, a student of another class, the
 * class's organiser, another organiser, admin), username sign-in through next-auth's own
 * credentials callback and its rate limit, a new password ending the student's sessions, and
 * the pages' guard outside the specification's prefixes.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { appUrl, Client, signedInAdmin, signedInMember } from "./http-client";

type Role = "visitor" | "member" | "studentA" | "studentB" | "owner" | "otherOrganiser" | "admin";
const ROLES: Role[] = ["visitor", "member", "studentA", "studentB", "owner", "otherOrganiser", "admin"];

interface Created {
  id: string;
  joinCode: string;
}
interface Card {
  id: string;
  name: string;
  username: string;
  password: string;
}

const clients = {} as Record<Role, Client>;
let admin: Client;
let classA: Created;
let classB: Created;
let classC: Created;
let studentA: Card;
let classmates: Card[];

async function json<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

/** A member the admin made an organiser: the same session has the role at its next request (decision 067). */
async function signedInOrganiser(prefix: string) {
  const { client, id } = await signedInMember(prefix, `Organiser ${prefix}`);
  expect((await admin.request(`/api/admin/users/${id}`, { method: "PATCH", json: { role: "organiser" } })).status).toBe(200);
  expect(((await client.session()).user as { role: string }).role).toBe("organiser");
  return client;
}

async function createClass(client: Client, name: string): Promise<Created> {
  const res = await client.request("/api/classes", { method: "POST", json: { name } });
  expect(res.status).toBe(201);
  return json<Created>(res);
}

async function roster(client: Client, classId: string, names: string[]): Promise<Card[]> {
  const res = await client.request(`/api/classes/${classId}/roster`, { method: "POST", json: { students: names.map((name) => ({ name })) } });
  expect(res.status).toBe(201);
  return (await json<{ students: Card[] }>(res)).students;
}

async function signedInStudent(card: Card) {
  const client = new Client();
  const { url } = await client.signIn(card.username, card.password);
  expect(url.searchParams.get("error")).toBeNull();
  return client;
}

beforeAll(async () => {
  admin = await signedInAdmin();
  clients.visitor = new Client();
  clients.member = (await signedInMember("class-member", "Mia Member")).client;
  clients.owner = await signedInOrganiser("class-owner");
  clients.otherOrganiser = await signedInOrganiser("class-other");
  clients.admin = admin;
  classA = await createClass(clients.owner, "Economics 9B");
  classB = await createClass(clients.otherOrganiser, "Economics 9C");
  classC = await createClass(clients.otherOrganiser, "Open class");
  const made = await roster(clients.owner, classA.id, ["Maya Kowalska", "Leo Brandt", "Ada Lovelace"]);
  studentA = made[0]!;
  classmates = made.slice(1);
  const [studentB] = await roster(clients.otherOrganiser, classB.id, ["Zed Outsider"]);
  clients.studentA = await signedInStudent(studentA!);
  clients.studentB = await signedInStudent(studentB!);
}, 120_000);

describe("username sign-in", () => {
  it("signs a roster account in through POST /api/auth/callback/credentials, with no email in its session", async () => {
    const session = await clients.studentA.session();
    expect(session.user).toMatchObject({ name: "Maya Kowalska", email: null, username: studentA.username, roster: true, classes: true, role: "member" });
    // The username is read whatever its case, like an address.
    const shouting = new Client();
    const { url } = await shouting.signIn(` ${studentA.username.toUpperCase()} `, studentA.password);
    expect(url.searchParams.get("error")).toBeNull();
    expect(((await shouting.session()).user as { username: string }).username).toBe(studentA.username);
  });

  it("answers a wrong password for a username as for an address, and limits attempts per username", async () => {
    const [target] = await roster(clients.owner, classA.id, ["Lim Ited"]);
    for (let i = 0; i < 3; i++) {
      const wrong = await new Client().signIn(target!.username, "wrong-pass-word");
      expect(wrong.status).toBe(401);
      expect(wrong.url.searchParams.get("error")).toBe("CredentialsSignin");
    }
    const client = new Client();
    const csrfToken = await client.csrfToken();
    const res = await client.request("/api/auth/callback/credentials", {
      method: "POST",
      form: { email: target!.username, password: target!.password, csrfToken, callbackUrl: `${appUrl()}/`, json: "true" },
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(new URL((await json<{ url: string }>(res)).url).searchParams.get("error")).toBe("TooManyAttempts");
    const wait = await json<{ retryAfterSeconds: number }>(await client.request(`/api/account/attempts?action=sign-in&email=${target!.username}`));
    expect(wait.retryAfterSeconds).toBeGreaterThan(14 * 60);
    expect(await client.session()).toEqual({});
  });

  it("ends every session of a student whose teacher gives them a new password", async () => {
    const [target] = await roster(clients.owner, classA.id, ["Rhea Reset"]);
    const laptop = await signedInStudent(target!);
    const phone = await signedInStudent(target!);
    expect((await laptop.request(`/api/classes/${classA.id}`)).status).toBe(200);
    const res = await clients.owner.request(`/api/classes/${classA.id}/students/${target!.id}/password`, { method: "POST" });
    expect(res.status).toBe(200);
    const { password } = await json<{ password: string }>(res);
    expect(password).not.toBe(target!.password);
    expect((await laptop.request(`/api/classes/${classA.id}`)).status).toBe(401);
    expect((await phone.request("/api/account")).status).toBe(401);
    expect((await new Client().signIn(target!.username, target!.password)).url.searchParams.get("error")).toBe("CredentialsSignin");
    expect((await (await signedInStudent({ ...target!, password })).request("/api/account")).status).toBe(200);
  });
});

describe("every class route × role", () => {
  /** A roster student of class A made for one request that acts on them (they may not survive it). */
  const freshStudent = async () => (await roster(clients.owner, classA.id, ["Tara Target"]))[0]!.id;
  const cases: Array<{ name: string; request: () => Promise<{ path: string; init?: Parameters<Client["request"]>[1] }>; expect: Record<Role, number> }> = [
    {
      name: "GET /api/classes",
      request: async () => ({ path: "/api/classes" }),
      expect: { visitor: 401, member: 200, studentA: 200, studentB: 200, owner: 200, otherOrganiser: 200, admin: 200 },
    },
    {
      name: "POST /api/classes",
      request: async () => ({ path: "/api/classes", init: { method: "POST", json: { name: "Matrix class" } } }),
      expect: { visitor: 401, member: 403, studentA: 403, studentB: 403, owner: 201, otherOrganiser: 201, admin: 201 },
    },
    {
      name: "POST /api/classes/join",
      request: async () => ({ path: "/api/classes/join", init: { method: "POST", json: { code: classC.joinCode } } }),
      expect: { visitor: 401, member: 200, studentA: 200, studentB: 200, owner: 200, otherOrganiser: 200, admin: 200 },
    },
    {
      name: "GET /api/classes/{id}",
      request: async () => ({ path: `/api/classes/${classA.id}` }),
      expect: { visitor: 401, member: 404, studentA: 200, studentB: 404, owner: 200, otherOrganiser: 404, admin: 200 },
    },
    {
      name: "POST /api/classes/{id}/roster",
      request: async () => ({ path: `/api/classes/${classA.id}/roster`, init: { method: "POST", json: { students: [{ name: "Rosa Roster" }] } } }),
      expect: { visitor: 401, member: 404, studentA: 403, studentB: 404, owner: 201, otherOrganiser: 404, admin: 201 },
    },
    {
      name: "POST /api/classes/{id}/students/{studentId}/password",
      request: async () => ({ path: `/api/classes/${classA.id}/students/${await freshStudent()}/password`, init: { method: "POST" } }),
      expect: { visitor: 401, member: 404, studentA: 403, studentB: 404, owner: 200, otherOrganiser: 404, admin: 200 },
    },
    {
      name: "DELETE /api/classes/{id}/students/{studentId}",
      request: async () => ({ path: `/api/classes/${classA.id}/students/${await freshStudent()}`, init: { method: "DELETE" } }),
      expect: { visitor: 401, member: 404, studentA: 403, studentB: 404, owner: 204, otherOrganiser: 404, admin: 204 },
    },
    {
      name: "DELETE /api/classes/{id}/students/{studentId}/account",
      request: async () => ({ path: `/api/classes/${classA.id}/students/${await freshStudent()}/account`, init: { method: "DELETE" } }),
      expect: { visitor: 401, member: 404, studentA: 403, studentB: 404, owner: 204, otherOrganiser: 404, admin: 204 },
    },
    {
      name: "GET /api/admin/settings",
      request: async () => ({ path: "/api/admin/settings" }),
      expect: { visitor: 401, member: 403, studentA: 403, studentB: 403, owner: 403, otherOrganiser: 403, admin: 200 },
    },
    {
      name: "PATCH /api/admin/settings",
      request: async () => ({ path: "/api/admin/settings", init: { method: "PATCH", json: { membersMayCreateClasses: false } } }),
      expect: { visitor: 401, member: 403, studentA: 403, studentB: 403, owner: 403, otherOrganiser: 403, admin: 200 },
    },
  ];

  it.each(cases)("$name", async ({ request, expect: expected }) => {
    const seen = {} as Record<Role, number>;
    for (const role of ROLES) {
      const { path, init } = await request();
      const res = await clients[role].request(path, init);
      seen[role] = res.status;
      if (res.status >= 400) {
        // Refusals in our error shape, never a hint of what the class holds.
        const body = await json<{ error: { code: string } }>(res);
        expect(body.error.code, `${role} ${path}`).toMatch(/^[A-Z_]+$/);
      } else await res.body?.cancel();
    }
    expect(seen).toEqual(expected);
  });

  it("shows the teacher's view to the owner and admins, and a student only first names and initials", async () => {
    const asOwner = await json<{ view: string; students: Array<{ username: string | null }> }>(await clients.owner.request(`/api/classes/${classA.id}`));
    expect(asOwner.view).toBe("teacher");
    expect(asOwner.students.map((s) => s.username)).toEqual(expect.arrayContaining(classmates.map((c) => c.username)));
    expect((await json<{ view: string }>(await admin.request(`/api/classes/${classA.id}`))).view).toBe("teacher");

    const res = await clients.studentA.request(`/api/classes/${classA.id}`);
    const text = await res.text();
    const asStudent = JSON.parse(text) as { view: string; classmates: string[] };
    expect(asStudent.view).toBe("student");
    expect(asStudent.classmates).toEqual(expect.arrayContaining(["Ada L.", "Leo B."]));
    for (const mate of classmates) {
      expect(text).not.toContain(mate.username);
      expect(text).not.toContain(mate.id);
    }
    expect(text).not.toMatch(/Brandt|Lovelace|joinCode|inviteUrl/);
  });

  it("lists only the caller's own classes, and every class to an admin", async () => {
    const ids = async (client: Client) => (await json<{ items: Array<{ id: string }> }>(await client.request("/api/classes?pageSize=100"))).items.map((c) => c.id);
    // Class C: every role joined it with its code in the matrix above.
    expect((await ids(clients.studentA)).sort()).toEqual([classA.id, classC.id].sort());
    expect(await ids(clients.owner)).not.toContain(classB.id);
    expect(await ids(clients.otherOrganiser)).not.toContain(classA.id);
    expect(await ids(admin)).toEqual(expect.arrayContaining([classA.id, classB.id, classC.id]));
  });
});

describe("the class pages", () => {
  it("need a session although they are outside the specification's prefixes, and hide other people's classes", async () => {
    for (const path of ["/classes", `/classes/${classA.id}`, "/classes/join?code=ABCD-EFGH"]) {
      const res = await new Client().request(path);
      expect(res.status, path).toBe(307);
      const location = new URL(res.headers.get("location")!, appUrl());
      expect(location.pathname).toBe("/login");
      expect(location.searchParams.get("error")).toBe("SessionRequired");
      expect(location.searchParams.get("callbackUrl")).toBe(path);
    }
    const foreign = await clients.otherOrganiser.request(`/classes/${classA.id}`);
    expect(foreign.status).toBe(404);
    const own = await clients.studentA.request(`/classes/${classA.id}`);
    expect(own.status).toBe(200);
    expect(await own.text()).toContain("Economics 9B");
  });
});
