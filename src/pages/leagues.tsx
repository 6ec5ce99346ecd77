import Head from "next/head";
import { leagueOf } from "@/features/leagues";
import { League, type LeagueProps } from "@/features/leagues/components/League";
import type { GuardedPage } from "@/features/shell/page";
import { guardedPage } from "@/server/auth/page-guard";
import { getDb } from "@/server/db";

export const getServerSideProps = guardedPage<LeagueProps>({}, async (_ctx, session) => ({
  props: { initial: await leagueOf(await getDb(), session.user.id, new Date()) },
}));

const LeaguesPage: GuardedPage<LeagueProps> = (props) => (
  <>
    <Head>
      <title>Your league · Tickerlab</title>
    </Head>
    <League {...props} />
  </>
);
LeaguesPage.auth = {};
export default LeaguesPage;
