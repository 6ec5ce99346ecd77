import Head from "next/head";
import { AccountDeleted } from "@/features/account/components";

export default function AccountDeletedPage() {
  return (
    <>
      <Head>
        <title>Account deleted · Tickerlab</title>
      </Head>
      <AccountDeleted />
    </>
  );
}
