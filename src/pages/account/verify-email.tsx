import Head from "next/head";
import { TokenAction } from "@/features/account/components/TokenAction";

export default function VerifyEmailPage() {
  return (
    <>
      <Head>
        <title>Confirm your email · Tickerlab</title>
      </Head>
      <TokenAction
        title="Confirm your email"
        intro="Press the button to confirm this address for your Tickerlab account."
        action="Confirm my email"
        endpoint="/api/account/verify-email"
        done={(r) => `Thank you: ${String(r.email)} is confirmed.`}
      />
    </>
  );
}
