/**
 * The wire shapes of the classes API (zod: 400 with fields). What a valid class is beyond
 * types (its dates) is src/domain/classes's.
 */
import { z } from "zod";
import { CLASS_NAME_MAX_LENGTH, MAX_ROSTER_BATCH, STUDENT_NAME_MAX_LENGTH } from "@/domain/classes";
import { TEAM_NAME_MAX_LENGTH, TEAM_SIZE_MAX } from "@/domain/events";
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

export type ClassContestInput = z.output<typeof classContestInput>;

export type FormTeamInput = z.output<typeof formTeamInput>;
