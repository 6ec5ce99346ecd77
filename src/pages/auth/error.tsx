import type { GetServerSideProps } from "next";
import Link from "next/link";
import { Alert } from "@/components/ui";
import { ErrorScreen } from "@/features/shell/ErrorScreen";
import { signInErrorMessage } from "@/lib/auth-errors";

interface Props {
  error: string;
}

/** next-auth's error page (pages.error): /api/auth/error?error=… lands here. */
export const getServerSideProps: GetServerSideProps<Props> = async ({ query, res }) => {
  const error = typeof query.error === "string" && query.error ? query.error.slice(0, 64) : "Default";
  // next-auth answers these with their HTTP meaning; keep it for the page too.
  res.statusCode = error === "Configuration" ? 500 : error === "AccessDenied" ? 403 : error === "Verification" ? 403 : 400;
  return { props: { error } };
};

export default function AuthErrorPage({ error }: Props) {
  return (
    <ErrorScreen title="We could not sign you in">
      <Alert tone="error">{signInErrorMessage(error)}</Alert>
      <p>
        <Link href="/login">Back to sign in</Link>
      </p>
    </ErrorScreen>
  );
}
