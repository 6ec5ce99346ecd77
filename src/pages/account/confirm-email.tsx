import Head from "next/head";
import { TokenAction } from "@/features/account/components/TokenAction";

export default function ConfirmEmailChangePage() {
  return (
    <>
      <Head>
        <title>Confirm your new email · Tickerlab</title>
      </Head>
      <TokenAction
        title="Confirm your new email"
        intro="Press the button to make this your account's address. You will be asked to sign in again on every device."
        action="Use this address"
        endpoint="/api/account/email/confirm"
        done={(r) => `Your address is now ${String(r.email)}. Sign in again with it.`}
      />
    </>
  );
}
