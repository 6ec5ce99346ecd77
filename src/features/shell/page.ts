import type { NextPage } from "next";
import type { Role } from "@/lib/roles";

/** A page that needs a session (and optionally a role); _app wraps it in the client guard. */
export type GuardedPage<P = object> = NextPage<P> & { auth?: { role?: Role } };
