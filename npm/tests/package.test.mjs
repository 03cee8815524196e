// The two tarballs: their metadata and files, the stripped static binary the platform package
// carries, and the packages installed offline into an empty project, used from `require`,
// `import`, `npx` and TypeScript with no `whatsnew` on PATH.

import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { after, before, test } from "node:test";

import {
  ROOT,
  cleanEnvironment,
  installedProject,
  npm,
  packageVersion,
  remove,
  runModule,
  scratch,
  shown,
  tarballs,
} from "./helpers.mjs";

const version = packageVersion();
let directory;
let project;

before(() => {
  directory = scratch();
  project = installedProject(path.join(directory, "project"), tarballs());
});
after(() => remove(directory));

function listing(tarball) {
  return execFileSync("tar", ["-tzf", tarball], { encoding: "utf8" }).trim().split("\n").sort();
}

function manifest(tarball) {
  return JSON.parse(execFileSync("tar", ["-xzOf", tarball, "package/package.json"], { encoding: "utf8" }));
}

test("the tarballs hold only what the packages need", () => {
  const [main, platform] = tarballs();
  assert.deepEqual(listing(main), [
    "package/LICENSE",
    "package/README.md",
    "package/bin/whatsnew-greet.js",
    "package/index.d.mts",
    "package/index.d.ts",
    "package/index.js",
    "package/index.mjs",
    "package/package.json",
  ]);
  assert.deepEqual(listing(platform), [
    "package/LICENSE",
    "package/README.md",
    "package/bin/whatsnew",
    "package/package.json",
  ]);
  const mode = execFileSync("tar", ["-tvzf", platform, "package/bin/whatsnew"], { encoding: "utf8" });
  assert.match(mode, /^-rwxr-xr-x /);
});

