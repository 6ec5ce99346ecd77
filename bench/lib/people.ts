import { HttpClient } from "../../tests/setup/http-client";

/** A new person for a benchmark, registered and signed in on `url` (`prefix` keeps each bench's addresses apart). */
export async function signedIn(url: string, prefix: string, i: number): Promise<HttpClient> {
  const person = { email: `${prefix}-${i}-${Date.now()}@bench.test`, password: "bench password 1", name: `Bench ${i}` };
  const client = new HttpClient(url);
  const registered = await client.register(person);
  if (registered.status !== 201) throw new Error(`register ${registered.status}: ${await registered.text()}`);
  const { status } = await client.signIn(person.email, person.password);
  if (status !== 200) throw new Error(`sign-in ${status}`);
  return client;
}
