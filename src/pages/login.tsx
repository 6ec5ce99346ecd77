import type { GetServerSideProps } from "next";
import Head from "next/head";
import { LoginPanel, type ProviderInfo } from "@/features/account/components/LoginPanel";
import { env } from "@/env";
import { safeCallbackPath } from "@/lib/callback-url";
import { authOptions } from "@/server/auth/options";
import { hasUnsafePageInput, outageAware, runtimeProps, type BasePageProps } from "@/server/auth/page-guard";
import { getServerAuthSession } from "@/server/auth/session";

interface Props extends BasePageProps {
  providers: ProviderInfo[];
  callbackPath: string;
  error: string | null;
  emailSent: boolean;
}

export const getServerSideProps: GetServerSideProps<Props> = outageAware<Props>(async (ctx) => {
  if (hasUnsafePageInput(ctx)) return { notFound: true };
  const origin = env().APP_ORIGIN;
  const callbackPath = safeCallbackPath(ctx.query.callbackUrl, origin);
  const session = await getServerAuthSession(ctx);
  if (session) return { redirect: { destination: callbackPath, permanent: false } };
  // The same list /api/auth/providers answers, without a round trip to ourselves.
  const providers = authOptions().providers.map((p) => ({ id: p.id, name: p.name, type: p.type }));
  const error = typeof ctx.query.error === "string" ? ctx.query.error.slice(0, 64) : null;
  return {
    props: {
      ...runtimeProps(null, ctx.req.cookies),
      providers,
      callbackPath,
      error,
      emailSent: ctx.query.sent === "email",
    },
  };
});

export default function LoginPage(props: Props) {
  return (
    <>
      <Head>
        <title>Sign in · Tickerlab</title>
      </Head>
      <LoginPanel providers={props.providers} callbackPath={props.callbackPath} initialError={props.error} emailSent={props.emailSent} />
    </>
  );
}
