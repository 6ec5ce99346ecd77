import Link from "next/link";
import { signIn, signOut, useSession } from "next-auth/react";
import { useRouter } from "next/router";
import { useCallback, useMemo, useState, useSyncExternalStore, type FormEvent, type ReactNode } from "react";
import { Alert, Badge, Button, Card, Field, SelectField } from "@/components/ui";
import { SearchCombobox } from "@/components/ui/Combobox";
import { ConfirmDialog } from "@/components/ui/ConfirmDialog";
import { exactTimeZone, searchTimeZones, zoneLabel } from "@/lib/time-zone-search";
import { changeEmailSchema, changePasswordSchema, displayNameSchema } from "@/lib/validation/account";
import { fieldErrors } from "@/lib/validation/field-errors";
import { VerifyEmailBanner } from "@/features/account/components";
import { applyTheme, type ThemeChoice } from "@/features/shell/components";
import { api, ApiError } from "@/lib/client/api";
import { ApiTokensSection } from "./ApiTokens";
import styles from "./settings.module.css";
import { hasRole } from "@/lib/roles";

export interface SettingsProps {
  profile: {
    id: string;
    name: string;
    /** Null for a roster account (made by a teacher for a class), which signs in with its username. */
    email: string | null;
    username: string | null;
    emailVerified: boolean;
    timeZone: string | null;
    theme: ThemeChoice;
    leaderboardOptOut: boolean;
    leagueOptOut: boolean;
    hasPassword: boolean;
  };
  linkedProviders: string[];
  oauthProviders: Array<{ id: string; name: string }>;
}

type Status = { tone: "success" | "error" | "info"; text: string } | null;

function useStatus() {
  return useState<Status>(null);
}

function StatusLine({ status }: { status: Status }) {
  return status ? <Alert tone={status.tone}>{status.text}</Alert> : null;
}

function errorText(error: unknown) {
  return error instanceof ApiError ? error.message : "Something went wrong. Please try again.";
}

export function Settings({ profile, linkedProviders, oauthProviders }: SettingsProps) {
  // Only offers the admin scope; the server decides (features/account/server/api-tokens.ts).
  const isAdmin = hasRole(useSession().data?.user.role, "admin");
  return (
    <div className={styles.layout}>
      <nav aria-label="Settings sections" className={styles.toc}>
        <a href="#profile">Profile</a>
        <a href="#email">{profile.email ? "Email" : "Username"}</a>
        <a href="#password">Password</a>
        <a href="#methods">Sign-in methods</a>
        <a href="#sessions">Devices</a>
        <a href="#tokens">API tokens</a>
        <a href="#preferences">Preferences</a>
        <a href="#data">Your data</a>
        <a href="#delete">Delete account</a>
      </nav>
      <div className={styles.sections}>
        <h1>Settings</h1>
        {profile.email && !profile.emailVerified && <VerifyEmailBanner email={profile.email} />}
        <ProfileSection profile={profile} />
        {profile.email ? <EmailSection profile={{ ...profile, email: profile.email }} /> : <UsernameSection username={profile.username ?? ""} />}
        <PasswordSection profile={profile} />
        <MethodsSection hasPassword={profile.hasPassword} roster={!profile.email} linked={linkedProviders} oauth={oauthProviders} />
        <SessionsSection />
        <ApiTokensSection isAdmin={isAdmin} />
        <PreferencesSection profile={profile} />
        <DataSection />
        <DeleteSection email={profile.email} username={profile.username} hasPassword={profile.hasPassword} />
      </div>
    </div>
  );
}

const noSubscription = () => () => {};

/** "UTC+05:30": the zone's offset from UTC now, for the picker's options. */
function timeZoneOffset(zone: string): string {
  try {
    const name = new Intl.DateTimeFormat("en-GB", { timeZone: zone, timeZoneName: "longOffset" }).formatToParts(new Date()).find((p) => p.type === "timeZoneName")?.value;
    return name === "GMT" || !name ? "UTC" : name.replace("GMT", "UTC");
  } catch {
    return "";
  }
}

