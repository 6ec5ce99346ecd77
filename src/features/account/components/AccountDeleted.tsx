import Link from "next/link";
import { Alert, Card } from "@/components/ui";

/** Where a deleted account lands, signed out: it says the deletion happened and what remains. */
export function AccountDeleted() {
  return (
    <div style={{ maxWidth: 520, margin: "2rem auto" }}>
      <Card>
        <h1>Your account is deleted</h1>
        <Alert tone="success">Your account and your personal data are gone, and you are signed out on this device.</Alert>
        <p>Final standings of events that had ended keep their results under &ldquo;Deleted user&rdquo;. Nothing else of yours is kept.</p>
        <p>
          <Link href="/login">Create a new account or sign in</Link>
        </p>
      </Card>
    </div>
  );
}
