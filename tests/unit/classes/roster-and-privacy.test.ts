import { describe, expect, it } from "vitest";
import { checkClassDates, classmateName, mayCreateClasses, namesFromPaste } from "@/domain/classes";
import { namesFromCsv } from "@/domain/classes/roster-csv";
import { signInNameSchema } from "@/lib/validation/account";

describe("classmates' names", () => {
  it.each([
    ["Maya Kowalska", "Maya K."],
    ["  maya   de la cruz ", "maya C."],
    ["Leo", "Leo"],
    ["Émile ørsted", "Émile Ø."],
    ["Anna 👩🏽‍🎓Lee", "Anna 👩🏽‍🎓."],
    ["", "Student"],
  ])("show %j as %j", (name, shown) => {
    expect(classmateName(name)).toBe(shown);
  });
});

describe("who may create classes", () => {
  const off = { membersMayCreateClasses: false };
  const on = { membersMayCreateClasses: true };
  it("organisers and admins; members only when an admin allows it; roster accounts never", () => {
    expect(mayCreateClasses({ role: "organiser", kind: "standard" }, off)).toBe(true);
    expect(mayCreateClasses({ role: "admin", kind: "standard" }, off)).toBe(true);
    expect(mayCreateClasses({ role: "member", kind: "standard" }, off)).toBe(false);
    expect(mayCreateClasses({ role: "member", kind: "standard" }, on)).toBe(true);
    expect(mayCreateClasses({ role: "member", kind: "roster" }, on)).toBe(false);
    expect(mayCreateClasses({ role: "organiser", kind: "roster" }, on)).toBe(false);
  });
});

describe("a class's dates", () => {
  it("are optional calendar dates, the end not before the start", () => {
    expect(checkClassDates(null, null)).toBeNull();
    expect(checkClassDates("2026-09-01", "2027-06-30")).toBeNull();
    expect(checkClassDates("2026-09-01", "2026-09-01")).toBeNull();
    expect(checkClassDates("2026-02-30", null)).toMatchObject({ field: "startsOn" });
    expect(checkClassDates(null, "soon")).toMatchObject({ field: "endsOn" });
    expect(checkClassDates("2026-09-02", "2026-09-01")).toMatchObject({ field: "endsOn", message: "The last day cannot be before the first." });
  });
});

describe("names for a roster", () => {
  it("come one per line from a paste, blank lines and extra spaces dropped", () => {
    expect(namesFromPaste("Maya Kowalska\r\n\n  Leo   Brandt \rAda\n")).toEqual(["Maya Kowalska", "Leo Brandt", "Ada"]);
  });

  it("come from a CSV's Name column, or First and Last name columns, or its first column", () => {
    expect(namesFromCsv("Name,Email\nMaya Kowalska,m@x.test\n\"Brandt, Leo\",\n")).toEqual({ ok: true, names: ["Maya Kowalska", "Brandt, Leo"] });
    expect(namesFromCsv("\ufeffFirst name,Last name,Year\nMaya,Kowalska,9\nLeo,,9\n")).toEqual({ ok: true, names: ["Maya Kowalska", "Leo"] });
    expect(namesFromCsv("Maya Kowalska\nLeo Brandt\n")).toEqual({ ok: true, names: ["Maya Kowalska", "Leo Brandt"] });
  });

  it("say what is wrong with a CSV that cannot be read, by line", () => {
    expect(namesFromCsv('Name\n"Maya\n')).toMatchObject({ ok: false, message: expect.stringMatching(/^Line \d+:/) });
    expect(namesFromCsv("Name\n\n")).toEqual({ ok: false, message: "The file has no names in it." });
  });
});

describe("the sign-in name", () => {
  it("is an email address or a username, trimmed and lower-cased", () => {
    expect(signInNameSchema.parse("  Ann@Example.COM ")).toBe("ann@example.com");
    expect(signInNameSchema.parse(" K7MW3XPA ")).toBe("k7mw3xpa");
    expect(signInNameSchema.safeParse("not an@address").success).toBe(false);
    expect(signInNameSchema.safeParse("a b").success).toBe(false);
    expect(signInNameSchema.safeParse("").success).toBe(false);
  });
});
