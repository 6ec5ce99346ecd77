import Head from "next/head";
import Link from "next/link";
import { Card } from "@/components/ui";

export function Forbidden() {
  return (
    <>
      <Head>
        <title>403 Forbidden · Tickerlab</title>
      </Head>
      <Card>
        <h1>403 — This page is for admins only</h1>
        <p>Your account is a member account, so the admin area is closed to you. If you run events or lessons here, ask an admin to make you one.</p>
        <Link href="/">Back to your dashboard</Link>
      </Card>
    </>
  );
}
