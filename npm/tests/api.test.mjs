// greet() and greetSync() against the real binary of the installed platform package, with no
// person at a terminal (stdin is /dev/null): what they return, what they throw, and what they
// leave as it was. The screens themselves are in tmux.test.mjs.

import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { after, before, test } from "node:test";

import { NOTES, cleanEnvironment, installedProject, remove, runModule, scratch, shown, tarballs } from "./helpers.mjs";

let directory;
let project;

before(() => {
  directory = scratch();
  project = installedProject(path.join(directory, "project"), tarballs());
});
after(() => remove(directory));

function fresh(name) {
  const made = path.join(directory, name);
  fs.mkdirSync(made, { recursive: true });
  return made;
}

/** The outcome of `call` (an expression using greet or greetSync), run in the project. */
function outcomeOf(call, environment = {}) {
  const code = `import { greet, greetSync } from "whatsnew-greet";\nshow(await ${call});`;
  return shown(runModule(project, code, environment));
}

/** The error `call` throws (or rejects with) in the project: its type and message. */
function errorOf(call, project_ = project) {
  const code = `import { greet, greetSync, WhatsnewError } from "whatsnew-greet";
const NOTES = ${JSON.stringify(NOTES)};
try {
  await ${call};
  show({ type: null });
} catch (error) {
  show({ type: error.constructor.name, message: error.message, isWhatsnewError: error instanceof WhatsnewError });
}`;
  return shown(runModule(project_, code));
}

test("without a terminal it records the launch, shows nothing and keeps it pending", () => {
  // A whatsnew on PATH that would leave a mark: the package must run its own.
  const decoy = fresh("decoy");
  fs.writeFileSync(path.join(decoy, "whatsnew"), `#!/bin/sh\ntouch ${decoy}/ran\nexit 99\n`, { mode: 0o755 });
  for (const [call, state] of [
    ["greet", fresh("state-async")],
    ["greetSync", fresh("state-sync")],
  ]) {
    const options = { appId: "greeted-api", version: "1.0.0", notes: NOTES, stateDir: state };
    const outcome = outcomeOf(`${call}(${JSON.stringify(options)})`, { PATH: `${decoy}:/usr/bin:/bin` });
    assert.ok(!fs.existsSync(path.join(decoy, "ran")), "the whatsnew on PATH ran");
    assert.deepEqual([outcome.status, outcome.exit, outcome.interrupted], [0, "nothing-shown", false]);
    assert.deepEqual([outcome.shown, outcome.pending], [null, ["onboarding"]]);
    assert.match(outcome.reason, /^not interactive/);
    assert.deepEqual(outcome.launch, { kind: "first", fromVersion: null, toVersion: "1.0.0", daysAway: null, count: 1 });
    assert.deepEqual([outcome.problems, outcome.action, outcome.available], [[], null, null]);
    assert.equal(outcome.report.exit, "nothing-shown");
    assert.ok(fs.existsSync(path.join(state, "launch-state.json")));
  }
});

test("notes as a file: URL and steps given as a list", () => {
  const state = fresh("steps-state");
  const marker = path.join(state, "step-ran");
  const code = `import { greet } from "whatsnew-greet";
import { pathToFileURL } from "node:url";
const steps = [{ id: "touch", version: "1.0.0", summary: "Touching", run: ${JSON.stringify(`touch ${marker}`)}, freshInstall: true }];
show(await greet({ appId: "greeted-api", version: "1.0.0", notes: pathToFileURL(${JSON.stringify(NOTES)}), steps, stateDir: ${JSON.stringify(state)} }));`;
  const temporary = fresh("tmp");
  const outcome = shown(runModule(project, code, { TMPDIR: temporary }));
  assert.deepEqual([outcome.status, outcome.problems], [0, []]);
  assert.deepEqual(outcome.updateSteps, { completed: ["touch"], notNeeded: [], failed: [] });
  assert.ok(fs.existsSync(marker));
  // The scratch directory that held the steps and the report is gone.
  assert.deepEqual(fs.readdirSync(temporary), []);
});

