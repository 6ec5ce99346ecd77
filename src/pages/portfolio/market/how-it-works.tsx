import Head from "next/head";
import { marketRealism } from "@/features/market";
import { HowThisMarketWorks, type RealismProp } from "@/features/market/components/HowThisMarketWorks";
import type { GuardedPage } from "@/features/shell/page";
import { guardedPage } from "@/server/auth/page-guard";
import { getDb } from "@/server/db";

interface Props {
  realism: RealismProp;
}

export const getServerSideProps = guardedPage<Props>({}, async () => ({ props: { realism: await marketRealism(await getDb()) } }));

const HowItWorksPage: GuardedPage<Props> = ({ realism }) => (
  <>
    <Head>
      <title>How this market works · Tickerlab</title>
    </Head>
    <HowThisMarketWorks realism={realism} />
  </>
);
HowItWorksPage.auth = {};
export default HowItWorksPage;
