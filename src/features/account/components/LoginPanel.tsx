import { useRouter } from "next/router";
import { getSession, signIn, useSession } from "next-auth/react";
import { useEffect, useState, type FormEvent } from "react";
import { Alert, Button, Card, Field } from "@/components/ui";
import { Tab, TabList, TabPanel, Tabs } from "@/components/ui/Tabs";
import { signInErrorMessage, tooManyAttemptsMessage } from "@/lib/auth-errors";
import { api, ApiError, call } from "@/lib/client/api";
import { registerSchema, resetRequestSchema } from "@/lib/validation/account";
import { fieldErrors } from "@/lib/validation/field-errors";
import { accountEndpoints } from "./endpoints";
import styles from "./login.module.css";

export interface ProviderInfo {
  id: string;
  name: string;
  type: string;
}

type Mode = "sign-in" | "register" | "forgot";

interface Props {
  providers: ProviderInfo[];
  callbackPath: string;
  initialError: string | null;
  emailSent: boolean;
}

type Message = { tone: "error" | "success" | "info"; text: string } | null;

async function tooManyAttempts(action: "sign-in" | "email-link", email: string): Promise<string> {
  try {
    const { retryAfterSeconds } = await call(accountEndpoints.attempts, { query: { action, email } });
    return tooManyAttemptsMessage(retryAfterSeconds || 60);
  } catch {
    return signInErrorMessage("TooManyAttempts")!;
  }
}

/** Interprets next-auth's answer: a CSRF failure comes back as "ok" with csrf=true in the url. */
async function messageForSignIn(
  result: Awaited<ReturnType<typeof signIn>>,
  action: "sign-in" | "email-link",
  email: string,
): Promise<string | null> {
  if (!result) return null;
  if (result.url && new URL(result.url, window.location.origin).searchParams.get("csrf") === "true") {
    return signInErrorMessage("CsrfFailed");
  }
  if (result.error === "TooManyAttempts") return tooManyAttempts(action, email);
  return signInErrorMessage(result.error);
}

