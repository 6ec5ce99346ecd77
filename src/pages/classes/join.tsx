import Head from "next/head";
import { JoinClass } from "@/features/classes/components";
import type { GuardedPage } from "@/features/shell/page";
import { guardedPage } from "@/server/auth/page-guard";

interface Props {
  code: string;
}

// The invite link: a signed-out visitor signs in first and comes back here (callbackUrl).
export const getServerSideProps = guardedPage<Props>({}, async (ctx) => ({
  props: { code: typeof ctx.query.code === "string" ? ctx.query.code.slice(0, 40) : "" },
}));

const JoinClassPage: GuardedPage<Props> = ({ code }) => (
  <>
    <Head>
      <title>Join a class · Tickerlab</title>
    </Head>
    <JoinClass code={code} />
  </>
);
JoinClassPage.auth = {};
export default JoinClassPage;
