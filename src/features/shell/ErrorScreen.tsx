import Head from "next/head";
import Link from "next/link";
import type { ReactNode } from "react";
import { Card } from "@/components/ui";

/** The specification's default titles (section 8). */
export const ERROR_TITLES: Record<number, string> = {
  400: "Bad Request",
  404: "This page could not be found",
  405: "Method Not Allowed",
  500: "Internal Server Error",
};

export function ErrorScreen({ status, title, children }: { status?: number; title?: string; children?: ReactNode }) {
  const heading = title ?? (status ? ERROR_TITLES[status] : undefined) ?? "Something went wrong";
  return (
    <>
      <Head>
        <title>{`${status ? `${status}: ` : ""}${heading} · Tickerlab`}</title>
      </Head>
      <Card>
        <h1>
          {status ? `${status} — ` : ""}
          {heading}
        </h1>
        {children}
        <p>
          <Link href="/">Go to your dashboard</Link> or <Link href="/login">sign in</Link>.
        </p>
      </Card>
    </>
  );
}
