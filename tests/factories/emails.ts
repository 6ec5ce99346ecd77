import { randomBytes } from "node:crypto";

export function uniqueEmail(prefix = "person"): string {
  return `${prefix}-${randomBytes(5).toString("hex")}@example.test`;
}
