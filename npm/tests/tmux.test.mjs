// The example tool (Examples/node) and greet()'s outcome in a real terminal (tmux), installed
// from the tarballs into a fresh project: the walkthrough on the first run, the sheet after an
// upgrade, nothing when piped, and Ctrl-C ending with status 130 and no stack trace.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { after, afterEach, before, beforeEach, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";

import { NOTES, exampleTarball, installedProject, remove, scratch, tarballs } from "./helpers.mjs";
import { Tmux, quote, tmuxAvailable } from "./tmux.mjs";

const skip = !tmuxAvailable && "tmux is not installed";
const DONE_1_0 = "greeted 1.0.0: done its own work";
const DONE_1_1 = "greeted 1.1.0: done its own work";

// Calls greet() (or greetSync() with SYNC=1) as a tool would and writes the outcome to the file
// in argv[2].
const DRIVER = `import fs from "node:fs";
import { greet, greetSync } from "whatsnew-greet";

const [file, version, notes, stateDir, feed] = process.argv.slice(2);
const options = { appId: "driven", version, notes, appName: "Driven" };
if (feed) Object.assign(options, { stateDir, feed, upgradeCommand: "npm install -g driven", channel: "beta", theme: "light" });
const outcome = process.env.SYNC === "1" ? greetSync(options) : await greet(options);
fs.writeFileSync(file, JSON.stringify(outcome));
if (outcome.interrupted) process.exit(130);
console.log("driven: done");
`;

let directory;
let project;
let tmux;
let work;

before(() => {
  if (skip) return;
  directory = scratch();
  project = installedProject(path.join(directory, "project"), [...tarballs(), exampleTarball()]);
  fs.writeFileSync(path.join(project, "driver.mjs"), DRIVER);
});
after(() => directory && remove(directory));
beforeEach(async () => {
  if (skip) return;
  work = fs.mkdtempSync(path.join(directory, "session-"));
  tmux = await Tmux.open(work);
});
afterEach(() => tmux?.kill());

const greeted = () => quote(path.join(project, "node_modules", ".bin", "greeted"));

function assertTerminalAsItWas() {
  const [before_, after_] = tmux.stty();
  assert.ok(before_ !== "" && before_ === after_, "the terminal modes changed");
  assert.equal(tmux.alternateScreen(), false);
}

function assertNoStackTrace(screen) {
  assert.doesNotMatch(screen, /^\s+at |Error:|node:internal/m, screen);
}

test("the example tool shows the walkthrough, then the sheet after an upgrade", { skip }, async () => {
  tmux.start(`GREETED_VERSION=1.0.0 ${greeted()}`);
  await tmux.waitFor("Welcome to Greeted");
  tmux.keys("s");
  assert.equal(await tmux.waitExit(), 0);
  await tmux.waitFor(DONE_1_0);
  assertTerminalAsItWas();

  tmux.start(greeted());
  const sheet = await tmux.waitFor("What's new in Greeted 1.1.0");
  assert.ok(sheet.includes("since 1.0.0") && sheet.includes("Greeted prints one line instead of five."), sheet);
  tmux.keys("q");
  assert.equal(await tmux.waitExit(), 0);
  assertNoStackTrace(await tmux.waitFor(DONE_1_1));
  assertTerminalAsItWas();
});

test("the example tool prints only its own output when piped", { skip }, async () => {
  const [out, err] = [path.join(work, "out"), path.join(work, "err")];
  tmux.start(`${greeted()} 2> ${quote(err)} | cat > ${quote(out)}; (exit \${PIPESTATUS[0]})`);
  assert.equal(await tmux.waitExit(), 0);
  assert.equal(fs.readFileSync(out, "utf8"), `${DONE_1_1}\n`);
  assert.equal(fs.readFileSync(err, "utf8"), "");
  assert.ok(!tmux.capture().includes("Welcome"));
  // Nothing was shown, so the walkthrough is still due at the next interactive run.
  tmux.start(greeted());
  await tmux.waitFor("Welcome to Greeted");
  tmux.keys("s");
  assert.equal(await tmux.waitExit(), 0);
});

