import { describe, expect, it } from "vitest";
import { anonymousHandle, boardName, DELETED_USER_LABEL, fnv1a32, HANDLE_WORDS } from "@/domain/ranking";

const SALT = "s3cret-salt-for-tests";

describe("anonymous handles", () => {
  it("are stable: the same person gets the same handle on every call (pinned value)", () => {
    const handle = anonymousHandle("user-123", SALT);
    expect(handle).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+ [1-9]\d{0,2}$/);
    expect(anonymousHandle("user-123", SALT)).toBe(handle);
    // Pinned so a change of the hash or the word lists, which would rename everyone, is deliberate.
    expect(handle).toBe("Fleet Wren 578");
  });

  it("depend on the secret salt, so a user id alone does not give the handle away", () => {
    expect(anonymousHandle("user-123", "another-salt")).not.toBe(anonymousHandle("user-123", SALT));
  });

  it("differ between people: 10,000 ids give almost as many handles", () => {
    const handles = new Set(Array.from({ length: 10_000 }, (_, i) => anonymousHandle(`user-${i}`, SALT)));
    // About 4 million handles: birthday collisions among 10,000 are a dozen or so.
    expect(handles.size).toBeGreaterThan(9_950);
  });

  it("use every adjective and every animal", () => {
    const adjectives = new Set<string>();
    const animals = new Set<string>();
    for (let i = 0; i < 5_000; i++) {
      const [adjective, animal] = anonymousHandle(`u${i}`, SALT).split(" ");
      adjectives.add(adjective!);
      animals.add(animal!);
    }
    expect(HANDLE_WORDS.adjectives).toHaveLength(64);
    expect(HANDLE_WORDS.animals).toHaveLength(64);
    expect(new Set(HANDLE_WORDS.adjectives).size).toBe(64);
    expect(new Set(HANDLE_WORDS.animals).size).toBe(64);
    expect(adjectives.size).toBe(64);
    expect(animals.size).toBe(64);
  });

  it("hash with FNV-1a 32 (the published test vectors)", () => {
    expect(fnv1a32("")).toBe(0x811c9dc5);
    expect(fnv1a32("a")).toBe(0xe40c292c);
    expect(fnv1a32("foobar")).toBe(0xbf9cf968);
  });
});

describe("the name a leaderboard row shows", () => {
  const person = { userId: "user-123", displayName: "Ada L.", hideName: false, deleted: false };

  it("is the display name", () => {
    expect(boardName(person, SALT)).toBe("Ada L.");
  });

  it("is the anonymous handle for someone who opted out", () => {
    expect(boardName({ ...person, hideName: true }, SALT)).toBe(anonymousHandle("user-123", SALT));
  });

  it("is 'Deleted user' for a deleted account's standings", () => {
    expect(boardName({ ...person, deleted: true }, SALT)).toBe(DELETED_USER_LABEL);
    expect(boardName({ ...person, userId: null }, SALT)).toBe("Deleted user");
  });
});
