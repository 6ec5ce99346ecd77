import type { Role, Theme } from "@/server/db/schema";

declare module "next-auth" {
  interface Session {
    user: {
      id: string;
      name: string;
      email: string;
      role: Role;
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
    /** The user's token version when this token was issued; a bump revokes it. */
    tv?: number;
    verified?: boolean;
    theme?: Theme;
    tz?: string | null;
  }
}