test("what the binary starts has its 0-2 only, not the request's or the answer's descriptor", () => {
  // A process holding the answer's pipe made greet wait for it (a feed server that did not
  // answer: curl's whole 5 s timeout); a step stands for it here. What it may have: what any
  // child of this test has (0-2, ls's own 3, and whatever this test inherited itself).
  const listed = (text) => text.split("\n").filter(Boolean).sort();
  const expected = listed(spawnSync("ls", ["/proc/self/fd"], { encoding: "utf8" }).stdout);
  for (const call of ["greet", "greetSync"]) {
    const state = fresh(`fds-${call}`);
    const listing = path.join(state, "fds");
    const code = `import { ${call} } from "whatsnew-greet";
const steps = [{ id: "list", version: "1.0.0", summary: "Listing", run: ${JSON.stringify(`ls /proc/self/fd > ${listing}`)}, freshInstall: true }];
show(await ${call}({ appId: "greeted-fds", version: "1.0.0", notes: ${JSON.stringify(NOTES)}, steps, stateDir: ${JSON.stringify(state)} }));`;
    assert.deepEqual(shown(runModule(project, code)).updateSteps.completed, ["list"]);
    assert.deepEqual(listed(fs.readFileSync(listing, "utf8")), expected, call);
  }
});

test("steps it cannot use are a problem in the outcome, not an exception", () => {
  const state = fresh("bad-steps");
  const steps = path.join(state, "steps.json");
  fs.writeFileSync(steps, '{"not": "a list"}');
  const options = { appId: "greeted-api", version: "1.0.0", notes: NOTES, steps, stateDir: state };
  const run = runModule(project, `import { greet } from "whatsnew-greet";\nshow(await greet(${JSON.stringify(options)}));`);
  const outcome = shown(run);
  assert.deepEqual([outcome.status, outcome.interrupted, outcome.problems.length], [1, false, 1]);
  assert.match(outcome.problems[0], /not a JSON list of steps/);
  assert.equal(run.stderr, ""); // the tool prints its problems if it wants to
});

test("a problem is in the outcome once, and nothing is printed", () => {
  for (const call of ["greet", "greetSync"]) {
    const state = fresh(`corrupt-${call}`);
    fs.writeFileSync(path.join(state, "launch-state.json"), "{ not json");
    const options = { appId: "greeted-api", version: "1.0.0", notes: NOTES, appName: "Greeted", stateDir: state };
    const run = runModule(project, `import { ${call} } from "whatsnew-greet";\nshow(await ${call}(${JSON.stringify(options)}));`);
    const outcome = shown(run);
    assert.equal(outcome.status, 0);
    assert.equal(outcome.problems.length, 1, outcome.problems.join("\n"));
    assert.match(outcome.problems[0], /launch-state\.json was corrupt/);
    assert.equal(run.stderr, "");
  }
});

