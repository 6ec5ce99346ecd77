import { hashPassword } from "@/server/auth/passwords";
import { createUser, type NewUser } from "@/server/auth/users";
import type { Db } from "@/server/db";

import { uniqueEmail } from "./emails";

export { uniqueEmail };

export function buildUser(overrides: Partial<NewUser> = {}): NewUser {
  return { email: uniqueEmail(), name: "Test Person", role: "member", ...overrides };
}

/** Inserts a person; with `password`, a verified password account. */
export async function createTestUser(db: Db, overrides: Partial<NewUser> & { password?: string } = {}) {
  const { password, ...rest } = overrides;
  return createUser(db, {
    ...buildUser(rest),
    ...(password && { passwordHash: await hashPassword(password), emailVerified: rest.emailVerified ?? new Date() }),
  });
}