test("with the platform package removed, the example tool runs its own work", { skip }, async () => {
  const platform = path.join(project, "node_modules", "@whatsnew-greet", "linux-x64");
  fs.renameSync(platform, `${platform}.hidden`);
  try {
    tmux.start(greeted());
    assert.equal(await tmux.waitExit(), 0);
    const screen = await tmux.waitFor(DONE_1_1);
    assertNoStackTrace(screen);
    assertTerminalAsItWas();
  } finally {
    fs.renameSync(`${platform}.hidden`, platform);
  }
});

test("the example tool's tip comes after its output from the third run, not when piped", { skip }, async () => {
  tmux.start(greeted());
  await tmux.waitFor("Welcome to Greeted");
  tmux.keys("s");
  assert.equal(await tmux.waitExit(), 0);
  tmux.start(greeted());
  assert.equal(await tmux.waitExit(), 0);
  assert.ok(!tmux.capture().includes("Tip:"));
  const err = path.join(work, "err");
  tmux.start(`${greeted()} 2> ${quote(err)} | cat; (exit \${PIPESTATUS[0]})`);
  assert.equal(await tmux.waitExit(), 0);
  assert.ok(!tmux.capture().includes("Tip:") && fs.readFileSync(err, "utf8") === "");
  tmux.start(greeted());
  assert.equal(await tmux.waitExit(), 0);
  const lines = tmux.capture().split("\n").filter((line) => line.trim() !== "");
  const at = lines.indexOf(DONE_1_1);
  assert.deepEqual(lines.slice(at + 1, at + 3), [
    "Tip: Greeted prints nothing but errors with greeted --quiet.",
    "     (tips off: GREETED_NODE_NO_TIPS=1)",
  ]);
});

for (const accessible of [false, true]) {
  // Full-screen, the terminal is in raw mode and Ctrl-C is a key the binary reads; in the
  // accessible mode's line terminal it is SIGINT, which the whole foreground process group
  // (node too) receives.
  const mode = accessible ? "accessible" : "full-screen";
  test(`Ctrl-C on the walkthrough (${mode}) ends the tool with 130 and no stack trace`, { skip }, async () => {
    tmux.start(`${accessible ? "ACCESSIBLE=1 " : ""}${greeted()}`);
    await tmux.waitFor("Welcome to Greeted");
    tmux.keys("C-c");
    assert.equal(await tmux.waitExit(), 130);
    const screen = await tmux.waitFor("EXIT:130");
    assertNoStackTrace(screen);
    assert.ok(!screen.includes(DONE_1_1), screen);
    assertTerminalAsItWas();
  });
}

test("SIGTERM during the walkthrough reaches the binary, which restores the terminal", { skip }, async () => {
  // `kill PID` of the tool: greet() passes SIGTERM on to the binary, waits for it to give the
  // terminal back, then the tool ends by SIGTERM (143).
  tmux.start(greeted());
  await tmux.waitFor("Welcome to Greeted");
  const shell = tmux.tmux("display-message", "-p", "-t", "=0:", "#{pane_pid}").trim();
  const children = spawnSync("pgrep", ["-P", shell], { encoding: "utf8" }).stdout.trim().split("\n");
  assert.equal(children.length, 1, children.join(" "));
  process.kill(Number(children[0]), "SIGTERM");
  assert.equal(await tmux.waitExit(), 143);
  const screen = await tmux.waitFor("EXIT:143");
  assertNoStackTrace(screen);
  assert.ok(!screen.includes(DONE_1_1), screen);
  assertTerminalAsItWas();
  assert.deepEqual(fs.readdirSync(work).filter((name) => name.startsWith("whatsnew-greet-")), []);
});

