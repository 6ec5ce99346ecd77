import type { Role, Theme } from "@/server/db/schema";

declare module "next-auth" {
  interface Session {
    user: {
      id: string;
      name: string;
      /** Null for a roster account, which signs in with its username. */
      email: string | null;
      /** A roster account's sign-in name; null for the others. */
      username: string | null;
      role: Role;
      /** A roster account (made by an organiser for a class). */
      roster: boolean;
      /** Has a reason to see the Classes section: in a class, or may create one. */
      classes: boolean;
      /** False until a password account confirms its address. */
      emailVerified: boolean;
      /** The person's theme preference, so every device renders it. */
      theme: Theme;
      /** The time zone from the profile; null means "the browser's". */
      timeZone: string | null;
    };
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    uid?: string;
    role?: Role;
    username?: string | null;
    roster?: boolean;
    classes?: boolean;
    /** The user's token version when this token was issued; a bump revokes it. */
    tv?: number;
    verified?: boolean;
    theme?: Theme;
    tz?: string | null;
  }
}
