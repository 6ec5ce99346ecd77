import Head from "next/head";
import { profileOf, signInMethods } from "@/features/account/server/lifecycle";
import { Settings, type SettingsProps } from "@/features/settings/components/Settings";
import type { GuardedPage } from "@/features/shell/page";
import { authOptions } from "@/server/auth/options";
import { guardedPage } from "@/server/auth/page-guard";
import { findUserById } from "@/server/auth/users";
import { getDb } from "@/server/db";

export const getServerSideProps = guardedPage<SettingsProps>({}, async (_ctx, session) => {
  const db = await getDb();
  const row = await findUserById(db, session.user.id);
  if (!row) return { redirect: { destination: "/login", permanent: false } };
  const profile = profileOf(row);
  return {
    props: {
      profile: {
        id: profile.id,
        name: profile.name,
        email: profile.email,
        username: profile.username,
        emailVerified: profile.emailVerified,
        timeZone: profile.timeZone,
        theme: profile.theme,
        leaderboardOptOut: profile.leaderboardOptOut,
        leagueOptOut: profile.leagueOptOut,
        hasPassword: profile.hasPassword,
      },
      linkedProviders: await signInMethods(db, row.id),
      oauthProviders: authOptions()
        .providers.filter((p) => p.type === "oauth")
        .map((p) => ({ id: p.id, name: p.name })),
    },
  };
});

const SettingsPage: GuardedPage<SettingsProps> = (props) => (
  <>
    <Head>
      <title>Settings · Tickerlab</title>
    </Head>
    <Settings {...props} />
  </>
);
SettingsPage.auth = {};
export default SettingsPage;