function ProfileSection({ profile }: Pick<SettingsProps, "profile">) {
  const { update } = useSession();
  const [name, setName] = useState(profile.name);
  const [timeZone, setTimeZone] = useState(profile.timeZone ?? "");
  const [zoneText, setZoneText] = useState(profile.timeZone ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useStatus();
  const [busy, setBusy] = useState(false);
  const zones = useMemo(() => {
    const supported = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
    return supported.includes("UTC") ? supported : [...supported, "UTC"];
  }, []);
  const zoneMatches = useCallback(
    (text: string) =>
      searchTimeZones(zones, text).map((z) => ({
        value: z,
        content: (
          <>
            {zoneLabel(z)} <span className="muted">{timeZoneOffset(z)}</span>
          </>
        ),
      })),
    [zones],
  );
  const zoneExact = useCallback((text: string) => exactTimeZone(zones, text), [zones]);
  // The server cannot know the browser's zone: it renders a placeholder, the browser fills it in.
  const browserZone = useSyncExternalStore(
    noSubscription,
    () => Intl.DateTimeFormat().resolvedOptions().timeZone,
    () => null,
  );

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = displayNameSchema.safeParse(name);
    if (!parsed.success) {
      setErrors({ name: parsed.error.issues[0]!.message });
      return;
    }
    // Text that names no zone is not "my browser's": say so rather than save the browser's zone.
    if (zoneText.trim() && !timeZone) {
      setErrors({ timeZone: "Pick a time zone from the list, or clear the field to use your browser's." });
      return;
    }
    setErrors({});
    setBusy(true);
    setStatus(null);
    try {
      // The display name travels through next-auth's session update call (POST /api/auth/session).
      const updated = await update({ name: parsed.data });
      if (!updated || updated.user.name !== parsed.data) throw new Error("The name was not saved.");
      await api("/api/account", { method: "PATCH", body: { timeZone: timeZone || null } });
      setStatus({ tone: "success", text: "Profile saved." });
    } catch (error) {
      setStatus({ tone: "error", text: errorText(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card title="Profile" id="profile">
      <StatusLine status={status} />
      <form onSubmit={onSubmit} noValidate>
        <Field label="Display name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} hint="Shown everywhere in Tickerlab, including leaderboards." maxLength={60} />
        <SearchCombobox
          label="Time zone"
          listLabel="Time zones"
          value={timeZone}
          onChange={(zone, text) => {
            setTimeZone(zone);
            setZoneText(text);
          }}
          matches={zoneMatches}
          exact={zoneExact}
          error={errors.timeZone}
          placeholder="Type a city or region, e.g. Berlin"
          hint={
            <>
              {timeZone ? `${zoneLabel(timeZone)}, ${timeZoneOffset(timeZone)}.` : `Empty: your browser's zone (${browserZone ?? "…"}).`} Your learning streak counts days in
              this zone and every time is shown in it; the market&apos;s day, today&apos;s change and the daily boards run from 00:00 UTC for everyone.
            </>
          }
        />
        <Button type="submit" busy={busy}>
          Save profile
        </Button>
      </form>
    </Card>
  );
}

/** A roster account's sign-in name in place of the email section: it has no address to change. */
function UsernameSection({ username }: { username: string }) {
  return (
    <Card title="Username" id="email">
      <p>
        You sign in with the username <strong className={styles.code}>{username}</strong>. Your teacher made this account for your class: it has no
        email address, and your teacher can give you a new password if you forget yours.
      </p>
    </Card>
  );
}

function EmailSection({ profile }: { profile: SettingsProps["profile"] & { email: string } }) {
  const [newEmail, setNewEmail] = useState("");
  const [currentPassword, setCurrentPassword] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useStatus();
  const [busy, setBusy] = useState(false);
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = changeEmailSchema.safeParse({ newEmail, currentPassword: profile.hasPassword ? currentPassword : undefined });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setBusy(true);
    try {
      await api("/api/account/email", { method: "POST", body: parsed.data });
      setStatus({ tone: "success", text: `We sent a confirmation link to ${parsed.data.newEmail}. Your address changes when you open it.` });
      setNewEmail("");
      setCurrentPassword("");
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fields);
      setStatus({ tone: "error", text: errorText(error) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Card title="Email" id="email">
      <p>
        Your address is <strong>{profile.email}</strong>{" "}
        {profile.emailVerified ? <Badge tone="success">Confirmed</Badge> : <Badge tone="danger">Not confirmed</Badge>}
      </p>
      <StatusLine status={status} />
      <form onSubmit={onSubmit} noValidate>
        <Field label="New email address" type="email" autoComplete="email" value={newEmail} onChange={(e) => setNewEmail(e.target.value)} error={errors.newEmail} />
        {profile.hasPassword && (
          <Field label="Current password" type="password" autoComplete="current-password" value={currentPassword} onChange={(e) => setCurrentPassword(e.target.value)} error={errors.currentPassword} />
        )}
        <Button type="submit" busy={busy}>
          Send confirmation link
        </Button>
      </form>
    </Card>
  );
}

function PasswordSection({ profile }: Pick<SettingsProps, "profile">) {
  const router = useRouter();
  const [currentPassword, setCurrentPassword] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status>(
    router.query.changed === "password" ? { tone: "success", text: "Your password is changed. Every other device must sign in again." } : null,
  );
  const [busy, setBusy] = useState(false);
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = changePasswordSchema.safeParse({ currentPassword: profile.hasPassword ? currentPassword : undefined, newPassword });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    if (profile.hasPassword && !currentPassword) return setErrors({ currentPassword: "Enter your current password." });
    setErrors({});
    setBusy(true);
    try {
      await api("/api/account/password", { method: "POST", body: parsed.data });
      // The change ended every session, this one too: sign straight back in with the new password.
      // The credentials field takes the username of a roster account too.
      const result = await signIn("credentials", { email: profile.email ?? profile.username ?? "", password: newPassword, redirect: false });
      if (!result?.ok || result.error) {
        await signOut({ callbackUrl: "/login" });
        return;
      }
      setBusy(false);
      setCurrentPassword("");
      setNewPassword("");
      await router.replace("/settings?changed=password#password");
      setStatus({ tone: "success", text: "Your password is changed. Every other device must sign in again." });
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fields);
      setStatus({ tone: "error", text: errorText(error) });
      setBusy(false);
    }
  }
  return (
    <Card title="Password" id="password">
      <p className="muted">
        {profile.hasPassword
          ? "Changing your password signs you out of every other device."
          : "Your account signs in with emailed links or another provider. Set a password to sign in with it too."}
      </p>
      <StatusLine status={status} />
      <form onSubmit={onSubmit} noValidate>
        {profile.hasPassword && (
          <Field label="Current password" type="password" autoComplete="current-password" value={currentPassword} onChange={(e) => setCurrentPassword(e.target.value)} error={errors.currentPassword} />
        )}
        <Field label="New password" type="password" autoComplete="new-password" value={newPassword} onChange={(e) => setNewPassword(e.target.value)} error={errors.newPassword} hint="At least 8 characters." />
        <Button type="submit" busy={busy}>
          {profile.hasPassword ? "Change password" : "Set password"}
        </Button>
      </form>
    </Card>
  );
}

function MethodsSection({ hasPassword, roster, linked, oauth }: { hasPassword: boolean; roster: boolean; linked: string[]; oauth: Array<{ id: string; name: string }> }) {
  // A roster account has no address: no emailed links, and nothing to link a provider to.
  const rows: Array<{ label: string; state: ReactNode }> = roster
    ? [{ label: "Username and password", state: <Badge tone="success">On</Badge> }]
    : [
      { label: "Email and password", state: hasPassword ? <Badge tone="success">On</Badge> : <Badge>Not set</Badge> },
      { label: "Emailed sign-in link", state: <Badge tone="success">On</Badge> },
      ...oauth.map((p) => ({
        label: p.name,
        state: linked.includes(p.id) ? (
          <Badge tone="success">Linked</Badge>
        ) : (
          <Button size="small" variant="secondary" onClick={() => void signIn(p.id, { callbackUrl: "/settings#methods" })}>
            Link
          </Button>
        ),
      })),
      ];
  return (
    <Card title="Sign-in methods" id="methods">
      <ul className={styles.methods}>
        {rows.map((r) => (
          <li key={r.label}>
            <span>{r.label}</span>
            {r.state}
          </li>
        ))}
      </ul>
    </Card>
  );
}

function SessionsSection() {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useStatus();
  return (
    <Card title="Devices" id="sessions">
      <p>Signed in on a shared or lost device? Sign out everywhere, this device included. Your API tokens stop working too.</p>
      <StatusLine status={status} />
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Sign out all devices
      </Button>
      <ConfirmDialog
        open={open}
        title="Sign out all devices?"
        confirmLabel="Sign out everywhere"
        cancelLabel="Stay signed in"
        busy={busy}
        onCancel={() => setOpen(false)}
        onConfirm={async () => {
          setBusy(true);
          try {
            await api("/api/account/sign-out-everywhere", { method: "POST" });
            await signOut({ callbackUrl: "/login" });
          } catch (error) {
            setBusy(false);
            setOpen(false);
            setStatus({ tone: "error", text: errorText(error) });
          }
        }}
      >
        <p>Every browser and device signed in to your account, including this one, will need to sign in again.</p>
      </ConfirmDialog>
    </Card>
  );
}

function PreferencesSection({ profile }: Pick<SettingsProps, "profile">) {
  const [theme, setTheme] = useState<ThemeChoice>(profile.theme);
  const [optOut, setOptOut] = useState(profile.leaderboardOptOut);
  const [leagueOptOut, setLeagueOptOut] = useState(profile.leagueOptOut);
  const [status, setStatus] = useStatus();
  async function save(change: { theme?: ThemeChoice; leaderboardOptOut?: boolean; leagueOptOut?: boolean }) {
    try {
      await api("/api/account", { method: "PATCH", body: change });
      setStatus({ tone: "success", text: "Preferences saved." });
    } catch (error) {
      setStatus({ tone: "error", text: errorText(error) });
    }
  }
  return (
    <Card title="Preferences" id="preferences">
      <StatusLine status={status} />
      <SelectField
        label="Theme"
        value={theme}
        onChange={(e) => {
          const next = e.target.value as ThemeChoice;
          setTheme(next);
          applyTheme(next);
          void save({ theme: next });
        }}
      >
        <option value="system">Follow my system</option>
        <option value="light">Light</option>
        <option value="dark">Dark</option>
      </SelectField>
      <label className={styles.checkbox}>
        <input
          type="checkbox"
          checked={optOut}
          onChange={(e) => {
            setOptOut(e.target.checked);
            void save({ leaderboardOptOut: e.target.checked });
          }}
        />
        <span>
          Hide my name on leaderboards
          <span className="muted">
            {" "}
            — others see an anonymous handle (like “Calm Otter 417”) instead of your display name on every board, from the next time they load it. You keep
            your ranks; your handle stays the same.
          </span>
        </span>
      </label>
      <label className={styles.checkbox}>
        <input
          type="checkbox"
          checked={leagueOptOut}
          onChange={(e) => {
            setLeagueOptOut(e.target.checked);
            void save({ leagueOptOut: e.target.checked });
          }}
        />
        <span>
          Leave the weekly leagues
          <span className="muted">
            {" "}
            — you are in no league and nobody sees you in theirs, from the next refresh (within a minute). Turn it off to join again at your last tier.
          </span>
        </span>
      </label>
      <p className="muted">
        <Link href="/ranking">See the leaderboards</Link> · <Link href="/leagues">See your league</Link>
      </p>
    </Card>
  );
}

function DataSection() {
  return (
    <Card title="Your data" id="data">
      <p>Download everything Tickerlab keeps about you, as a JSON file.</p>
      <a className={styles.download} href="/api/account/export" download>
        Export my data
      </a>
    </Card>
  );
}

function DeleteSection({ email, username, hasPassword }: { email: string | null; username: string | null; hasPassword: boolean }) {
  // A roster account confirms with its username: it has no address.
  const confirmWith = email ?? username ?? "";
  const what = email ? "email address" : "username";
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  return (
    <Card title="Delete account" id="delete">
      <p>
        This removes your account and your personal data for good. Final standings of events that have ended keep your results under
        &ldquo;Deleted user&rdquo;.
      </p>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Delete my account…
      </Button>
      <ConfirmDialog
        open={open}
        title="Delete your account?"
        confirmLabel="Delete for good"
        cancelLabel="Keep my account"
        tone="danger"
        busy={busy}
        onCancel={() => {
          setOpen(false);
          setTyped("");
          setPassword("");
          setError(null);
          setPasswordError(null);
        }}
        onConfirm={async () => {
          setError(null);
          setPasswordError(null);
          if (typed.trim().toLowerCase() !== confirmWith.toLowerCase()) {
            setError(`Type your ${what} exactly to confirm.`);
            return;
          }
          if (hasPassword && !password) {
            setPasswordError("Enter your password.");
            return;
          }
          setBusy(true);
          try {
            await api("/api/account", { method: "DELETE", body: { confirmEmail: typed, ...(hasPassword && { currentPassword: password }) } });
            // The page that says it is done is outside the guarded sections: it needs no session.
            await signOut({ callbackUrl: "/account/deleted" });
          } catch (e) {
            setBusy(false);
            if (e instanceof ApiError && e.fields.currentPassword) setPasswordError(e.fields.currentPassword);
            else setError(errorText(e));
          }
        }}
      >
        <p>
          This cannot be undone. Type <strong>{confirmWith}</strong> to confirm{hasPassword ? ", and your password" : ""}.
        </p>
        <Field label={`Your ${what}`} value={typed} onChange={(e) => setTyped(e.target.value)} error={error ?? undefined} autoComplete="off" />
        {hasPassword && (
          <Field label="Your password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} error={passwordError ?? undefined} />
        )}
      </ConfirmDialog>
    </Card>
  );
}