// A tool with its own "hide this tip" command: `tipped --off TIP` / `--on TIP` call setTip(),
// and its tip's first showing names that command.
const TIP_DRIVER = `import { greet, setTip } from "whatsnew-greet";

const [notes, stateDir, switch_, tip] = process.argv.slice(2);
if (switch_ === "--off" || switch_ === "--on") {
  console.log(await setTip("tipped", tip, switch_ === "--on", { notes, stateDir }));
  process.exit(0);
}
await greet({ appId: "tipped", version: "1.1.0", notes, appName: "Tipped", stateDir, cooldown: "0", tipOffCommand: "tipped --off {tip}" });
console.log("tipped: done");
`;

test("a tip muted through setTip() is not shown again and comes back", { skip }, async () => {
  fs.writeFileSync(path.join(project, "tipped.mjs"), TIP_DRIVER);
  const state = path.join(work, "tipped-state");
  const tipped = `cd ${quote(project)} && ${[process.execPath, path.join(project, "tipped.mjs"), NOTES, state].map(quote).join(" ")}`;
  const tip = "Tip: Greeted prints nothing but errors with greeted --quiet.";
  const run = async (more = "") => {
    tmux.start(`${tipped} ${more}`);
    assert.equal(await tmux.waitExit(), 0);
    return tmux.capture().split("\n").filter((line) => line.trim() !== "");
  };
  tmux.start(tipped);
  await tmux.waitFor("Welcome to Tipped");
  tmux.keys("s");
  assert.equal(await tmux.waitExit(), 0);
  assert.ok(!(await run()).includes(tip));
  const lines = await run();
  const at = lines.indexOf("tipped: done");
  assert.deepEqual(lines.slice(at + 1, at + 3), [tip, "     (hide this tip: tipped --off quiet)"]);
  assert.ok((await run("--off quiet")).includes("true"));
  for (let n = 0; n < 2; n += 1) assert.ok(!(await run()).includes(tip));
  assert.deepEqual(JSON.parse(fs.readFileSync(path.join(state, "launch-state.json"), "utf8")).mutedTips, ["quiet"]);
  assert.ok((await run("--on quiet")).includes("true"));
  assert.ok((await run()).includes(tip));
});

/** Starts the driver for `version`; returns the file its outcome will be in. */
function drive(version, environment = "", ...more) {
  const outcome = path.join(work, `outcome-${version}-${Date.now()}.json`);
  const command = [process.execPath, path.join(project, "driver.mjs"), outcome, version, NOTES, ...more];
  tmux.start(`cd ${quote(project)} && ${environment} ${command.map(quote).join(" ")}`);
  return outcome;
}

const read = (file) => JSON.parse(fs.readFileSync(file, "utf8"));

test("the outcome says what happened", { skip }, async () => {
  const [firstDay, twoDaysLater] = ["DRIVEN_NOW=2026-01-05T09:00:00Z", "DRIVEN_NOW=2026-01-07T09:00:00Z"];
  const home = `HOME=${quote(work)}`;

  // Ctrl-C on the walkthrough.
  let outcome = drive("1.0.0", `${home} ${firstDay}`);
  await tmux.waitFor("Welcome to Greeted");
  tmux.keys("C-c");
  assert.equal(await tmux.waitExit(), 130);
  let fields = read(outcome);
  assert.deepEqual([fields.status, fields.exit, fields.interrupted], [130, "interrupted", true]);
  assert.deepEqual([fields.shown, fields.pending], ["onboarding", ["onboarding"]]);
  assert.deepEqual([fields.launch.kind, fields.launch.toVersion], ["first", "1.0.0"]);
  assertNoStackTrace(tmux.capture());

  // The walkthrough again, skipped to the end.
  outcome = drive("1.0.0", `${home} ${firstDay}`);
  await tmux.waitFor("Welcome to Greeted");
  tmux.keys("s");
  assert.equal(await tmux.waitExit(), 0);
  fields = read(outcome);
  assert.deepEqual([fields.status, fields.exit, fields.interrupted, fields.shown, fields.pending], [0, "done", false, "onboarding", []]);

  // The upgrade's sheet, put off with "later" (greetSync this time).
  outcome = drive("1.1.0", `${home} ${firstDay} SYNC=1`);
  await tmux.waitFor("What's new in Driven 1.1.0");
  tmux.keys("l");
  assert.equal(await tmux.waitExit(), 0);
  fields = read(outcome);
  assert.deepEqual([fields.exit, fields.shown, fields.versions, fields.pending], ["later", "whats-new", ["1.1.0"], ["whats-new"]]);
  assert.deepEqual(fields.launch, { kind: "upgrade", fromVersion: "1.0.0", toVersion: "1.1.0", daysAway: 0, count: 3 });

  // Two days later the sheet comes back; closed with "q", nothing stays pending.
  outcome = drive("1.1.0", `${home} ${twoDaysLater}`);
  await tmux.waitFor("What's new in Driven 1.1.0");
  tmux.keys("q");
  assert.equal(await tmux.waitExit(), 0);
  fields = read(outcome);
  assert.deepEqual([fields.exit, fields.shown, fields.pending, fields.problems], ["done", "whats-new", [], []]);
  await tmux.waitFor("driven: done");
});