export function LoginPanel({ providers, callbackPath, initialError, emailSent }: Props) {
  const router = useRouter();
  const { status } = useSession();
  const [mode, setMode] = useState<Mode>("sign-in");
  const [message, setMessage] = useState<Message>(
    emailSent
      ? { tone: "success", text: "Check your email: we sent you a sign-in link. It works once and expires in 24 hours." }
      : initialError
        ? { tone: initialError === "SessionRequired" ? "info" : "error", text: signInErrorMessage(initialError)! }
        : null,
  );
  const [busy, setBusy] = useState<string | null>(null);
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [name, setName] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});

  // Signed in elsewhere (another tab, an emailed link): go on to where the person was headed.
  useEffect(() => {
    if (status === "authenticated") void router.replace(callbackPath);
  }, [status, callbackPath, router]);

  useEffect(() => {
    if (initialError === "TooManyAttempts") void tooManyAttempts("sign-in", "").then((text) => setMessage({ tone: "error", text }));
  }, [initialError]);

  const credentials = providers.find((p) => p.type === "credentials");
  const emailProvider = providers.find((p) => p.type === "email");
  const oauth = providers.filter((p) => p.type === "oauth" || p.type === "oidc");

  async function finishSignIn() {
    // Broadcast the new session to every other open tab (next-auth does not for redirect:false).
    await getSession();
    await router.replace(callbackPath);
  }

  async function onSignIn(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    if (!email.trim() || !password) {
      setErrors({
        ...(!email.trim() && { email: "Enter your email or username." }),
        ...(!password && { password: "Enter your password." }),
      });
      return;
    }
    setBusy("credentials");
    setMessage(null);
    const result = await signIn("credentials", { email, password, redirect: false, callbackUrl: callbackPath });
    const problem = await messageForSignIn(result, "sign-in", email);
    if (problem || !result?.ok) {
      setBusy(null);
      setMessage({ tone: "error", text: problem ?? signInErrorMessage("Default")! });
      return;
    }
    await finishSignIn();
  }

  async function onEmailLink() {
    setErrors({});
    const parsed = resetRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setBusy("email");
    setMessage(null);
    const result = await signIn("email", { email: parsed.data.email, redirect: false, callbackUrl: callbackPath });
    setBusy(null);
    const problem = await messageForSignIn(result, "email-link", parsed.data.email);
    if (problem || !result?.ok) setMessage({ tone: "error", text: problem ?? signInErrorMessage("EmailSignin")! });
    else setMessage({ tone: "success", text: `Check your email: we sent a sign-in link to ${parsed.data.email}. It works once and expires in 24 hours.` });
  }

  async function onRegister(event: FormEvent) {
    event.preventDefault();
    const parsed = registerSchema.safeParse({ email, password, name });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy("register");
    setMessage(null);
    try {
      await api("/api/account/register", { method: "POST", body: parsed.data });
    } catch (error) {
      setBusy(null);
      if (error instanceof ApiError) {
        setErrors(error.fields);
        setMessage({ tone: "error", text: error.message });
      }
      return;
    }
    const result = await signIn("credentials", { email: parsed.data.email, password, redirect: false, callbackUrl: callbackPath });
    const problem = await messageForSignIn(result, "sign-in", parsed.data.email);
    if (problem || !result?.ok) {
      setBusy(null);
      setMode("sign-in");
      setMessage({ tone: "info", text: `Your account was created. ${problem ?? ""} Please sign in.` });
      return;
    }
    await finishSignIn();
  }

  async function onForgot(event: FormEvent) {
    event.preventDefault();
    const parsed = resetRequestSchema.safeParse({ email });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy("forgot");
    try {
      await api("/api/account/password-reset/request", { method: "POST", body: parsed.data });
      setMessage({ tone: "success", text: `If ${parsed.data.email} has an account, a link to choose a new password is on its way. It works once, for 30 minutes.` });
    } catch (error) {
      setMessage({ tone: "error", text: error instanceof ApiError ? error.message : "Something went wrong." });
    } finally {
      setBusy(null);
    }
  }

  const switchMode = (next: Mode) => {
    setMode(next);
    setErrors({});
    setMessage(null);
  };
  const notice = message && <Alert tone={message.tone}>{message.text}</Alert>;

  return (
    <div className={styles.layout}>
      <section className={styles.pitch} aria-labelledby="pitch-title">
        <h1 id="pitch-title">Learn to invest by doing.</h1>
        <p className="muted">Tickerlab is a practice ground for investors: real decisions, simulated money, no risk.</p>
        <ul>
          <li>
            <strong>Short lessons</strong> with quizzes that explain every answer.
          </li>
          <li>
            <strong>A paper-trading portfolio</strong> with 100,000 in practice cash, market and limit orders, and honest accounting.
          </li>
          <li>
            <strong>Contests</strong> with live leaderboards, run by your teacher or club.
          </li>
        </ul>
      </section>
      <Card>
        <Tabs selected={`login-${mode === "register" ? "register" : "sign-in"}`} onSelect={(id) => switchMode(id === "login-register" ? "register" : "sign-in")}>
          <TabList label="Sign in or create an account" className={styles.tabs}>
            <Tab id="login-sign-in">Sign in</Tab>
            <Tab id="login-register">Create account</Tab>
          </TabList>
          <TabPanel tab="login-sign-in">
            {notice}
            {mode === "sign-in" && credentials && (
              <form onSubmit={onSignIn} noValidate>
                {/* A roster account (made by a teacher for a class) signs in with its username here. */}
                <Field
                  label="Email or username"
                  name="email"
                  type="text"
                  inputMode="email"
                  autoComplete="username"
                  autoCapitalize="none"
                  spellCheck={false}
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  error={errors.email}
                  required
                />
                <Field label="Password" name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} error={errors.password} required />
                <div className={styles.stack}>
                  <Button type="submit" block busy={busy === "credentials"}>
                    Sign in
                  </Button>
                  <button type="button" className={styles.linkButton} onClick={() => switchMode("forgot")}>
                    Forgot your password?
                  </button>
                </div>
              </form>
            )}

            {mode === "forgot" && (
              <form onSubmit={onForgot} noValidate>
                <p>Enter your email address and we will send you a link to choose a new password.</p>
                <Field label="Email" name="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} required />
                <div className={styles.stack}>
                  <Button type="submit" block busy={busy === "forgot"}>
                    Send reset link
                  </Button>
                  <button type="button" className={styles.linkButton} onClick={() => switchMode("sign-in")}>
                    Back to sign in
                  </button>
                </div>
              </form>
            )}

            {mode === "sign-in" && (emailProvider || oauth.length > 0) && (
              <>
                <div className={styles.divider}>or</div>
                <div className={styles.stack}>
                  {emailProvider && (
                    <Button variant="secondary" block busy={busy === "email"} onClick={() => void onEmailLink()}>
                      Email me a sign-in link
                    </Button>
                  )}
                  {oauth.map((p) => (
                    <Button key={p.id} variant="secondary" block busy={busy === p.id} onClick={() => { setBusy(p.id); void signIn(p.id, { callbackUrl: callbackPath }); }}>
                      Continue with {p.name}
                    </Button>
                  ))}
                </div>
              </>
            )}
          </TabPanel>
          <TabPanel tab="login-register">
            {notice}
            <form onSubmit={onRegister} noValidate>
              <Field label="Display name" name="name" autoComplete="nickname" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} hint="Shown to others, e.g. on leaderboards. You can change it later." required />
              <Field label="Email" name="email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.email} required />
              <Field label="Password" name="password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} error={errors.password} hint="At least 8 characters." required />
              <Button type="submit" block busy={busy === "register"}>
                Create account
              </Button>
            </form>
          </TabPanel>
        </Tabs>
      </Card>
    </div>
  );
}
