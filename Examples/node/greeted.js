#!/usr/bin/env node
// Greeted: greets its users with whatsnew-greet, then does its own work.
// GREETED_VERSION pretends to be another version (to try an upgrade).
import { createRequire } from "node:module";
import { greet, WhatsnewError } from "whatsnew-greet";

const VERSION = process.env.GREETED_VERSION || createRequire(import.meta.url)("./package.json").version;

try {
  const notes = new URL("./notes", import.meta.url); // shipped inside this package
  const outcome = await greet({ appId: "greeted-node", version: VERSION, notes, appName: "Greeted" });
  if (outcome.interrupted) process.exit(130); // the user pressed Ctrl-C: stop here too
} catch (error) {
  if (!(error instanceof WhatsnewError)) throw error; // a TypeError is a mistake in this code
  console.error(`greeted: no greeting: ${error.message}`); // the tool still works
}
console.log(`greeted ${VERSION}: done its own work`);
