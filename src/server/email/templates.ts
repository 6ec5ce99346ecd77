/** The product's emails. Plain text first; the HTML part is the same words, escaped. */
import type { Mail } from "./index";

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function compose(to: string, subject: string, intro: string, action: string, url: string, outro: string): Mail {
  const text = `${intro}\n\n${action}:\n${url}\n\n${outro}\n\n— Tickerlab`;
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111">
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 16px;background:#0b6bcb;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="font-size:13px;color:#555">Or paste this address into your browser:<br>${escapeHtml(url)}</p>
<p style="font-size:13px;color:#555">${escapeHtml(outro)}</p>
</body></html>`;
  return { to, subject, text, html };
}

export const emails = {
  signInLink: (to: string, url: string) =>
    compose(to, "Your Tickerlab sign-in link", "Use this link to sign in to Tickerlab. It works once and expires in 24 hours.", "Sign in", url, "If you did not ask for it, ignore this email: nobody can sign in without the link."),
  verifyEmail: (to: string, url: string) =>
    compose(to, "Confirm your email for Tickerlab", "Welcome to Tickerlab! Please confirm that this is your email address.", "Confirm my email", url, "If you did not create an account, ignore this email."),
  resetPassword: (to: string, url: string) =>
    compose(to, "Reset your Tickerlab password", "Someone (hopefully you) asked to reset the password of your Tickerlab account. The link works once and expires in 30 minutes.", "Choose a new password", url, "If you did not ask for it, ignore this email: your password stays as it is."),
  changeEmail: (to: string, url: string) =>
    compose(to, "Confirm your new email for Tickerlab", "Please confirm that you want to use this address for your Tickerlab account.", "Confirm new email", url, "If you did not ask for this, ignore this email: nothing changes without the link."),
  noAccountReset: (to: string) => ({
    to,
    subject: "Tickerlab password reset",
    text: "Someone asked to reset the password of a Tickerlab account with this address, but there is no account for it. If it was you, you can create one on the sign-in page.\n\n— Tickerlab",
    html: "<p>Someone asked to reset the password of a Tickerlab account with this address, but there is no account for it. If it was you, you can create one on the sign-in page.</p>",
  }),
};
