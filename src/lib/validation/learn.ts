/** Input rules for authoring courses and lessons, shared by the admin forms and the API. */
import * as z from "zod/mini";
import { textField } from "./text";

export const slugSchema = z
  .string({ error: "Enter a short address name." })
  .check(
    z.trim(),
    z.toLowerCase(),
    z.minLength(2, "Use at least 2 characters."),
    z.maxLength(80, "Use at most 80 characters."),
    z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lowercase letters, digits and single hyphens, like order-types."),
  );

const title = textField({ min: 1, max: 120, required: "Enter a title." });

export const courseInputSchema = z.object({
  slug: slugSchema,
  title,
  summary: z._default(textField({ max: 400, multiline: true }), ""),
  published: z._default(z.boolean(), false),
});

export const coursePatchSchema = z.partial(courseInputSchema);

export const optionInputSchema = z.object({
  text: textField({ min: 1, max: 500, multiline: true, required: "Enter the answer's text." }),
  correct: z.boolean(),
  explanation: textField({ min: 1, max: 1000, multiline: true, required: "Explain why this answer is right or wrong.", tooLong: "Use at most 1000 characters." }),
});

export const questionInputSchema = z
  .object({
    prompt: textField({ min: 1, max: 1000, multiline: true, required: "Enter the question.", tooLong: "Use at most 1000 characters." }),
    options: z.array(optionInputSchema).check(z.minLength(2, "Give at least 2 answers."), z.maxLength(8, "Give at most 8 answers.")),
  })
  .check(
    z.refine((q) => q.options.some((o) => o.correct), { message: "Mark at least one answer as correct.", path: ["options"] }),
  );

export const UNLOCKABLE_FEATURES = ["short-selling", "advanced-orders"] as const;

export const lessonInputSchema = z.object({
  slug: slugSchema,
  title,
  // Not trimmed: Markdown's leading indentation means something.
  body: textField({ max: 100_000, multiline: true, trim: false, tooLong: "The lesson is too long (100,000 characters at most).", characters: "The lesson contains characters that cannot be shown." }),
  passMark: z.number({ error: "Enter a pass mark from 1 to 100." }).check(z.int("Use a whole number."), z.minimum(1, "Use 1 to 100."), z.maximum(100, "Use 1 to 100.")),
  unlocks: z.nullable(z.enum(UNLOCKABLE_FEATURES, { error: "Choose a feature from the list." })),
  published: z.boolean(),
  questions: z.array(questionInputSchema).check(z.maxLength(50, "Use at most 50 questions.")),
});

export const newLessonSchema = z.object({ slug: slugSchema, title });

export const reorderSchema = z.object({
  ids: z.array(z.string().check(z.maxLength(100))).check(z.minLength(1, "Nothing to order."), z.maxLength(500)),
});

export type LessonInput = z.output<typeof lessonInputSchema>;
export type CourseInput = z.output<typeof courseInputSchema>;
