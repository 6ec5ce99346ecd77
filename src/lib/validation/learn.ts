/** Input rules for authoring courses and lessons, shared by the admin forms and the API. */
import * as z from "zod/mini";

export const slugSchema = z
  .string({ error: "Enter a short address name." })
  .check(
    z.trim(),
    z.toLowerCase(),
    z.minLength(2, "Use at least 2 characters."),
    z.maxLength(80, "Use at most 80 characters."),
    z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "Use lowercase letters, digits and single hyphens, like order-types."),
  );

const title = z.string({ error: "Enter a title." }).check(z.trim(), z.minLength(1, "Enter a title."), z.maxLength(120, "Use at most 120 characters."));

export const courseInputSchema = z.object({
  slug: slugSchema,
  title,
  summary: z._default(z.string().check(z.trim(), z.maxLength(400, "Use at most 400 characters.")), ""),
  published: z._default(z.boolean(), false),
});

export const coursePatchSchema = z.partial(courseInputSchema);

export const optionInputSchema = z.object({
  text: z.string({ error: "Enter the answer's text." }).check(z.trim(), z.minLength(1, "Enter the answer's text."), z.maxLength(500, "Use at most 500 characters.")),
  correct: z.boolean(),
  explanation: z.string().check(z.trim(), z.minLength(1, "Explain why this answer is right or wrong."), z.maxLength(1000, "Use at most 1000 characters.")),
});

export const questionInputSchema = z
  .object({
    prompt: z.string({ error: "Enter the question." }).check(z.trim(), z.minLength(1, "Enter the question."), z.maxLength(1000, "Use at most 1000 characters.")),
    options: z.array(optionInputSchema).check(z.minLength(2, "Give at least 2 answers."), z.maxLength(8, "Give at most 8 answers.")),
  })
  .check(
    z.refine((q) => q.options.some((o) => o.correct), { message: "Mark at least one answer as correct.", path: ["options"] }),
  );

export const UNLOCKABLE_FEATURES = ["short-selling"] as const;

export const lessonInputSchema = z.object({
  slug: slugSchema,
  title,
  body: z.string().check(z.maxLength(100_000, "The lesson is too long (100,000 characters at most).")),
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
