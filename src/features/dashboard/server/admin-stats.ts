import { count, eq, isNotNull } from "drizzle-orm";
import type { Db } from "@/server/db";
import { users } from "@/server/db/schema";

export async function adminStats(db: Db) {
  const [[people], [admins], [disabled]] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(users).where(eq(users.role, "admin")),
    db.select({ n: count() }).from(users).where(isNotNull(users.disabledAt)),
  ]);
  return { people: people?.n ?? 0, admins: admins?.n ?? 0, disabled: disabled?.n ?? 0 };
}
