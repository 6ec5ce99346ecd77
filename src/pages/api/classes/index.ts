import { createClass, createClassInput, listClassesFor } from "@/features/classes";
import { getDb } from "@/server/db";
import { apiRoute, method, pageQuery } from "@/server/http/api-route";
import { classCreated, classesPage } from "@/features/classes/types";

export const config = { api: { bodyParser: false } };

export default apiRoute({
  GET: method({
    auth: "user",
    docs: {
      summary: "My classes",
      description: "The classes the caller teaches or attends; an admin gets every class. Input: `?page=&pageSize=`",
      response: "200 `{items:[{id, name, startsOn, endsOn, role: \"teacher\"|\"student\"|\"admin\", teachers:[name], students}], page, pageSize, total}`, newest first (`students`: how many)",
    },
    input: pageQuery,
    answer: classesPage,
    async handler({ input, session }) {
      return { body: await listClassesFor(await getDb(), session.user, input) };
    },
  }),
  POST: method({
    auth: "user",
    docs: {
      summary: "Create a class",
      description:
        "Input: `{name, startsOn?, endsOn?}` (dates `YYYY-MM-DD`, the end not before the start). Organisers and admins; any member when an admin allows it (`membersMayCreateClasses`); never a roster account. The caller becomes the class's teacher.",
      status: 201,
      response: "201 `{id, name, startsOn, endsOn, joinCode}` (`joinCode` as `ABCD-EFGH`); 400; 403 `NOT_AN_ORGANISER`",
    },
    input: createClassInput,
    answer: classCreated,
    async handler({ input, session, ip }) {
      return { status: 201, body: await createClass(await getDb(), session.user, input, { ip }) };
    },
  }),
});
