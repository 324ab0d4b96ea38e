import { describe, expect, it } from "vitest";
import { describeSchedule, recipientError } from "./email-alerts-screen";

describe("email alert form helpers", () => {
  it("describes each schedule in words", () => {
    expect(describeSchedule({ schedule: "weekly", weekly_day: "wednesday", send_time: "07:15" })).toBe("Weekly on Wednesday at 07:15");
    expect(describeSchedule({ schedule: "last-friday-month", weekly_day: null, send_time: "09:00" })).toBe("Last Friday of the month at 09:00");
  });

  it("checks every comma-separated recipient", () => {
    expect(recipientError(" a@x.com , b@y.org ")).toBeNull();
    expect(recipientError("a@x.com, nope")).toBe("'nope' is not a valid email address");
    expect(recipientError(" , ")).toBe("Enter at least one email address");
  });
});
