import { useState } from "react";
import { Alert, Button } from "@/components/ui";
import { api, ApiError } from "@/lib/client/api";

export function VerifyEmailBanner({ email }: { email: string }) {
  const [state, setState] = useState<"idle" | "busy" | "sent" | string>("idle");
  return (
    <Alert tone="warning">
      Please confirm your email address, {email}: we sent you a link when you signed up.{" "}
      {state === "sent" ? (
        <strong>A new link is on its way.</strong>
      ) : (
        <Button
          size="small"
          variant="secondary"
          busy={state === "busy"}
          onClick={async () => {
            setState("busy");
            try {
              await api("/api/account/resend-verification", { method: "POST" });
              setState("sent");
            } catch (error) {
              setState(error instanceof ApiError ? error.message : "Could not send the link.");
            }
          }}
        >
          Send a new link
        </Button>
      )}
      {state !== "idle" && state !== "busy" && state !== "sent" && <div>{state}</div>}
    </Alert>
  );
}