for (const sync of [false, true]) {
  test(`the outcome of Ctrl-C in the accessible mode (${sync ? "greetSync" : "greet"})`, { skip }, async () => {
    // Here Ctrl-C is a real SIGINT to node and the binary alike; node goes on, and greet()
    // removes its scratch directory.
    const temporary = path.join(work, "tmp");
    fs.mkdirSync(temporary);
    const outcome = drive("1.0.0", `TMPDIR=${quote(temporary)} ACCESSIBLE=1 SYNC=${sync ? 1 : 0}`);
    await tmux.waitFor("Welcome to Greeted");
    tmux.keys("C-c");
    assert.equal(await tmux.waitExit(), 130);
    const fields = read(outcome);
    assert.deepEqual([fields.status, fields.exit, fields.interrupted, fields.pending], [130, "interrupted", true, ["onboarding"]]);
    assert.deepEqual(fs.readdirSync(temporary), []);
    const screen = tmux.capture();
    assertNoStackTrace(screen);
    assert.ok(!screen.includes("driven: done"), screen);
    assertTerminalAsItWas();
  });
}

test("a newer version from the feed is announced and in the outcome", { skip }, async () => {
  const releases = JSON.stringify([{ version: "9.0.0", date: "2026-03-01", notes: "- Faster." }]);
  const server = http.createServer((request, response) => {
    response.writeHead(200, { "content-type": "application/json" });
    response.end(releases);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    const notes = path.join(work, "notes");
    const state = path.join(work, "state");
    fs.mkdirSync(notes);
    const feed = `http://127.0.0.1:${server.address().port}/releases.json`;
    const launch = () => {
      const outcome = path.join(work, `feed-${Date.now()}.json`);
      const command = [process.execPath, path.join(project, "driver.mjs"), outcome, "2.0.0", notes, state, feed];
      tmux.start(`cd ${quote(project)} && ${command.map(quote).join(" ")}`);
      return outcome;
    };

    // Nothing is due: this launch starts the fetch in the background and returns.
    const first = read(await launchAndExit(launch));
    assert.deepEqual([first.exit, first.available], ["nothing-shown", null]);
    const download = path.join(state, "update-feed.download");
    const deadline = Date.now() + 30_000;
    while (!fs.existsSync(download) && Date.now() < deadline) await sleep(50);
    assert.ok(fs.existsSync(download), "the background fetch wrote nothing");

    // The next launch shows the card with the upgrade command; the outcome names the version.
    const second = launch();
    const card = await tmux.waitFor("Driven 9.0.0 is available");
    assert.ok(card.includes("npm install -g driven"), card);
    tmux.keys("q");
    assert.equal(await tmux.waitExit(), 0);
    const fields = read(second);
    assert.deepEqual([fields.shown, fields.available, fields.problems], ["update-available", "9.0.0", []]);
    assertNoStackTrace(await tmux.waitFor("driven: done"));
  } finally {
    server.closeAllConnections();
    server.close();
  }
});

async function launchAndExit(launch) {
  const outcome = launch();
  assert.equal(await tmux.waitExit(), 0);
  return outcome;
}
