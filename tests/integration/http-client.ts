import { expect, inject } from "vitest";
import { uniqueEmail } from "../factories/emails";
import { TEST_ADMIN } from "../setup/app-server";
import { HttpClient } from "../setup/http-client";

export { TEST_ADMIN };

export const appUrl = () => inject("appUrl");

/** The HTTP client, pointed at this run's test server. */
export class Client extends HttpClient {
  constructor(base = appUrl()) {
    super(base);
  }
}

/** A new member, registered and signed in on this run's test server. */
export async function signedInMember(prefix = "api", name = "Api Member") {
  const client = new Client();
  const person = { email: uniqueEmail(prefix), password: "a good password", name };
  expect((await client.register(person)).status).toBe(201);
  await client.signIn(person.email, person.password);
  const id = ((await client.session()).user as { id: string }).id;
  return { client, person, id };
}

/** The test server's seeded admin, signed in. */
export async function signedInAdmin() {
  const client = new Client();
  await client.signIn(TEST_ADMIN.email, TEST_ADMIN.password);
  expect(((await client.session()).user as { role: string }).role).toBe("admin");
  return client;
}
