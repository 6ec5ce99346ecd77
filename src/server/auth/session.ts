/**
 * The one way to read the session on the server. getServerSession runs next-auth's jwt
 * callback, which checks the token version against the database, so a revoked or
 * disabled person gets no session here and their cookie is cleared on the response.
 */
import type { GetServerSidePropsContext, NextApiRequest, NextApiResponse } from "next";
import { getServerSession, type Session } from "next-auth";
import { authOptions } from "./options";

type Ctx =
  | Pick<GetServerSidePropsContext, "req" | "res">
  | { req: NextApiRequest; res: NextApiResponse };

export async function getServerAuthSession(ctx: Ctx): Promise<Session | null> {
  const session = await getServerSession(ctx.req, ctx.res, authOptions());
  return session?.user?.id ? session : null;
}

export type SessionUser = Session["user"];