const REFUSED = [
  ["{ appId: 'greeted', version: '1.0.0', notes: NOTES, tips: 'always' }", 'tips must be "at-exit", "manual" or "off"'],
  ["{ appId: 'greeted', version: '1.0.0', notes: NOTES, cooldown: '1 day' }", "cooldown: must be a whole number with d, h, m or s"],
  ["{ appId: '', version: '1.0.0', notes: NOTES }", "appId: "],
  ["{ appId: 'greeted', notes: NOTES }", "version: is required"],
  ["{ appId: 'greeted', version: 'nope', notes: NOTES }", 'version: invalid version "nope"'],
  ["{ appId: '../greeted', version: '1.0.0', notes: NOTES }", 'appId: the app id "../greeted"'],
  ["{ appId: 'greeted', version: '1.0.0', notes: 42 }", "notes must be a non-empty path or a file: URL"],
  ["{ appId: 'greeted', version: '1.0.0', notes: new URL('https://example.com/notes') }", "notes must be a path or a file: URL"],
  ["{ appId: 'greeted', version: '1.0.0', notes: NOTES, minImportance: 'huge' }", 'minImportance: must be patch, minor, major or critical, not "huge"'],
  ["{ appId: 'greeted', version: '1.0.0', notes: NOTES, returningAfter: 0 }", "returningAfter: must be at least 1 day"],
  ["{ appId: 'greeted', version: '1.0.0', notes: NOTES, returningAfter: 1.5 }", "returningAfter: must be a whole number of days"],
  ["{ appId: 'greeted', version: '1.0.0', notes: NOTES, accessible: 'yes' }", "accessible: must be true, false or null"],
  ["{ appId: 'greeted', version: '1.0.0', notes: NOTES, existingInstall: 1 }", "existingInstall: must be true or false"],
  ["{ appId: 'greeted', version: '1.0.0', notes: NOTES, checklist: 'yes' }", "checklist: must be true or false"],
  ["{ appId: 'greeted', version: '1.0.0', notes: NOTES, steps: [1] }", "steps: must be a path or a list of steps"],
  ["{ appId: 'greeted', version: '1.0.0', notes: NOTES, steps: [{ id: 1n }] }", "cannot send its options to the binary"],
  ["{ appId: 'greeted', version: '1.0.0', notes: NOTES, appName: '' }", "appName: the name is empty"],
  ["{ appId: 'greeted', version: '1.0.0', notes: NOTES, theme: 'sepia' }", 'theme: must be auto, dark, light or mono, not "sepia"'],
  ["{ appId: 'greeted', version: '1.0.0', notes: NOTES, hyperlinks: 'sometimes' }", "hyperlinks: must be auto, always or never"],
  ["{ appId: 'greeted', version: '1.0.0', notes: NOTES, color: 'green' }", "color: must be auto, always or never"],
  ["{ appId: 'greeted', version: '1.0.0', notes: NOTES, channel: 'my beta' }", "channel: must be a channel name"],
  ["{ appId: 'greeted', version: '1.0.0', notes: NOTES, channel: 3 }", "channel: must be a string"],
  ["{ appId: 'greeted', version: '1.0.0', notes: NOTES, feed: 'ftp://example.com/f.json' }", "feed: must be an http:// or https:// URL"],
  ["{ appId: 'greeted', version: '1.0.0', notes: NOTES, feed: 'https://example.com/\\x1b[2J' }", "feed: must be an http:// or https:// URL"],
  ["{ appId: 'greeted', version: '1.0.0', notes: NOTES, upgradeCommand: 'npm i -g greeted' }", "upgradeCommand: needs feed"],
  ["{ appId: 'greeted', version: '1.0.0', notes: NOTES, managedBy: ['apt'] }", "managedBy: needs feed"],
  [
    "{ appId: 'greeted', version: '1.0.0', notes: NOTES, feed: 'https://example.com/f.json', managedBy: ['yum'] }",
    'managedBy: has no install method "yum" (known: brew, pipx, pip, apt, npm)',
  ],
  [
    "{ appId: 'greeted', version: '1.0.0', notes: NOTES, feed: 'https://example.com/f.json', upgradeCommand: { yum: 'yum up' } }",
    'upgradeCommand: has no install method "yum" (known: brew, pipx, pip, apt, npm, other)',
  ],
  ["{ appId: 'greeted', version: '1.0.0', notes: NOTES, record: ['Search'] }", 'record: the event name "Search" must be lowercase'],
  ["{ appId: 'greeted', version: '1.0.0', notes: NOTES, env: { HOME: 3 } }", "env must be an object of strings"],
  ["{ appId: 'greeted', version: '1.0.0', notes: NOTES, stateDirectory: '/tmp' }", 'there is no parameter "stateDirectory"'],
  ["'greeted'", "greet() takes an options object"],
];

