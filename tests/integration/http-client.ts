import { inject } from "vitest";
import { HttpClient } from "../setup/http-client";

export const appUrl = () => inject("appUrl");

/** The HTTP client, pointed at this run's test server. */
export class Client extends HttpClient {
  constructor(base = appUrl()) {
    super(base);
  }
}
