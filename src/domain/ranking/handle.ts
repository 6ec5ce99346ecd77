/**
 * Anonymous handles for people who opted out of showing their name on leaderboards
 * ("Calm Otter 417"). Deterministic, so a person keeps the same handle on every board and
 * every refresh, and keyed by a secret salt, so nobody who knows a user id can work out
 * whose handle is whose. A collision only means two rows share a label; ranks still differ.
 */
import { classmateName } from "../classes";

const ADJECTIVES = [
  "Able", "Agile", "Amber", "Azure", "Bold", "Brave", "Breezy", "Bright",
  "Brisk", "Calm", "Candid", "Cheery", "Civil", "Clever", "Cosmic", "Crisp",
  "Curious", "Daring", "Dapper", "Eager", "Earnest", "Epic", "Fair", "Fancy",
  "Fleet", "Frank", "Gentle", "Glad", "Golden", "Grand", "Happy", "Hardy",
  "Honest", "Humble", "Jolly", "Keen", "Kind", "Lively", "Lucky", "Lunar",
  "Merry", "Mighty", "Modest", "Nimble", "Noble", "Patient", "Plucky", "Polite",
  "Proud", "Quick", "Quiet", "Rapid", "Ready", "Sage", "Serene", "Sharp",
  "Silver", "Smart", "Snappy", "Steady", "Sunny", "Swift", "Witty", "Zesty",
] as const;

const ANIMALS = [
  "Badger", "Bear", "Beaver", "Bison", "Bobcat", "Camel", "Cheetah", "Condor",
  "Cougar", "Crane", "Dolphin", "Eagle", "Elk", "Falcon", "Ferret", "Finch",
  "Fox", "Gazelle", "Gecko", "Giraffe", "Heron", "Hedgehog", "Ibis", "Jaguar",
  "Kestrel", "Koala", "Lemur", "Leopard", "Lion", "Llama", "Lynx", "Magpie",
  "Marmot", "Meerkat", "Moose", "Narwhal", "Newt", "Ocelot", "Octopus", "Orca",
  "Osprey", "Otter", "Owl", "Panda", "Pelican", "Penguin", "Puffin", "Quokka",
  "Rabbit", "Raven", "Robin", "Seal", "Sparrow", "Stork", "Swan", "Tapir",
  "Tiger", "Toucan", "Turtle", "Walrus", "Wombat", "Wren", "Yak", "Zebra",
] as const;

/** Shown for the standings of a deleted account (PRODUCT.md). */
export const DELETED_USER_LABEL = "Deleted user";

const encoder = new TextEncoder();

/** FNV-1a, 32 bits, over the UTF-8 bytes of `text`: small, pure, the same in every runtime. */
export function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of encoder.encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** MurmurHash3's finaliser: FNV-1a's last bytes barely touch the high bits, and the handle uses them all. */
function mix32(value: number): number {
  let h = value;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** "Adjective Animal N", N from 1 to 999: 4 million handles, readable aloud. */
export function anonymousHandle(userId: string, secretSalt: string): string {
  // The NUL keeps ("ab", "c") and ("a", "bc") apart.
  const hash = mix32(fnv1a32(`${secretSalt}\u0000${userId}`));
  const adjective = ADJECTIVES[hash & 63]!;
  const animal = ANIMALS[(hash >>> 6) & 63]!;
  const number = ((hash >>> 12) % 999) + 1;
  return `${adjective} ${animal} ${number}`;
}

export interface BoardPerson {
  userId: string | null;
  displayName: string | null;
  /** The person chose not to show their name on leaderboards. */
  hideName: boolean;
  /** The account was deleted; its standings in ended events stay. */
  deleted: boolean;
}

/** The label a leaderboard row shows for a person. */
export function boardName(person: BoardPerson, secretSalt: string): string {
  if (person.deleted || person.userId === null) return DELETED_USER_LABEL;
  if (person.hideName || !person.displayName) return anonymousHandle(person.userId, secretSalt);
  return person.displayName;
}

/** A row of an event's board: a person, the team whose row it is (if any), and what the event is. */
export interface EventBoardPerson extends BoardPerson {
  /** The team's name when the row is a team's (its founder's row, decision 042). */
  team: string | null;
  /** A roster account (decision 038). */
  roster: boolean;
  /** The person asked for their name to be hidden (as opposed to a roster account's default). */
  optedOut: boolean;
}

/**
 * The label on an event's board. A team's row shows the team's name: the board ranks teams
 * (decision 042). On a class contest, seen only by the class, a roster account is named as in
 * the class, first name + initial (decision 038's classmateName); someone who opted out keeps
 * their handle. Elsewhere, boardName.
 */
export function eventBoardName(person: EventBoardPerson, event: { classContest: boolean }, secretSalt: string): string {
  if (person.team) return person.team;
  if (event.classContest && person.roster && !person.optedOut && !person.deleted && person.displayName) return classmateName(person.displayName);
  return boardName(person, secretSalt);
}

/** For tests: the word lists have 64 entries each, so 6 bits pick a word without bias. */
export const HANDLE_WORDS = { adjectives: ADJECTIVES, animals: ANIMALS } as const;
