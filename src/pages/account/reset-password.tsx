import Head from "next/head";
import { useState } from "react";
import { Field } from "@/components/ui";
import { TokenAction } from "@/features/account/components/TokenAction";
import { passwordSchema } from "@/lib/validation/account";

export default function ResetPasswordPage() {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | undefined>();
  return (
    <>
      <Head>
        <title>Choose a new password · Tickerlab</title>
      </Head>
      <TokenAction
        title="Choose a new password"
        intro="Your new password signs you out of every device; then sign in with it."
        action="Save new password"
        endpoint="/api/account/password-reset/confirm"
        extra={<Field label="New password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} error={error} hint="At least 8 characters." />}
        body={() => {
          const parsed = passwordSchema.safeParse(password);
          if (!parsed.success) {
            setError(parsed.error.issues[0]!.message);
            return null;
          }
          setError(undefined);
          return { password };
        }}
        done={() => "Your password is changed. Sign in with it now."}
      />
    </>
  );
}
