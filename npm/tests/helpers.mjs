// What the tests share: the tarballs scripts/npm-package made, installed with `npm install
// --offline` into a fresh project of the test file's own, and node run there with no
// `whatsnew` on PATH. The tests run what a user gets from npm, never this source tree. The
// tarballs are those in $WHATSNEW_GREET_NPM_DIR, else in dist/npm/; the example tool's is in
// .build/npm-package/example/. Missing tarballs fail the tests (run scripts/npm-package first).

import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
export const NOTES = path.join(ROOT, "Examples", "node", "notes");

export function packageVersion() {
  const source = fs.readFileSync(path.join(ROOT, "Sources", "whatsnew", "WhatsNewVersion.swift"), "utf8");
  const match = /static let current = "([^"]+)"/.exec(source);
  if (!match) throw new Error("no version in WhatsNewVersion.swift");
  return match[1];
}

function found(file, hint) {
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: ${hint}`);
  return file;
}

/** The two tarballs: the main package's, then the platform package's. */
export function tarballs() {
  const directory = process.env.WHATSNEW_GREET_NPM_DIR || path.join(ROOT, "dist", "npm");
  const version = packageVersion();
  return [`whatsnew-greet-${version}.tgz`, `whatsnew-greet-linux-x64-${version}.tgz`].map((name) =>
    found(path.join(directory, name), "run scripts/npm-package"),
  );
}

export function exampleTarball() {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, "Examples", "node", "package.json"), "utf8"));
  const file = path.join(ROOT, ".build", "npm-package", "example", `greeted-${manifest.version}.tgz`);
  return found(file, "run scripts/npm-package");
}

/** A fresh directory, removed when the test file is done (`t.after`, or by the caller). */
export function scratch(prefix = "whatsnew-greet-test-") {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function remove(directory) {
  fs.rmSync(directory, { recursive: true, force: true });
}

/** npm with nothing from the network and nothing printed but what it must say. */
export function npm(directory, ...args) {
  return execFileSync("npm", args, {
    cwd: directory,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      npm_config_offline: "true",
      npm_config_audit: "false",
      npm_config_fund: "false",
      npm_config_update_notifier: "false",
      npm_config_loglevel: "warn",
    },
  });
}

/** A project made with `npm init -y`, with `tarballs` installed from their files offline. */
export function installedProject(directory, files) {
  fs.mkdirSync(directory, { recursive: true });
  npm(directory, "init", "-y");
  npm(directory, "install", "--offline", ...files);
  return directory;
}

/** This process's environment without `CI` and `ACCESSIBLE`, with a PATH of the system's
 * directories only (node is /usr/bin/node), and `extra`. */
export function cleanEnvironment(extra = {}) {
  const environment = { ...process.env };
  for (const name of ["CI", "ACCESSIBLE", "NODE_OPTIONS", "NODE_TEST_CONTEXT"]) delete environment[name];
  for (const name of Object.keys(environment)) if (name.startsWith("npm_")) delete environment[name];
  environment.PATH = "/usr/bin:/bin";
  return { ...environment, ...extra };
}

/**
 * Runs the ES module `code` with node in `project` (so `import "whatsnew-greet"` finds the
 * installed package), stdin /dev/null; returns the run. `show(value)` prints a value as JSON.
 */
export function runModule(project, code, environment = {}) {
  const file = path.join(project, `run-${process.hrtime.bigint()}.mjs`);
  const prelude = "const show = (value) => console.log(JSON.stringify(value));\n";
  fs.writeFileSync(file, prelude + code);
  try {
    return spawnSync(process.execPath, [file], {
      cwd: project,
      env: cleanEnvironment(environment),
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/** What `code` printed last, as JSON, after checking it ran without an error. */
export function shown(run) {
  if (run.status !== 0) throw new Error(`exit ${run.status}: ${run.stdout}${run.stderr}`);
  const lines = run.stdout.trim().split("\n");
  return JSON.parse(lines[lines.length - 1]);
}
