import { addRoster, rosterInput } from "@/features/classes";
import { getDb } from "@/server/db";
import { apiRoute, method } from "@/server/http/api-route";
import { rosterAdded } from "@/features/classes/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  POST: method({
    auth: "user",
    docs: {
      summary: "Add students as roster accounts",
      description:
        "Input: `{students:[{name}]}` (1–100 names, each ≤ 60 characters). Each student gets an account with a generated username and password (readable: no 0/O, 1/l/I) and no email address, and joins the class. The class's teachers and admins only.",
      status: 201,
      response:
        "201 `{students:[{id, name, username, password}]}` — the passwords are shown this once (only their hashes are kept); 400; 403 (a student of the class); 404; 422 `CLASS_FULL`",
    },
    input: rosterInput,
    answer: rosterAdded,
    async handler({ req, input, session, ip }) {
      const names = input.students.map((s) => s.name);
      return { status: 201, body: await addRoster(await getDb(), session.user, String(req.query.id), names, { ip }) };
    },
  }),
});
