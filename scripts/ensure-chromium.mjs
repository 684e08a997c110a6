#!/usr/bin/env node
// Makes sure the Chromium that the share page's browser test drives is at hand before tests run:
// - BATON_CHROMIUM_PATH names a Chromium or Chrome binary → it must exist;
// - else Debian's /usr/bin/chromium is needed (playwright-core never downloads a browser):
//   installed from Debian's packages when we are root, or a one-line message says how.

import { accessSync, constants } from "node:fs";
import { aptInstall, canAptInstall } from "./apt-install.mjs";

const DEBIAN_CHROMIUM_PATH = "/usr/bin/chromium";

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

const chosen = process.env.BATON_CHROMIUM_PATH;
if (chosen) {
  if (isExecutable(chosen)) process.exit(0);
  console.error(
    `baton: BATON_CHROMIUM_PATH=${chosen} is not an executable file; point it at a Chromium or Chrome binary, or unset it to use Debian's ${DEBIAN_CHROMIUM_PATH}.`,
  );
  process.exit(1);
}
if (isExecutable(DEBIAN_CHROMIUM_PATH)) process.exit(0);

if (!canAptInstall()) {
  console.error(
    `baton: the browser test needs Chromium at ${DEBIAN_CHROMIUM_PATH}. Install it (Debian/Ubuntu: \`sudo apt-get install chromium\`) or set BATON_CHROMIUM_PATH to a Chromium or Chrome binary.`,
  );
  process.exit(1);
}
aptInstall("chromium");
if (!isExecutable(DEBIAN_CHROMIUM_PATH)) {
  console.error(`baton: apt-get installed chromium, but ${DEBIAN_CHROMIUM_PATH} is still missing.`);
  process.exit(1);
}
