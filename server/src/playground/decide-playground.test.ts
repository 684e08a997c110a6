import type { PlaygroundPane } from "@baton/core";
import { describe, expect, it } from "vitest";
import { decidePlayground } from "./decide-playground.js";

const pane = (platform: PlaygroundPane["platform"], credentials: string[]): PlaygroundPane => ({
  platform,
  title: platform,
  credentials,
  script: "",
  style: "",
  simulate: () => Promise.reject(new Error("not simulated in this test")),
});
const PANES = [pane("slack", ["SLACK_BOT_TOKEN", "SLACK_APP_TOKEN"]), pane("github", ["GITHUB_APP_ID"])];
const platforms = (panes: PlaygroundPane[]) => panes.map((p) => p.platform);

describe("decidePlayground", () => {
  it("simulates every platform when no credentials are set", () => {
    const decision = decidePlayground({ PORT: "3000", SLACK_BOT_TOKEN: "" }, PANES);
    expect(decision.kind).toBe("on");
    if (decision.kind === "on") expect(platforms(decision.simulated)).toEqual(["slack", "github"]);
  });

  it("stays off once any platform credential is set, naming the live platform", () => {
    expect(decidePlayground({ SLACK_APP_TOKEN: "xapp-1" }, PANES)).toEqual({
      kind: "off",
      reason: "credentials_set",
      live: ["slack"],
    });
  });

  it("runs next to live platforms when BATON_PLAYGROUND=1, simulating only the others", () => {
    const decision = decidePlayground({ GITHUB_APP_ID: "1", BATON_PLAYGROUND: "1" }, PANES);
    expect(decision.kind).toBe("on");
    if (decision.kind === "on") {
      expect(platforms(decision.simulated)).toEqual(["slack"]);
      expect(decision.live).toEqual(["github"]);
    }
  });

  it("never runs when BATON_PLAYGROUND=0", () => {
    expect(decidePlayground({ BATON_PLAYGROUND: "0" }, PANES)).toMatchObject({
      kind: "off",
      reason: "turned_off",
    });
  });
});
