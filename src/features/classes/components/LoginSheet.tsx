/**
 * The printable login sheet: one card per student with the address to sign in at, the
 * username and the password, to cut out and hand over. The passwords exist only in this
 * page's memory (the server keeps their hashes), so the sheet says so, and offers the same
 * cards as a CSV file (formula-safe, lib/csv.ts).
 */
import { Alert, Button } from "@/components/ui";
import { csvOf } from "@/lib/csv";
import type { LoginCard } from "./types";
import styles from "./classes.module.css";

export interface LoginSheetProps {
  className: string;
  signInUrl: string;
  cards: LoginCard[];
  /** What the sheet is for: new accounts, or one student's new password. */
  reason: "new" | "reset";
  onDone: () => void;
}

export function loginSheetCsv(className: string, signInUrl: string, cards: LoginCard[]): string {
  return csvOf([["name", "username", "password", "class", "sign_in_at"], ...cards.map((c) => [c.name, c.username, c.password, className, signInUrl])]);
}

function fileName(className: string) {
  const slug = className.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "class";
  return `login-sheet-${slug}.csv`;
}

/** Saves the cards as a CSV file, made in the page (the server no longer has the passwords). */
function download(className: string, signInUrl: string, cards: LoginCard[]) {
  const url = URL.createObjectURL(new Blob([loginSheetCsv(className, signInUrl, cards)], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName(className);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export function LoginSheet({ className, signInUrl, cards, reason, onDone }: LoginSheetProps) {
  return (
    <section className={styles.sheet} aria-labelledby="login-sheet-title">
      <div className={styles.noPrint}>
        <h1 id="login-sheet-title">Login sheet · {className}</h1>
        <Alert tone="warning" title="Shown only now">
          {reason === "new"
            ? `These ${cards.length === 1 ? "password is" : `${cards.length} passwords are`} shown only this once. Print the sheet or download it before you leave this page; you can give a student a new password later.`
            : "This new password is shown only this once. The student's old password no longer works, and they are signed out everywhere."}
        </Alert>
        <div className={styles.actions}>
          <Button onClick={() => window.print()}>Print login sheet</Button>
          <Button variant="secondary" onClick={() => download(className, signInUrl, cards)}>
            Download as CSV
          </Button>
          <Button variant="secondary" onClick={onDone}>
            Back to the class
          </Button>
        </div>
      </div>
      <ul className={styles.cards} aria-label="Login cards">
        {cards.map((card) => (
          <li key={card.id} className={styles.card}>
            <p className={styles.cardName}>{card.name}</p>
            <p className={styles.cardClass}>{className}</p>
            <dl className={styles.cardLogin}>
              <dt>Sign in at</dt>
              <dd>{signInUrl}</dd>
              <dt>Username</dt>
              <dd className={styles.secret} data-testid="card-username">
                {card.username}
              </dd>
              <dt>Password</dt>
              <dd className={styles.secret} data-testid="card-password">
                {card.password}
              </dd>
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}