test("options it cannot use are a TypeError naming the option, with the binary's message", () => {
  for (const [options, message] of REFUSED) {
    for (const call of ["greet", "greetSync"]) {
      const error = errorOf(`${call}(${options})`);
      assert.equal(error.type, "TypeError", `${call}(${options}): ${JSON.stringify(error)}`);
      assert.ok(error.message.includes(message), `${call}(${options}): ${error.message}`);
      assert.ok(!error.message.includes("--") && !error.message.includes("whatsnew greet --help"), error.message);
    }
  }
});

test("notes it cannot read are a problem in the outcome", () => {
  const outcome = outcomeOf(`greet(${JSON.stringify({ appId: "greeted", version: "1.0.0", notes: path.join(directory, "missing") })})`);
  assert.equal(outcome.status, 1);
  assert.equal(outcome.problems.length, 1);
  assert.match(outcome.problems[0], /missing/);
});

test("the choices reach the binary, and nothing is fetched without a terminal", () => {
  // A feed is fetched only by an interactive launch.
  const state = fresh("choices");
  const options = {
    appId: "greeted-api",
    version: "1.0.0",
    notes: NOTES,
    stateDir: state,
    channel: "beta",
    theme: "light",
    hyperlinks: "never",
    color: "never",
    minImportance: "critical", // the word a critical release gives: only those are shown in full
    returningAfter: 30,
    existingInstall: true,
    accessible: false,
    feed: "http://127.0.0.1:1/releases.json",
    upgradeCommand: "npm install -g greeted",
  };
  const outcome = outcomeOf(`greet(${JSON.stringify(options)})`);
  assert.deepEqual([outcome.status, outcome.exit, outcome.problems, outcome.available], [0, "nothing-shown", [], null]);
  assert.match(outcome.report.notesFor, /, channel beta$/);
  assert.match(outcome.settings, /minimum importance critical/);
  assert.equal(outcome.launch.kind, "upgrade"); // an existing install's first recorded launch
  assert.deepEqual(fs.readdirSync(state).filter((name) => name.startsWith("update-feed")), []);
});

/** A copy of the project whose platform package carries `binary` (a shell script) as its binary. */
function projectWithBinary(name, binary, mode = 0o755) {
  const copy = path.join(directory, name);
  fs.cpSync(path.join(project, "node_modules", "whatsnew-greet"), path.join(copy, "node_modules", "whatsnew-greet"), {
    recursive: true,
  });
  const platform = path.join(copy, "node_modules", "@whatsnew-greet", "linux-x64");
  fs.mkdirSync(path.join(platform, "bin"), { recursive: true, mode: 0o755 });
  fs.chmodSync(path.join(platform, "bin"), 0o755);
  fs.copyFileSync(path.join(project, "node_modules", "@whatsnew-greet", "linux-x64", "package.json"), path.join(platform, "package.json"));
  fs.writeFileSync(path.join(platform, "bin", "whatsnew-greet"), binary, { mode });
  fs.chmodSync(path.join(platform, "bin", "whatsnew-greet"), mode);
  return copy;
}

test("a broken binary is a WhatsnewError with the reason", () => {
  const broken = [
    ["#!/bin/sh\nexit 0\n", 0o644, "the whatsnew binary is not executable: "],
    ["#!/bin/sh\necho 'Syntax error' >&2\nexit 2\n", 0o755, "exited with status 2 without an outcome"],
    ["#!/bin/sh\nulimit -c 0\nkill -SEGV $$\n", 0o755, "whatsnew-greet died of SIGSEGV"],
    ['#!/bin/sh\neval "cat <&$2" >/dev/null\neval "echo [1] >&$4"\n', 0o755, "wrote an outcome that is not a JSON object"],
    ['#!/bin/sh\neval "cat <&$2" >/dev/null\neval "echo { >&$4"\n', 0o755, "wrote an outcome that is not JSON"],
    ['#!/bin/sh\neval "cat <&$2" >/dev/null\n', 0o755, "exited with status 0 without an outcome"],
  ];
  for (const [index, [binary, mode, message]] of broken.entries()) {
    const copy = projectWithBinary(`broken-${index}`, binary, mode);
    for (const call of ["greet", "greetSync"]) {
      const error = errorOf(`${call}({ appId: "greeted", version: "1.0.0", notes: NOTES })`, copy);
      assert.equal(error.type, "WhatsnewError", `${binary}: ${JSON.stringify(error)}`);
      assert.ok(error.isWhatsnewError);
      assert.ok(error.message.includes(message), `${binary}: ${error.message}`);
    }
  }
});

