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
    "package/index.d.ts",
    "package/index.js",
    "package/package.json",
    "package/schema.d.ts",
  ]);
  // Only the greeting executable, not the whole whatsnew tool.
  assert.deepEqual(listing(platform), [
    "package/LICENSE",
    "package/README.md",
    "package/bin/whatsnew-greet",
    "package/package.json",
  ]);
  const mode = execFileSync("tar", ["-tvzf", platform, "package/bin/whatsnew-greet"], { encoding: "utf8" });
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
  // No "exports" map: `require` of a package with one loads Node's ES module resolver (1.5 ms
  // for a tool with no other such package); `import` finds index.js's names without it.
  assert.equal(main.main, "./index.js");
  assert.equal(main.types, "./index.d.ts");
  assert.equal(main.exports, undefined);
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
  assert.equal(located, path.join(fs.realpathSync(project), "node_modules", "@whatsnew-greet", "linux-x64", "bin", "whatsnew-greet"));
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
  const npx = (args, input) =>
    spawnSync("npx", ["--offline", "whatsnew-greet", ...args], {
      cwd: project,
      env: cleanEnvironment(),
      encoding: "utf8",
      input,
      stdio: ["pipe", "pipe", "pipe"],
    });
  const schema = npx(["--schema"], "");
  assert.equal(schema.status, 0, schema.stderr);
  assert.equal(JSON.parse(schema.stdout).protocol, 1);
  const refused = npx([], '{"protocol": 1, "appId": "x"}');
  assert.equal(refused.status, 2);
  assert.equal(JSON.parse(refused.stdout).error.parameter, "version");
});

test("the types are the schema's (scripts/wrapper-types --check against the shipped binary)", () => {
  const binary = shown(runModule(project, 'import { binaryPath } from "whatsnew-greet";\nshow(binaryPath());'));
  const check = spawnSync("python3", [path.join(ROOT, "scripts", "wrapper-types"), "--check", binary], { encoding: "utf8" });
  assert.equal(check.status, 0, check.stderr);
  // The installed schema.d.ts is the source's.
  assert.equal(
    fs.readFileSync(path.join(project, "node_modules", "whatsnew-greet", "schema.d.ts"), "utf8"),
    fs.readFileSync(path.join(ROOT, "npm", "whatsnew-greet", "schema.d.ts"), "utf8"),
  );
});

test("loading the package costs under 1 ms more than an empty module, and reads nothing", () => {
  // The empty module is a package too (its package.json read as this one's is), loaded the same way.
  const empty = path.join(project, "node_modules", "empty-package");
  fs.mkdirSync(empty, { recursive: true });
  fs.writeFileSync(path.join(empty, "package.json"), JSON.stringify({ name: "empty-package", main: "./index.js" }));
  fs.writeFileSync(path.join(empty, "index.js"), "");
  const once = (target) => {
    // CPU time, not wall time: what loading costs, without the waits a loaded machine adds.
    const code = `const c = process.cpuUsage(); require(${JSON.stringify(target)}); const d = process.cpuUsage(c); console.log((d.user + d.system) * 1000);`;
    return Number(spawnSync(process.execPath, ["-e", code], { cwd: project, encoding: "utf8" }).stdout);
  };
  const differences = [];
  for (let n = 0; n < 15; n++) differences.push(once("whatsnew-greet") - once("empty-package")); // interleaved pairs
  const extra = differences.sort((a, b) => a - b)[7] / 1e6;
  assert.ok(extra < 1, `${extra.toFixed(2)} ms more than an empty module`);
  const code = "require('whatsnew-greet'); console.log(JSON.stringify(Object.keys(require.cache).map((f) => require('node:path').basename(f))))";
  const loaded = JSON.parse(spawnSync(process.execPath, ["-e", code], { cwd: project, encoding: "utf8" }).stdout);
  assert.deepEqual(loaded, ["index.js"]); // not package.json: version is read when asked for
});

test("without its platform package greet says which one and how to install it, and npx says why", () => {
  const bare = path.join(directory, "bare");
  fs.cpSync(path.join(project, "node_modules", "whatsnew-greet"), path.join(bare, "node_modules", "whatsnew-greet"), {
    recursive: true,
  });
  const outcome = shown(
    runModule(bare, `import { greet } from "whatsnew-greet";\nshow(await greet({ appId: "a", version: "1.0.0", notes: ${JSON.stringify(ROOT)} }));`),
  );
  assert.match(outcome.problems[0], /^no whatsnew binary for linux-x64/);
  assert.match(outcome.problems[0], new RegExp(`npm install @whatsnew-greet/linux-x64@${version.replaceAll(".", "\\.")}`));
  const cli = spawnSync(process.execPath, [path.join(bare, "node_modules", "whatsnew-greet", "bin", "whatsnew-greet.js"), "--schema"], {
    encoding: "utf8",
    env: cleanEnvironment(),
  });
  assert.equal(cli.status, 127);
  assert.match(cli.stderr, /^whatsnew-greet: no whatsnew binary for linux-x64: /);
  assert.doesNotMatch(cli.stderr, /\n\s+at /, "a stack trace");
});

// TypeScript code calling greet() and reading the outcome, as a tool would write it.
const TYPED = `
import { greet, greetSync, record, recordSync, setTip, setTipSync, WhatsnewError, type Outcome, type GreetOptions } from "whatsnew-greet";

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
const recorded: Promise<void> = record("typed", ["search", "export"], { stateDir: new URL("file:///state") });
recordSync("typed", "search");
console.log(recorded, greetSync({ ...options, upgradeCommand: { npm: "npm i -g typed", other: "see the docs" } }));
// @ts-expect-error: theme is one of the schema's
greetSync({ ...options, theme: "sepia" });
// @ts-expect-error: record takes no notes
recordSync("typed", "search", { notes: "/notes" });
const hidden: Promise<boolean> = setTip("typed", "search", false, { notes: "/notes", stateDir: new URL("file:///state") });
const back: boolean = setTipSync("typed", "search", true);
console.log(hidden, back, greetSync({ ...options, tipSwitches: { search: false }, tipOffCommand: "typed tips --off {tip}" }));
// @ts-expect-error: enabled is true or false
setTipSync("typed", "search", "off");
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
  // the same types from an ES module (index.d.ts: Node and tsc find the names of a CommonJS module).
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
