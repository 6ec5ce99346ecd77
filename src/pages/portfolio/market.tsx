import Head from "next/head";
import { MarketOverview } from "@/features/portfolio/components/MarketOverview";
import type { Instrument } from "@/features/portfolio/components/types";
import { listInstruments } from "@/features/market/server/queries";
import type { GuardedPage } from "@/features/shell/page";
import { guardedPage } from "@/server/auth/page-guard";
import { getDb } from "@/server/db";

interface Props {
  instruments: Instrument[];
}

export const getServerSideProps = guardedPage<Props>({}, async () => ({ props: { instruments: await listInstruments(await getDb()) } }));

const MarketPage: GuardedPage<Props> = ({ instruments }) => (
  <>
    <Head>
      <title>Market · Tickerlab</title>
    </Head>
    <MarketOverview instruments={instruments} />
  </>
);
MarketPage.auth = {};
export default MarketPage;