/** The request `call` sends, through a binary that keeps it and answers nothing. */
function sentRequest(name, call) {
  const kept = path.join(directory, `${name}.json`);
  const copy = projectWithBinary(name, `#!/bin/sh\neval "cat <&$2" > ${kept}\nexit 3\n`);
  const error = errorOf(call, copy);
  assert.equal(error.type, "WhatsnewError", JSON.stringify(error));
  return JSON.parse(fs.readFileSync(kept, "utf8"));
}

test("an upgrade command per install method, managedBy and the tool's own path reach the binary", () => {
  for (const call of ["greet", "greetSync"]) {
    const request = sentRequest(
      `arguments-${call}`,
      `${call}({ appId: 'greeted', version: '1.0.0', notes: NOTES, feed: 'https://example.com/f.json', ` +
        "upgradeCommand: { npm: 'npm install -g greeted', other: 'see https://greeted.example' }, managedBy: ['apt'], record: ['search'] })",
    );
    assert.deepEqual([request.protocol, request.command, request.appId], [1, "greet", "greeted"]);
    assert.deepEqual(request.upgradeCommand, { npm: "npm install -g greeted", other: "see https://greeted.example" });
    assert.deepEqual([request.managedBy, request.record], [["apt"], ["search"]]);
    assert.ok(request.executable.startsWith("/"), request.executable);
  }
});

test("an upgrade command for any other way is taken", () => {
  const options = {
    appId: "greeted-api",
    version: "1.0.0",
    notes: NOTES,
    stateDir: fresh("other-way"),
    feed: "https://example.com/f.json",
    upgradeCommand: { npm: "npm install -g greeted", other: "see the docs" },
  };
  const outcome = outcomeOf(`greet(${JSON.stringify(options)})`);
  assert.deepEqual([outcome.status, outcome.problems], [0, []]);
});

test("checklist reaches the binary only when true", () => {
  const offered = sentRequest("checklist-on", "greetSync({ appId: 'greeted', version: '1.0.0', notes: NOTES, checklist: true })");
  assert.equal(offered.checklist, true);
  const plain = sentRequest("checklist-off", "greetSync({ appId: 'greeted', version: '1.0.0', notes: NOTES })");
  assert.equal(plain.checklist, undefined);
});

test("without a binary for the platform, greet resolves to an outcome saying so", () => {
  const copy = path.join(directory, "no-platform");
  fs.cpSync(path.join(project, "node_modules", "whatsnew-greet"), path.join(copy, "node_modules", "whatsnew-greet"), { recursive: true });
  for (const call of ["greet", "greetSync"]) {
    const run = runModule(copy, `import { ${call} } from "whatsnew-greet";\nshow(await ${call}({ appId: "greeted", version: "1.0.0", notes: ${JSON.stringify(NOTES)} }));`);
    const outcome = shown(run);
    assert.deepEqual([outcome.status, outcome.exit, outcome.problems.length], [0, "nothing-shown", 1]);
    assert.match(outcome.problems[0], /^no whatsnew binary for linux-x64: its package @whatsnew-greet\/linux-x64 is not installed/);
  }
});

