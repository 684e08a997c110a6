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

/** How long apt waits for another apt or dpkg run (an unattended upgrade, a second `npm test`) to finish. */
const DPKG_LOCK_TIMEOUT_SECONDS = 600;

/**
 * `apt-get update` then `apt-get install` of the given Debian packages, with apt's own output. A
 * failure ends the process with one line saying what to run by hand, not a stack trace.
 */
export function aptInstall(...packages) {
  console.log(`baton: installing ${packages.join(", ")} from Debian's packages…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const waitForLock = ["-o", `DPkg::Lock::Timeout=${DPKG_LOCK_TIMEOUT_SECONDS}`];
  try {
    execFileSync("apt-get", [...waitForLock, "update", "-qq"], { stdio: "inherit", env });
    execFileSync("apt-get", [...waitForLock, "install", "-y", "-qq", ...packages], { stdio: "inherit", env });
  } catch (error) {
    console.error(
      `baton: could not install ${packages.join(", ")} (${error.message.split("\n")[0]}). Install it by hand: apt-get install ${packages.join(" ")}`,
    );
    process.exit(1);
  }
}
