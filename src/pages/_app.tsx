import "nprogress/nprogress.css";
import "@/styles/globals.css";
import NextApp, { type AppContext, type AppProps } from "next/app";
import Head from "next/head";
import type { Session } from "next-auth";
import { SessionProvider } from "next-auth/react";
import { useState } from "react";
import { TimeZoneProvider } from "@/components/ui";
import { AppShell } from "@/features/shell/AppShell";
import { DatabaseUnavailable } from "@/features/shell/DatabaseUnavailable";
import { Forbidden } from "@/features/shell/Forbidden";
import { RequireSession } from "@/features/shell/RequireSession";
import { RouteProgress } from "@/features/shell/RouteProgress";
import { SessionBroadcast, TimeZoneCookie } from "@/features/shell/SessionBroadcast";
import type { GuardedPage } from "@/features/shell/page";

interface PageProps {
  session?: Session | null;
  sessionPollSeconds?: number;
  /** The zone the server resolved for this page's times (docs/decisions/028-time-zones.md). */
  timeZone?: string;
  forbidden?: boolean;
  databaseUnavailable?: boolean;
}

export default function App({ Component, pageProps }: AppProps<PageProps>) {
  const Page = Component as GuardedPage;
  // The poll interval comes from the server at run time; pages without server props keep the last one.
  const [poll, setPoll] = useState(pageProps.sessionPollSeconds ?? 0);
  if (typeof pageProps.sessionPollSeconds === "number" && pageProps.sessionPollSeconds !== poll) setPoll(pageProps.sessionPollSeconds);
  // Likewise the time zone: a page without server props (the 404) keeps the last one.
  const [timeZone, setTimeZone] = useState(pageProps.timeZone ?? "UTC");
  if (typeof pageProps.timeZone === "string" && pageProps.timeZone !== timeZone) setTimeZone(pageProps.timeZone);
  // The server could not reach its database: the page's own props are missing, and the person
  // is still signed in, so neither the page nor the client guard runs (docs/decisions/026).
  const outage = pageProps.databaseUnavailable === true;
  const page = outage ? <DatabaseUnavailable /> : pageProps.forbidden ? <Forbidden /> : <Component {...pageProps} />;
  return (
    <SessionProvider session={pageProps.session} refetchOnWindowFocus refetchInterval={poll}>
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>Tickerlab</title>
      </Head>
      <RouteProgress />
      <SessionBroadcast />
      <TimeZoneCookie />
      <TimeZoneProvider timeZone={timeZone}>
        <AppShell>{Page.auth && !outage ? <RequireSession>{page}</RequireSession> : page}</AppShell>
      </TimeZoneProvider>
    </SessionProvider>
  );
}

// Every page is rendered per request, so every page carries the CSP nonce of its response;
// a statically prerendered page (the 404, the emailed-link pages) could not, and its
// scripts would be blocked (docs/decisions/006-csp-nonce.md).
App.getInitialProps = (context: AppContext) => NextApp.getInitialProps(context);
