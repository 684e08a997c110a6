import type { DemoRepository } from "@baton/core";
import { createTestGitRepository, type FakeGithub } from "@baton/testkit";

/**
 * Serves the demo repository over the fake GitHub's git (one commit on `main`), installs the App
 * on it and lets `person` write to it, so that Baton can push its branch and take their comments.
 */
export function hostDemoRepository(
  github: FakeGithub,
  demo: DemoRepository,
  { installationId, person }: { installationId: number; person: string },
): void {
  const source = createTestGitRepository({ files: demo.files }, "A calculator (its sum test fails)");
  try {
    github.git.host(demo.repo, { from: source.dir });
  } finally {
    source.cleanup();
  }
  github.install(demo.repo, installationId);
  github.setPermission(demo.repo, person, "write");
}
