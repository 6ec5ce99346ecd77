import { z } from "zod";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { changeSettings, readSettings } from "@/server/settings";
import { installSettings } from "@/features/admin/types";

const changeSchema = z
  .object({
    membersMayCreateClasses: z.boolean({ error: "membersMayCreateClasses is true or false." }).optional(),
  })
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), "Nothing to change.");

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "admin",
    docs: {
      summary: "Install settings",
      response: "200 `{membersMayCreateClasses}`: whether any member (not only organisers) may create classes",
    },
    answer: installSettings,
    async handler() {
      return { body: await readSettings(await getDb()) };
    },
  }),
  PATCH: method({
    auth: "admin",
    docs: {
      summary: "Change install settings",
      description: "Input: `{membersMayCreateClasses?: boolean}`, at least one, no other keys. Each change is audited (`admin.setting-changed`).",
      response: "200 every setting after the change",
    },
    input: changeSchema,
    answer: installSettings,
    async handler({ input, session, ip }) {
      return { body: await changeSettings(await getDb(), { id: session.user.id, ip }, input) };
    },
  }),
});
