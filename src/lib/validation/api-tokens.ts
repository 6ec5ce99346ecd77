/** Input rules for personal API tokens, shared by the settings form and the API (zod/mini, docs/decisions/010). */
import * as z from "zod/mini";
import { API_TOKEN_MAX_DAYS, API_TOKEN_SCOPES } from "../api-token-scopes";
import { textField } from "./text";

export const createApiTokenSchema = z.object({
  name: textField({ min: 1, max: 60, required: "Name the token, e.g. after the script that uses it." }),
  scopes: z
    .array(z.enum(API_TOKEN_SCOPES, { error: "Choose read, trade or admin." }), { error: "Choose at least one scope." })
    .check(z.minLength(1, "Choose at least one scope."), z.maxLength(API_TOKEN_SCOPES.length)),
  expiresInDays: z
    .number({ error: "Choose when the token expires." })
    .check(z.int("Use a whole number of days."), z.minimum(1, "At least 1 day."), z.maximum(API_TOKEN_MAX_DAYS, `At most ${API_TOKEN_MAX_DAYS} days.`)),
});
export type CreateApiTokenInput = z.infer<typeof createApiTokenSchema>;
