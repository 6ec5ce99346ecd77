import { unknownFieldMessage } from "./strict";

interface Issues {
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string; code?: string; keys?: ReadonlyArray<string> }>;
}

/**
 * Field → first message, for showing next to form fields. A field the schema does not know
 * (zod's `unrecognized_keys`, from a strict schema: ./strict.ts) is named as its own field.
 */
export function fieldErrors(error: Issues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys" && issue.keys) {
      for (const key of issue.keys) out[[...issue.path.map(String), key].join(".")] ??= unknownFieldMessage(key);
      continue;
    }
    const key = issue.path.map(String).join(".") || "_";
    out[key] ??= issue.message;
  }
  return out;
}
