/**
 * The classes feature's part of "Export my data": the classes a person teaches or attends
 * (name, their place in it, how and when they came in) and, for a roster account, who made it.
 * Classmates are not the person's data and are not in it.
 */
import { asc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "@/server/db";
import { classes, classMembers, users } from "@/server/db/schema";
import type { PersonalDataSection } from "@/server/personal-data";

export function classesPersonalData(db: Db, userId: string): PersonalDataSection[] {
  const maker = alias(users, "maker");
  return [
    {
      name: "classes",
      value: () =>
        db
          .select({ classId: classes.id, name: classes.name, role: classMembers.role, via: classMembers.via, joinedAt: classMembers.joinedAt, startsOn: classes.startsOn, endsOn: classes.endsOn })
          .from(classMembers)
          .innerJoin(classes, eq(classes.id, classMembers.classId))
          .where(eq(classMembers.userId, userId))
          .orderBy(asc(classMembers.joinedAt)),
    },
    {
      name: "rosterAccount",
      value: async () => {
        const [row] = await db
          .select({ kind: users.kind, username: users.username, createdBy: users.createdBy, createdByName: maker.name })
          .from(users)
          .leftJoin(maker, eq(maker.id, users.createdBy))
          .where(eq(users.id, userId));
        return row?.kind === "roster" ? { username: row.username, createdBy: row.createdBy, createdByName: row.createdByName } : null;
      },
    },
  ];
}