test("a planted or writable platform binary is refused, naming the path", () => {
  // Planted in an ancestor's node_modules: not looked for there.
  const ancestor = path.join(directory, "ancestor");
  const planted = projectWithBinary("ancestor", "#!/bin/sh\ntouch planted-ran\n");
  fs.renameSync(path.join(planted, "node_modules", "whatsnew-greet"), path.join(directory, "ancestor-main"));
  const nested = path.join(ancestor, "app", "node_modules");
  fs.mkdirSync(nested, { recursive: true });
  fs.renameSync(path.join(directory, "ancestor-main"), path.join(nested, "whatsnew-greet"));
  const call = `import { greetSync } from "whatsnew-greet";\nshow(greetSync({ appId: "greeted", version: "1.0.0", notes: ${JSON.stringify(NOTES)} }));`;
  const found = shown(runModule(path.join(ancestor, "app"), call));
  assert.match(found.problems[0], /^no whatsnew binary for linux-x64/);
  // Writable by others, or another user's: refused, with the path.
  const writable = projectWithBinary("writable", "#!/bin/sh\nexit 0\n", 0o777);
  const refused = shown(runModule(writable, call));
  assert.match(refused.problems[0], /^refusing the whatsnew binary .*bin\/whatsnew-greet: others can write to /);
  const foreign = projectWithBinary("foreign", "#!/bin/sh\nexit 0\n");
  fs.chownSync(path.join(foreign, "node_modules", "@whatsnew-greet", "linux-x64", "bin", "whatsnew-greet"), 65534, 65534);
  const theirs = shown(runModule(foreign, call));
  assert.match(theirs.problems[0], /belongs to another user \(uid 65534\)/);
});

test("an outcome takes reports with keys absent or unknown", () => {
  // A binary that answers with the outcome in $REPORT on its --out descriptor and exits with
  // $STATUS, or dies of $SIGNAL.
  const copy = projectWithBinary(
    "reporting",
    '#!/bin/sh\neval "cat <&$2" >/dev/null\neval "printf %s \\"\\$REPORT\\" >&$4"\n[ -n "$SIGNAL" ] && kill -"$SIGNAL" $$\nexit "${STATUS:-0}"\n',
  );
  const outcome = (environment) =>
    shown(
      runModule(
        copy,
        `import { greet } from "whatsnew-greet";\nshow(await greet({ appId: "a", version: "1.0.0", notes: ${JSON.stringify(NOTES)} }));`,
        environment,
      ),
    );
  const acted = outcome({ REPORT: '{"exit": "action", "shown": "whats-new", "action": "open-docs", "available": {"version": "9.0.0"}, "future": [1, 2]}' });
  assert.deepEqual([acted.exit, acted.shown, acted.action, acted.available], ["action", "whats-new", "open-docs", null]);
  assert.deepEqual([acted.launch, acted.pending, acted.settings, acted.versions], [null, [], null, []]);
  assert.deepEqual(acted.report.future, [1, 2]);
  const announced = outcome({ REPORT: '{"shown": "update-available", "available": "9.0.0", "critical": "8.1.0"}' });
  assert.deepEqual(
    [announced.shown, announced.available, announced.critical, announced.exit],
    ["update-available", "9.0.0", "8.1.0", "nothing-shown"],
  );
  assert.equal(acted.critical, null);
  const interrupted = outcome({ REPORT: "{}", STATUS: "130" });
  assert.deepEqual([interrupted.status, interrupted.exit, interrupted.interrupted], [130, "interrupted", true]);
  const killed = outcome({ REPORT: "{}", SIGNAL: "INT" });
  assert.deepEqual([killed.status, killed.interrupted], [-2, true]);
  const tipped = outcome({ REPORT: '{"tip": {"id": "quiet", "text": "Be quiet.", "firstShowing": true, "block": "Tip: Be quiet.\\n"}}' });
  assert.deepEqual(tipped.tip, { id: "quiet", text: "Be quiet.", firstShowing: true, block: "Tip: Be quiet.\n" });
  assert.equal(outcome({ REPORT: '{"tip": {"text": "no id"}}' }).tip, null);
  const unusable = outcome({ REPORT: '{"exit": "nothing-shown", "problems": []}', STATUS: "1" });
  assert.deepEqual([unusable.status, unusable.interrupted], [1, false]);
});

