/**
 * The wire shapes of the classes API (zod: 400 with fields). What a valid class is beyond
 * types (its dates) is src/domain/classes's.
 */
import { z } from "zod";
import { CLASS_NAME_MAX_LENGTH, MAX_ROSTER_BATCH, STUDENT_NAME_MAX_LENGTH } from "@/domain/classes";
import {
  ASSIGNMENT_INSTRUCTIONS_MAX_LENGTH,
  ASSIGNMENT_ORDER_TYPES,
  ASSIGNMENT_TITLE_MAX_LENGTH,
  MAX_ASSIGNMENT_TASKS,
  MAX_TASK_COUNT,
  TASK_KINDS,
} from "@/domain/classes/assignments";
import { TEAM_NAME_MAX_LENGTH, TEAM_SIZE_MAX, TEAM_SIZE_MIN } from "@/domain/events";
import { createEventInput } from "@/features/events";
import { textField } from "@/lib/validation/text";

const day = (message: string) => z.string({ error: message }).max(20, message).nullable().optional();

export const createClassInput = z.object({
  name: textField({ min: 1, max: CLASS_NAME_MAX_LENGTH, required: "Give the class a name." }),
  startsOn: day("Enter the first day as a date, YYYY-MM-DD."),
  endsOn: day("Enter the last day as a date, YYYY-MM-DD."),
});
export type CreateClassInput = z.output<typeof createClassInput>;

export const joinClassInput = z.object({
  code: z.string({ error: "Enter the class's join code." }).trim().min(1, "Enter the class's join code.").max(40, "A join code looks like ABCD-EFGH."),
});

export const studentNameField = textField({ min: 1, max: STUDENT_NAME_MAX_LENGTH, required: "Enter the student's name." });

export const rosterInput = z.object({
  students: z
    .array(z.object({ name: studentNameField }), { error: "List the students, like [{\"name\": \"Maya Kowalska\"}]." })
    .min(1, "List at least one student.")
    .max(MAX_ROSTER_BATCH, `Add at most ${MAX_ROSTER_BATCH} students at a time.`),
});

// ---------------------------------------------------------------------------------------
// Assignments (docs/decisions/039-assignments.md)

const count = (what: string) =>
  z
    .number({ error: `Give the number of ${what} as a whole number.` })
    .int(`Give the number of ${what} as a whole number.`)
    .min(1, `Ask for at least 1 of ${what}.`)
    .max(MAX_TASK_COUNT, `Ask for at most ${MAX_TASK_COUNT} ${what}.`);

export const assignmentTaskInput = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("lesson"), lessonId: z.string({ error: "Choose a lesson." }).trim().min(1, "Choose a lesson.").max(100, "Choose a lesson.") }),
    z.object({ kind: z.literal("trades"), count: count("filled orders") }),
    z.object({ kind: z.literal("instruments"), count: count("instruments") }),
    z.object({ kind: z.literal("order-type"), orderType: z.enum(ASSIGNMENT_ORDER_TYPES, { error: `Choose an order type: ${ASSIGNMENT_ORDER_TYPES.join(", ")}.` }) }),
    z.object({
      kind: z.literal("max-weight"),
      pct: z.number({ error: "Give the largest weight as a percent, e.g. 25." }).gt(0, "The largest weight must be above 0 %.").max(100, "The largest weight is at most 100 %."),
    }),
    z.object({ kind: z.literal("journal"), count: count("journaled orders") }),
  ],
  { error: `Each task needs a kind: ${TASK_KINDS.join(", ")}.` },
);

const instant = (message: string) => z.iso.datetime({ offset: true, error: message }).transform((s) => new Date(s));

export const createAssignmentInput = z.object({
  title: textField({ min: 1, max: ASSIGNMENT_TITLE_MAX_LENGTH, required: "Give the assignment a title." }),
  instructions: z.optional(textField({ max: ASSIGNMENT_INSTRUCTIONS_MAX_LENGTH, multiline: true })),
  startsAt: instant("Give the start as a date and time with its offset, e.g. 2026-11-30T09:00:00+01:00.").optional(),
  dueAt: instant("Give the due time as a date and time with its offset, e.g. 2026-11-30T17:00:00+01:00."),
  tasks: z
    .array(assignmentTaskInput, { error: "List the tasks, like [{\"kind\": \"trades\", \"count\": 3}]." })
    .min(1, "Add at least one task.")
    .max(MAX_ASSIGNMENT_TASKS, `An assignment has at most ${MAX_ASSIGNMENT_TASKS} tasks.`),
});
export type CreateAssignmentInput = z.output<typeof createAssignmentInput>;

export const scoreOverrideInput = z.object({
  score: z.number({ error: "Give the score as a whole percent, 0–100." }).int("Give the score as a whole percent, 0–100.").min(0, "The score is at least 0.").max(100, "The score is at most 100."),
  comment: textField({ min: 1, max: 500, required: "Say why you changed the score (the student sees it).", multiline: true }),
});

export const gradebookCsvQuery = z.object({
  shape: z.enum(["canvas", "classroom"], { error: "Choose the shape: canvas or classroom." }).default("canvas"),
});

// ---------------------------------------------------------------------------------------
// Class contests and teams (docs/decisions/042)

/**
 * A class contest: the event fields a teacher sets (the events API's own wire shapes, so the
 * events domain validates them with the same messages); visibility is the class's.
 */
export const classContestInput = createEventInput.omit({ visibility: true, maxParticipants: true, replay: true }).extend({
  teams: z
    .object({ min: z.number({ error: "The smallest team size is a number." }), max: z.number({ error: "The largest team size is a number." }) }, { error: "Give the team sizes as {min, max}, or null for no teams." })
    .nullable()
    .optional(),
});

/** A team the teacher forms: a name and the students in it (the first one holds its place on the board). */
export const formTeamInput = z.object({
  name: textField({ min: 1, max: TEAM_NAME_MAX_LENGTH, required: "Give the team a name." }),
  members: z.array(z.string().max(100), { error: "Choose the team's students." }).min(1, "Choose at least one student.").max(TEAM_SIZE_MAX, `A team has at most ${TEAM_SIZE_MAX} people.`),
});

/** Random teams of a class contest: the size the teacher picks (the contest's own sizes are checked by the domain's plan). */
export const randomTeamsInput = z.object({
  size: z.int({ error: `Choose a team size from ${TEAM_SIZE_MIN} to ${TEAM_SIZE_MAX}.` }).min(TEAM_SIZE_MIN, `A team has at least ${TEAM_SIZE_MIN} people.`).max(TEAM_SIZE_MAX, `A team has at most ${TEAM_SIZE_MAX} people.`),
});

export type ClassContestInput = z.output<typeof classContestInput>;

export type RandomTeamsInput = z.output<typeof randomTeamsInput>;

export type FormTeamInput = z.output<typeof formTeamInput>;
