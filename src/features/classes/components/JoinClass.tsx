/**
 * /classes/join?code=…: the invite link. Opening it does nothing by itself (a link preview or
 * a scanner must not join anyone, docs/decisions/008); the person presses Join.
 */
import Link from "next/link";
import { JoinClassBox } from "./ClassesList";
import styles from "./classes.module.css";

export function JoinClass({ code }: { code: string }) {
  return (
    <div className={styles.narrow}>
      <h1>Class invitation</h1>
      <p>Your teacher invited you to a class. Join it to see your class and your classmates.</p>
      <JoinClassBox initialCode={code} />
      <p>
        <Link href="/classes">Not now</Link>
      </p>
    </div>
  );
}
