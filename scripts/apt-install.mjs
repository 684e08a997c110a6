// Installs a missing system package the way the README promises: from Debian's packages when we
// run as root on a machine with apt-get. Used by the ensure-*.mjs scripts; Node built-ins only.
import { execFileSync } from "node:child_process";

/** True when `name` is a command on PATH. */
export function hasCommand(name) {
  try {
    execFileSync("sh", ["-c", `command -v ${name}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** True when this process may install Debian packages itself. */
export function canAptInstall() {
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  return isRoot && hasCommand("apt-get");
}

/** `apt-get update` then `apt-get install` of the given Debian packages, with apt's own output. */
export function aptInstall(...packages) {
  console.log(`baton: installing ${packages.join(", ")} from Debian's packages…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", "-qq", ...packages], { stdio: "inherit", env });
}
