/**
 * The corrections API's answers as the pages use them: the types of the routes' own answer
 * schemas (../types.ts, docs/decisions/071), not copies.
 */
import type { Correction } from "../types";

export type { Correction, CorrectionsPage } from "../types";
export type CorrectorRole = Correction["by"];
export type Side = NonNullable<Correction["fill"]>["side"];