test("npm pack --dry-run of the sources lists no test or build file", () => {
  for (const source of ["whatsnew-greet", "linux-x64"]) {
    const [{ files }] = JSON.parse(npm(path.join(ROOT, "npm", source), "pack", "--dry-run", "--json"));
    const names = files.map((file) => file.path);
    assert.ok(names.includes("package.json") && names.includes("README.md"), names.join(" "));
    for (const name of names) {
      assert.doesNotMatch(name, /(^|\/)(tests?|\.build|dist|node_modules)\/|\.test\.|\.tgz$|^scripts\//, name);
    }
  }
});

test("the metadata is complete and the main package names its platform package's exact version", () => {
  const [main, platform] = tarballs().map(manifest);
  for (const each of [main, platform]) {
    assert.equal(each.version, version);
    assert.equal(each.license, "MIT");
    assert.ok(each.description && each.repository?.url && each.homepage && each.bugs && each.author, each.name);
    assert.deepEqual(each.engines, { node: ">=18" });
  }
  assert.equal(main.name, "whatsnew-greet");
  assert.ok(main.keywords.includes("release notes"));
  assert.deepEqual(main.optionalDependencies, { "@whatsnew-greet/linux-x64": version });
  assert.equal(main.dependencies, undefined);
  assert.equal(main.scripts, undefined, "no install script: the binary comes as a package");
  assert.deepEqual(main.bin, { "whatsnew-greet": "bin/whatsnew-greet.js" });
  assert.equal(main.exports["."].require.default, "./index.js");
  assert.equal(main.exports["."].import.default, "./index.mjs");
  assert.equal(platform.name, "@whatsnew-greet/linux-x64");
  assert.deepEqual([platform.os, platform.cpu], [["linux"], ["x64"]]);
});

/** Whether an x86-64 ELF asks for a dynamic loader (PT_INTERP), and its section names. */
function elfFacts(data) {
  assert.deepEqual([...data.subarray(0, 6)], [0x7f, 0x45, 0x4c, 0x46, 2, 1], "not a 64-bit little-endian ELF");
  assert.equal(data.readUInt16LE(18), 62, "not x86-64");
  const programHeaders = Number(data.readBigUInt64LE(32));
  const sectionHeaders = Number(data.readBigUInt64LE(40));
  const [programSize, programCount] = [data.readUInt16LE(54), data.readUInt16LE(56)];
  const [sectionSize, sectionCount, namesIndex] = [data.readUInt16LE(58), data.readUInt16LE(60), data.readUInt16LE(62)];
  let interpreter = false;
  for (let i = 0; i < programCount; i += 1) {
    if (data.readUInt32LE(programHeaders + i * programSize) === 3) interpreter = true;
  }
  const section = (i) => {
    const start = sectionHeaders + i * sectionSize;
    return { name: data.readUInt32LE(start), offset: Number(data.readBigUInt64LE(start + 24)) };
  };
  const strings = section(namesIndex).offset;
  const names = new Set();
  for (let i = 0; i < sectionCount; i += 1) {
    const start = strings + section(i).name;
    names.add(data.toString("latin1", start, data.indexOf(0, start)));
  }
  return { interpreter, names };
}

test("the binary is found in the installed platform package, static and stripped", () => {
  const located = shown(runModule(project, 'import { binaryPath } from "whatsnew-greet";\nshow(binaryPath());'));
  assert.equal(located, path.join(fs.realpathSync(project), "node_modules", "@whatsnew-greet", "linux-x64", "bin", "whatsnew"));
  const { interpreter, names } = elfFacts(fs.readFileSync(located));
  assert.equal(interpreter, false, "the binary asks for a dynamic loader: not the static release build");
  assert.ok(!names.has(".symtab") && ![...names].some((name) => name.startsWith(".debug")), [...names].join(" "));
});

test("require and import work with no whatsnew on PATH", () => {
  const empty = path.join(directory, "empty");
  fs.mkdirSync(empty, { recursive: true });
  const environment = cleanEnvironment({ PATH: empty });
  const run = (args) =>
    spawnSync(process.execPath, args, { cwd: project, env: environment, encoding: "utf8" });
  const required = run(["-e", "const w = require('whatsnew-greet'); console.log(typeof w.greet, typeof w.greetSync, w.version)"]);
  assert.equal(required.stdout, `function function ${version}\n`, required.stderr);
  const imported = run([
    "--input-type=module",
    "-e",
    "import { greet, WhatsnewError, version } from 'whatsnew-greet'; console.log(typeof greet, WhatsnewError.name, version)",
  ]);
  assert.equal(imported.stdout, `function WhatsnewError ${version}\n`, imported.stderr);
  assert.equal(run(["--input-type=module", "-e", "import 'whatsnew-greet'"]).status, 0);
});

test("npx whatsnew-greet runs the binary and passes its status on", () => {
  const npx = (...args) =>
    spawnSync("npx", ["--offline", "whatsnew-greet", ...args], {
      cwd: project,
      env: cleanEnvironment(),
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
  const printed = npx("--version");
  assert.deepEqual([printed.status, printed.stdout], [0, `${version}\n`], printed.stderr);
  const usage = npx("greet", "--app-id", "x");
  assert.equal(usage.status, 2);
  assert.match(usage.stderr, /--app-version/);
  const notes = path.join(directory, "bad-notes");
  fs.mkdirSync(notes, { recursive: true });
  fs.writeFileSync(path.join(notes, "1.0.0.md"), "---\ndate: 2026-13-45\n---\n\nText.\n");
  const lint = npx("lint", "--content", notes);
  assert.equal(lint.status, 1);
  assert.match(lint.stdout + lint.stderr, /1\.0\.0\.md/);
});

test("without its platform package it says which one and how to install it", () => {
  const bare = path.join(directory, "bare");
  fs.cpSync(path.join(project, "node_modules", "whatsnew-greet"), path.join(bare, "node_modules", "whatsnew-greet"), {
    recursive: true,
  });
  const call = runModule(
    bare,
    `import { greet, WhatsnewError } from "whatsnew-greet";
try { await greet({ appId: "a", version: "1.0.0", notes: ${JSON.stringify(ROOT)} }); show(null); }
catch (error) { show({ type: error.constructor.name, message: error.message }); }`,
  );
  const error = shown(call);
  assert.equal(error.type, "WhatsnewError");
  assert.match(error.message, /linux-x64/);
  assert.match(error.message, new RegExp(`npm install @whatsnew-greet/linux-x64@${version.replaceAll(".", "\\.")}`));
  const cli = spawnSync(process.execPath, [path.join(bare, "node_modules", "whatsnew-greet", "bin", "whatsnew-greet.js"), "--version"], {
    encoding: "utf8",
    env: cleanEnvironment(),
  });
  assert.equal(cli.status, 127);
  assert.match(cli.stderr, /^whatsnew-greet: the whatsnew binary for linux-x64 is missing: /);
  assert.doesNotMatch(cli.stderr, /\n\s+at /, "a stack trace");
});

// TypeScript code calling greet() and reading the outcome, as a tool would write it.
const TYPED = `
import { greet, greetSync, record, recordSync, WhatsnewError, type Outcome, type GreetOptions } from "whatsnew-greet";

const options: GreetOptions = { appId: "typed", version: "1.0.0", notes: new URL("file:///notes"), minImportance: "minor" };

function report(outcome: Outcome): number {
  const shown: string | null = outcome.shown;
  const from: string | null = outcome.launch ? outcome.launch.fromVersion : null;
  const failed: readonly string[] = outcome.updateSteps.failed;
  console.log(shown, from, failed.length, outcome.pending.join(), outcome.problems, outcome.action, outcome.available);
  return outcome.interrupted ? 130 : outcome.status;
}

greet({ ...options, steps: [{ id: "a", version: "1.0.0", summary: "A", run: "true" }] }).then(report, (error: unknown) => {
  if (!(error instanceof WhatsnewError)) throw error;
  console.error(error.message);
});
const again: Outcome = greetSync(options);
console.log(again.exit === "later", again.versions[0], report(again));
// @ts-expect-error: minImportance is one of four words
greetSync({ ...options, minImportance: "huge" });
// @ts-expect-error: an outcome is read, not written
again.interrupted = false;
const recorded: Promise<string | null> = record("typed", "search", { stateDir: new URL("file:///state") });
const recordedNow: string | null = recordSync("typed", "search");
console.log(recorded, recordedNow);
// @ts-expect-error: record takes no notes
recordSync("typed", "search", { notes: "/notes" });
`;

test("tsc --strict takes code that calls greet and reads its Outcome", { skip: !hasTsc() && "tsc is not installed (scripts/setup --ci installs node-typescript)" }, () => {
  const typed = path.join(project, "typed");
  fs.mkdirSync(typed, { recursive: true });
  fs.writeFileSync(path.join(typed, "tool.ts"), TYPED);
  fs.writeFileSync(path.join(typed, "tool.mts"), TYPED);
  const check = (...args) => spawnSync("tsc", ["--noEmit", "--strict", ...args], { cwd: typed, encoding: "utf8" });
  // require's types (index.d.ts), with tsc's defaults.
  const commonJS = check("tool.ts");
  assert.equal(commonJS.status, 0, commonJS.stdout + commonJS.stderr);
  // import's types (index.d.mts), as an ES module.
  const module = check("--module", "node16", "--target", "es2020", "--lib", "es2020,dom", "tool.mts");
  assert.equal(module.status, 0, module.stdout + module.stderr);
  // ... and a mistake is caught (the test can fail).
  fs.writeFileSync(path.join(typed, "wrong.ts"), 'import { greet } from "whatsnew-greet";\ngreet({ appId: "a", version: "1" });\n');
  const wrong = check("wrong.ts");
  assert.notEqual(wrong.status, 0);
  assert.match(wrong.stdout, /notes/);
});

function hasTsc() {
  return spawnSync("tsc", ["--version"], { stdio: "ignore" }).status === 0;
}
