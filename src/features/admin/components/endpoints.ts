/** The routes the admin screens call, for the typed client (src/lib/client/api.ts; decision 071). */
import { endpointsOf } from "@/lib/api/endpoint";
import type * as schemas from "../types";

const endpoint = endpointsOf<typeof schemas>();

export const adminEndpoints = {
  audit: endpoint("GET", "/api/admin/audit", "auditPage"),
  users: endpoint("GET", "/api/admin/users", "usersPage"),
  changeUser: endpoint("PATCH", "/api/admin/users/{id}", "userChanged"),
  settings: endpoint("GET", "/api/admin/settings", "installSettings"),
  changeSettings: endpoint("PATCH", "/api/admin/settings", "installSettings"),
};
