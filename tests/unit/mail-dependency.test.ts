/**
 * nodemailer 7.0.x carries published advisories fixed only in later majors, and next-auth's
 * email provider declares a peer range of ^7. package.json's `overrides` hands next-auth the
 * app's own nodemailer; this proves the tree really resolves to one fixed copy, so a lockfile
 * refresh or a next-auth upgrade that brings 7.x back fails here rather than in an audit.
 */
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";

const FIRST_FIXED_MAJOR = 8;

/** The nodemailer that `from` (a file) gets when it requires it. */
function nodemailerSeenFrom(from: string): { version: string; file: string } {
  const require = createRequire(from);
  const file = require.resolve("nodemailer/package.json");
  return { version: (require(file) as { version: string }).version, file };
}

describe("the mailer dependency", () => {
  it("resolves to a nodemailer major past the advisories, for the app and for next-auth alike", () => {
    const appManifest = path.join(process.cwd(), "package.json");
    const app = nodemailerSeenFrom(appManifest);
    // The file that requires nodemailer inside next-auth (its email provider).
    const ofNextAuth = nodemailerSeenFrom(createRequire(appManifest).resolve("next-auth/providers/email"));
    expect(Number(app.version.split(".")[0])).toBeGreaterThanOrEqual(FIRST_FIXED_MAJOR);
    expect(ofNextAuth.file).toBe(app.file);
  });
});