test("the SIGINT listeners are put back, and a tool's own run on Ctrl-C after the greeting", () => {
  const state = fresh("sigint");
  const code = `import { greet, greetSync } from "whatsnew-greet";
let heard = 0;
const mine = () => { heard += 1; };
process.on("SIGINT", mine);
const options = { appId: "greeted-api", version: "1.0.0", notes: ${JSON.stringify(NOTES)}, stateDir: ${JSON.stringify(state)} };
await Promise.all([greet(options), greet(options)]);
greetSync(options);
const same = process.listeners("SIGINT").length === 1 && process.listeners("SIGINT")[0] === mine;
process.kill(process.pid, "SIGINT");
await new Promise((resolve) => setTimeout(resolve, 100));
show({ same, heard });`;
  assert.deepEqual(shown(runModule(project, code)), { same: true, heard: 1 });
});

test("record counts events in the state, and a bad name is a TypeError", () => {
  const state = fresh("state-events");
  const code = `import { record, recordSync } from "whatsnew-greet";
const stateDir = ${JSON.stringify(state)};
const results = [await record("greeted-api", "search", { stateDir }), await record("greeted-api", ["search", "export.pdf"], { stateDir })];
results.push(recordSync("greeted-api", "export.pdf", { stateDir }));
show(results.map((result) => result ?? null));`;
  assert.deepEqual(shown(runModule(project, code)), [null, null, null]);
  const lines = fs.readFileSync(path.join(state, "events.log"), "utf8").trim().split("\n");
  assert.deepEqual(
    lines.map((line) => line.split(" ")[1]),
    ["search", "search", "export.pdf", "export.pdf"],
  );
  // Two launches: the first makes the state, the second folds the log into it; a greeting
  // records its own events in the same trip.
  outcomeOf(`greet(${JSON.stringify({ appId: "greeted-api", version: "1.0.0", notes: NOTES, stateDir: state, record: ["search"] })})`);
  outcomeOf(`greet(${JSON.stringify({ appId: "greeted-api", version: "1.0.0", notes: NOTES, stateDir: state })})`);
  const counts = JSON.parse(fs.readFileSync(path.join(state, "launch-state.json"), "utf8")).events.counts;
  assert.deepEqual(
    Object.fromEntries(Object.entries(counts).map(([name, entry]) => [name, entry.count])),
    { search: 3, "export.pdf": 2 },
  );

  const failure = (call) =>
    shown(
      runModule(
        project,
        `import { record, recordSync, RecordError } from "whatsnew-greet";
try { await ${call}; show({ type: null }); }
catch (error) { show({ type: error.constructor.name, message: error.message, isRecordError: error instanceof RecordError }); }`,
      ),
    );
  const bad = failure(`record("greeted-api", "Search", { stateDir: ${JSON.stringify(state)} })`);
  assert.equal(bad.type, "TypeError");
  assert.match(bad.message, /^record: the event name "Search" must be lowercase/);
  for (const appId of ["null", "123"]) {
    const wrong = failure(`record(${appId}, "search")`);
    assert.deepEqual([wrong.type, wrong.message.startsWith("appId must be a string")], ["TypeError", true]);
  }
  const file = path.join(directory, "not-a-directory");
  fs.writeFileSync(file, "");
  for (const call of ["record", "recordSync"]) {
    const unusable = failure(`${call}("greeted-api", "search", { stateDir: ${JSON.stringify(file)} })`);
    assert.deepEqual([unusable.type, unusable.isRecordError], ["RecordError", true]);
    assert.ok(unusable.message.includes(`${file} is not a directory`), unusable.message);
  }
});

