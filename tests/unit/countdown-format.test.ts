/**
 * A countdown's text: lib/format's `countdown` from the events domain's whole parts (rounded up
 * to the second), as the event page and the dashboard's "my events" show it.
 */
import { describe, expect, it } from "vitest";
import { durationParts } from "@/domain/events";
import { remaining } from "@/features/events/components/format";
import { timeLeft } from "@/features/events/components/countdown";
import { countdown } from "@/lib/format";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("countdown text", () => {
  it("shows days when there are any (the d kept with its figure), then hours, minutes and seconds", () => {
    expect(countdown({ days: 2, hours: 3, minutes: 4, seconds: 5 })).toBe("2\u00a0d 3:04:05");
    expect(countdown({ days: 0, hours: 23, minutes: 59, seconds: 59 })).toBe("23:59:59");
    expect(countdown({ days: 0, hours: 0, minutes: 9, seconds: 0 })).toBe("0:09:00");
    expect(countdown({ days: 1234, hours: 0, minutes: 0, seconds: 0 })).toBe("1,234\u00a0d 0:00:00");
  });

  it("rounds up to the second, so it reads 0:00:01 until the very end", () => {
    expect(remaining(1)).toBe("0:00:01");
    expect(remaining(999)).toBe("0:00:01");
    expect(remaining(0)).toBe("0:00:00");
    expect(remaining(-5 * SECOND)).toBe("0:00:00");
    expect(remaining(DAY + 2 * HOUR + 3 * MINUTE + 4 * SECOND)).toBe("1\u00a0d 2:03:04");
    expect(remaining(DAY - 1)).toBe(countdown(durationParts(DAY)));
  });
});

describe("time left on the server's clock", () => {
  const target = "2026-11-18T12:00:00.000Z";

  it("is the server's figure before the clock ticks, then the target minus the clock", () => {
    expect(timeLeft({ target, ms: 5000 }, null)).toBe(5000);
    expect(timeLeft({ target, ms: 5000 }, Date.parse("2026-11-18T11:59:00.000Z"))).toBe(60_000);
    expect(timeLeft({ target, ms: 5000 }, Date.parse("2026-11-18T12:00:01.000Z"))).toBe(-1000);
  });

  it("has nothing to count down to once an event has ended", () => {
    expect(timeLeft({ target: null, ms: null }, Date.now())).toBeNull();
  });
});