test("a file size limit is a problem in the outcome, not an interruption", () => {
  // Under `ulimit -f 0` (or a full quota) the binary's writes fail with EFBIG instead of killing
  // it with SIGXFSZ, which the wrapper took for an interruption (issue 43).
  const options = { appId: "greeted-api", version: "1.0.0", notes: NOTES, stateDir: fresh("state-fsize") };
  const file = path.join(project, "fsize.mjs");
  fs.writeFileSync(
    file,
    `import { greet } from "whatsnew-greet";\nconsole.log(JSON.stringify(await greet(${JSON.stringify(options)})));\n`,
  );
  const run = spawnSync("/bin/sh", ["-c", 'ulimit -f 0; exec "$0" "$1"', process.execPath, file], {
    cwd: project,
    env: cleanEnvironment(),
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  fs.rmSync(file, { force: true });
  const outcome = shown(run);
  assert.equal(outcome.interrupted, false, JSON.stringify(outcome));
  assert.notEqual(outcome.exit, "interrupted");
  assert.equal(outcome.status, 1, JSON.stringify(outcome));
  assert.ok(outcome.problems.length >= 1, JSON.stringify(outcome));
});

test("setTip mutes one tip in the state and brings it back; a bad id is a TypeError naming tip", () => {
  const state = fresh("state-tips");
  const stateDir = JSON.stringify(state);
  const call = (code) =>
    shown(
      runModule(
        project,
        `import { greet, setTip, setTipSync, RecordError } from "whatsnew-greet";
const NOTES = ${JSON.stringify(NOTES)};
try { show({ value: await ${code} }); }
catch (error) { show({ type: error.constructor.name, message: error.message, isRecordError: error instanceof RecordError }); }`,
      ),
    );
  const muted = () => JSON.parse(fs.readFileSync(path.join(state, "launch-state.json"), "utf8")).mutedTips;
  assert.deepEqual(call(`setTip("greeted-api", "quiet", false, { stateDir: ${stateDir} })`), { value: false });
  outcomeOf(`greet(${JSON.stringify({ appId: "greeted-api", version: "1.0.0", notes: NOTES, stateDir: state })})`);
  assert.deepEqual(call(`setTip("greeted-api", "quiet", false, { notes: NOTES, stateDir: ${stateDir} })`), { value: true });
  assert.deepEqual(muted(), ["quiet"]);
  assert.deepEqual(call(`setTipSync("greeted-api", "quiet", true, { stateDir: ${stateDir} })`), { value: true });
  assert.equal(muted(), undefined);
  // In the same trip as a greeting.
  const outcome = outcomeOf(
    `greet(${JSON.stringify({ appId: "greeted-api", version: "1.0.0", notes: NOTES, stateDir: state, tipSwitches: { quiet: false } })})`,
  );
  assert.deepEqual([outcome.report.tipSwitches, muted()], [{ quiet: false }, ["quiet"]]);

  const bad = call(`setTip("greeted-api", "Quiet", false, { stateDir: ${stateDir} })`);
  assert.deepEqual([bad.type, bad.message], ["TypeError", `tip: the tip id "Quiet" must be letters a-z, digits and '-'`]);
  const unknown = call(`setTipSync("greeted-api", "loud", false, { notes: NOTES, stateDir: ${stateDir} })`);
  assert.deepEqual([unknown.type, unknown.message], ["TypeError", `tip: there is no tip "loud" (the notes' tips: quiet)`]);
  const inGreet = call(`greet({ appId: "greeted-api", version: "1.0.0", notes: NOTES, stateDir: ${stateDir}, tipSwitches: { loud: false } })`);
  assert.equal(inGreet.type, "TypeError");
  assert.match(inGreet.message, /^tipSwitches: there is no tip "loud"/);
  for (const args of [`null, "quiet", false`, `"greeted-api", 3, false`, `"greeted-api", "quiet", "no"`]) {
    assert.equal(call(`setTip(${args}, { stateDir: ${stateDir} })`).type, "TypeError", args);
  }
  const file = path.join(directory, "not-a-directory-tips");
  fs.writeFileSync(file, "");
  for (const name of ["setTip", "setTipSync"]) {
    const unusable = call(`${name}("greeted-api", "quiet", false, { stateDir: ${JSON.stringify(file)} })`);
    assert.deepEqual([unusable.type, unusable.isRecordError], ["RecordError", true]);
    assert.equal(unusable.message, `not recorded: cannot open ${file}: Not a directory`);
  }
  assert.deepEqual(muted(), ["quiet"], "nothing changed by the refused calls");
});
