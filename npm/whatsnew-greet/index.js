"use strict";
// whatsnew-greet: greets the users of a Node command-line tool with the `whatsnew` binary its
// platform package carries (@whatsnew-greet/linux-x64, an optional dependency npm installs
// only where it runs), never one on PATH. index.mjs is the same API for `import`, index.d.ts
// its types.

const childProcess = require("node:child_process");
const fs = require("node:fs");
const os = require("node:os");
const path = require("node:path");
const url = require("node:url");
const util = require("node:util");

const { version } = require("./package.json");

/** The platform package carrying the binary, by `${process.platform}-${process.arch}`. */
const PLATFORM_PACKAGES = new Map([["linux-x64", "@whatsnew-greet/linux-x64"]]);

const IMPORTANCES = ["critical", "major", "minor", "patch"];
const COLORS = ["auto", "always", "never"];
const THEMES = ["auto", "dark", "light", "mono"];
const HYPERLINKS = ["auto", "always", "never"];
const METHODS = ["brew", "pipx", "pip", "apt", "npm"];
// A channel as notes name it in `<!-- only: NAMES -->` (commas or spaces between names).
const CHANNEL = /^[A-Za-z0-9._-]+$/;
const FEED = /^https?:\/\/[^\x00-\x20\x7f]+$/;
const OPTIONS = new Set([
  "appId",
  "version",
  "notes",
  "appName",
  "stateDir",
  "steps",
  "minImportance",
  "accessible",
  "returningAfter",
  "color",
  "theme",
  "hyperlinks",
  "channel",
  "feed",
  "upgradeCommand",
  "managedBy",
  "executable",
  "existingInstall",
  "tips",
  "cooldown",
  "checklist",
  "env",
]);
// The binary's option names in its usage errors, as greet()'s options.
const OPTION_NAMES = new Map([
  ["--app-id", "appId"],
  ["--app-version", "version"],
  ["--content", "notes"],
  ["--app-name", "appName"],
  ["--state-dir", "stateDir"],
  ["--steps", "steps"],
  ["--min-importance", "minImportance"],
  ["--returning-after", "returningAfter"],
  ["--color", "color"],
  ["--theme", "theme"],
  ["--hyperlinks", "hyperlinks"],
  ["--channel", "channel"],
  ["--feed", "feed"],
  ["--upgrade-command", "upgradeCommand"],
  ["--cooldown", "cooldown"],
  ["--managed-by", "managedBy"],
  ["--executable", "executable"],
]);
const TIPS = ["at-exit", "manual", "off"];
const COOLDOWN = /^(0|[0-9]+[dhms])$/;
const CRASH_SIGNALS = new Set(["SIGSEGV", "SIGBUS", "SIGILL", "SIGTRAP", "SIGABRT", "SIGFPE", "SIGKILL"]);

/**
 * The `whatsnew` binary is missing, cannot be run, or failed without an outcome. The message
 * says why; a tool that catches it goes on without a greeting.
 */
class WhatsnewError extends Error {
  constructor(message) {
    super(message);
    this.name = "WhatsnewError";
  }
}

/**
 * The path of the `whatsnew` binary in the platform package (found as a module is, from this
 * package, never on PATH). Throws WhatsnewError when this platform has none, when its package
 * is not installed, or when the binary is not executable.
 */
function binaryPath() {
  const platform = `${process.platform}-${process.arch}`;
  const name = PLATFORM_PACKAGES.get(platform);
  if (name === undefined) {
    const known = [...PLATFORM_PACKAGES.keys()].join(", ");
    throw new WhatsnewError(`whatsnew-greet has no whatsnew binary for ${platform} (only for ${known})`);
  }
  let binary;
  try {
    binary = require.resolve(`${name}/bin/whatsnew`);
  } catch {
    throw new WhatsnewError(
      `the whatsnew binary for ${platform} is missing: its package ${name} is not installed ` +
        `(npm installs it with whatsnew-greet unless optional dependencies are left out; ` +
        `install it with \`npm install ${name}@${version}\`)`,
    );
  }
  try {
    fs.accessSync(binary, fs.constants.X_OK);
  } catch {
    throw new WhatsnewError(`the whatsnew binary is not executable: ${binary}`);
  }
  return binary;
}

/**
 * Greets the user of the app `options.appId` at `options.version` (index.d.ts documents each
 * option): records the launch and shows what is due, then gives the terminal back and
 * resolves to what happened. While the binary runs it owns the terminal, and Ctrl-C ends the
 * greeting, not this process: the outcome says `interrupted`.
 */
async function greet(options) {
  const call = prepare(options);
  try {
    const { code, signal, errors } = await run(call.binary, call.args, call.env);
    return withTipAtExit(outcomeOf(code, signal, errors, call.report), call.tips);
  } finally {
    call.cleanUp();
  }
}

/** greet(), blocking this process's event loop until the greeting is over. */
function greetSync(options) {
  const call = prepare(options);
  try {
    const { code, signal, errors } = runSync(call.binary, call.args, call.env);
    return withTipAtExit(outcomeOf(code, signal, errors, call.report), call.tips);
  } finally {
    call.cleanUp();
  }
}

/**
 * Records that the user of the app `appId` did `name` (a usage event: `search`, `export.pdf`),
 * for the tips and the walkthrough's steps done by doing: a count and the last date per event
 * in the app's state directory, on this machine only (nothing is sent anywhere). Resolves to
 * null when recorded, else to the one line saying why not (a state directory that cannot be
 * used). Rejects with a TypeError for an appId or event name the binary refuses and with a
 * WhatsnewError when the binary is missing or broken.
 */
async function record(appId, name, options = {}) {
  const call = prepareRecord(appId, name, options);
  const result = await new Promise((resolve, reject) => {
    childProcess.execFile(call.binary, call.args, { env: call.env }, (error, stdout, stderr) => {
      // A string code is a failure to start (ENOENT, EACCES); a number is the exit status.
      if (error && typeof error.code === "string") reject(cannotRun(call.binary, error));
      else resolve({ code: error ? (error.code ?? -1) : 0, errors: String(stderr) });
    });
  });
  return recorded(result.code, result.errors);
}

/** record(), blocking this process's event loop (a few milliseconds) until it is done. */
function recordSync(appId, name, options = {}) {
  const call = prepareRecord(appId, name, options);
  const result = childProcess.spawnSync(call.binary, call.args, { env: call.env, stdio: ["ignore", "ignore", "pipe"] });
  if (result.error) throw cannotRun(call.binary, result.error);
  return recorded(result.status, result.stderr.toString("utf8"));
}

function prepareRecord(appId, name, options) {
  if (options === null || typeof options !== "object" || Array.isArray(options)) {
    throw new TypeError(`record() takes an options object ({ stateDir, env }), not ${describe(options)}`);
  }
  for (const key of Object.keys(options)) {
    if (key !== "stateDir" && key !== "env") throw new TypeError(`record() has no option ${key}`);
  }
  if (typeof name !== "string" || name.startsWith("-")) {
    throw new TypeError(`name must be an event name, not ${describe(name)}`);
  }
  const args = ["event", "--app-id", text("appId", appId)];
  if (given(options.stateDir)) args.push("--state-dir", pathOf("stateDir", options.stateDir));
  args.push(name);
  return { binary: binaryPath(), args, env: environment({ env: options.env }) };
}

function recorded(code, errors) {
  const lines = errors.split("\n").filter((line) => line.trim() !== "");
  if (code === 0) return null;
  if (code === 2) {
    throw new TypeError(usageMessage(lines).replace(" (see 'whatsnew event --help')", "") || "whatsnew event refused the arguments");
  }
  if (code === 1 && lines.length > 0) return lines[0].replace(/^whatsnew: /, "");
  const detail = lines.length > 0 ? `: ${lines[lines.length - 1]}` : "";
  throw new WhatsnewError(`whatsnew event exited with status ${code}${detail}`);
}

// MARK: - Arguments

/** The binary, its arguments and environment for `options`, with a scratch directory for the
 * report (and steps given as a list), which `cleanUp()` removes. */
function prepare(options) {
  if (options === null || typeof options !== "object" || Array.isArray(options)) {
    throw new TypeError(`greet() takes an options object ({ appId, version, notes, ... }), not ${describe(options)}`);
  }
  for (const key of Object.keys(options)) {
    if (!OPTIONS.has(key)) throw new TypeError(`greet() has no option ${JSON.stringify(key)}`);
  }
  const tips = given(options.tips) ? oneOf("tips", options.tips, TIPS) : "at-exit";
  const args = ["greet", ...launchArguments(options), ...choiceArguments(options), ...tipArguments(tips, options)];
  const env = environment(options);
  args.push("--content", directory("notes", options.notes));
  const steps = stepsOf(options.steps);
  const binary = binaryPath();

  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "whatsnew-greet-"));
  const cleanUp = () => fs.rmSync(scratch, { recursive: true, force: true });
  try {
    if (steps?.json !== undefined) {
      const stepsFile = path.join(scratch, "steps.json");
      fs.writeFileSync(stepsFile, steps.json);
      args.push("--steps", stepsFile);
    } else if (steps?.file !== undefined) {
      args.push("--steps", steps.file);
    }
    const report = path.join(scratch, "report.json");
    args.push("--report", report);
    return { binary, args, env, report, tips, cleanUp };
  } catch (error) {
    cleanUp();
    throw error;
  }
}

/** `--tip` (at exit only when stderr is a terminal: only a tip someone sees is counted),
 * `--cooldown` and `--checklist`: the one-interruption budget's last two. */
function tipArguments(tips, options) {
  const args = [];
  if (given(options.checklist)) {
    if (typeof options.checklist !== "boolean") {
      throw new TypeError(`checklist must be true or false, not ${describe(options.checklist)}`);
    }
    if (options.checklist) args.push("--checklist");
  }
  if (tips === "manual" || (tips === "at-exit" && process.stderr.isTTY)) args.push("--tip");
  if (given(options.cooldown)) {
    if (typeof options.cooldown !== "string" || !COOLDOWN.test(options.cooldown)) {
      throw new TypeError(
        `cooldown must be a whole number with d, h, m or s (like "1d"), or "0", not ${describe(options.cooldown)}`,
      );
    }
    args.push("--cooldown", options.cooldown);
  }
  return args;
}

let pendingTip;

/** Prints the outcome's tip on stderr when the process exits (`tips: "at-exit"`), after the
 * tool's own output, if stderr is still a terminal; a later greeting's tip replaces it. */
function withTipAtExit(outcome, tips) {
  if (tips !== "at-exit" || outcome.tip === null || outcome.tip.block === "") return outcome;
  if (pendingTip === undefined) {
    process.once("exit", () => {
      if (!process.stderr.isTTY || !pendingTip) return;
      try {
        fs.writeSync(2, pendingTip);
      } catch {
        // Never an error at exit.
      }
    });
  }
  pendingTip = outcome.tip.block;
  return outcome;
}

/** `steps` as a file to pass on, or as the JSON of the list to write; undefined when absent. */
function stepsOf(steps) {
  if (!given(steps)) return undefined;
  if (typeof steps === "string" || steps instanceof URL) return { file: file("steps", steps) };
  if (!Array.isArray(steps) || !steps.every(isPlainObject)) {
    throw new TypeError(`steps must be a file path or a list of step objects, not ${describe(steps)}`);
  }
  try {
    return { json: JSON.stringify(steps) };
  } catch (error) {
    throw new TypeError(`steps cannot be written as JSON: ${error.message}`);
  }
}

function launchArguments(options) {
  const args = ["--app-id", text("appId", options.appId), "--app-version", text("version", options.version)];
  if (given(options.appName)) args.push("--app-name", text("appName", options.appName));
  if (given(options.stateDir)) args.push("--state-dir", pathOf("stateDir", options.stateDir));
  if (given(options.minImportance)) {
    args.push("--min-importance", oneOf("minImportance", options.minImportance, IMPORTANCES));
  }
  if (given(options.returningAfter)) {
    const days = options.returningAfter;
    if (!Number.isSafeInteger(days) || days < 1) {
      throw new TypeError(`returningAfter must be a whole number of days, at least 1, not ${describe(days)}`);
    }
    args.push("--returning-after", String(days));
  }
  if (given(options.existingInstall)) {
    if (typeof options.existingInstall !== "boolean") {
      throw new TypeError(`existingInstall must be true or false, not ${describe(options.existingInstall)}`);
    }
    if (options.existingInstall) args.push("--existing-install");
  }
  if (given(options.accessible)) {
    if (typeof options.accessible !== "boolean") {
      throw new TypeError(`accessible must be true, false or undefined, not ${describe(options.accessible)}`);
    }
    if (options.accessible) args.push("--accessible");
  }
  return args;
}

function choiceArguments(options) {
  const args = [];
  if (given(options.color)) args.push("--color", oneOf("color", options.color, COLORS));
  if (given(options.theme)) args.push("--theme", oneOf("theme", options.theme, THEMES));
  if (given(options.hyperlinks)) args.push("--hyperlinks", oneOf("hyperlinks", options.hyperlinks, HYPERLINKS));
  if (given(options.channel)) {
    if (typeof options.channel !== "string" || !CHANNEL.test(options.channel)) {
      throw new TypeError(
        `channel must be a channel name (letters, digits, '.', '-' or '_'), not ${describe(options.channel)}`,
      );
    }
    args.push("--channel", options.channel);
  }
  if (given(options.feed)) {
    if (typeof options.feed !== "string" || !FEED.test(options.feed)) {
      throw new TypeError(`feed must be an http:// or https:// URL without spaces, not ${describe(options.feed)}`);
    }
    args.push("--feed", options.feed);
  }
  if (given(options.upgradeCommand)) {
    if (!given(options.feed)) throw new TypeError("upgradeCommand needs feed");
    const commands = options.upgradeCommand;
    if (typeof commands === "object" && commands !== null && !Array.isArray(commands)) {
      for (const [method, command] of Object.entries(commands)) {
        if (!METHODS.includes(method)) {
          throw new TypeError(`upgradeCommand: unknown install method ${describe(method)} (known: ${METHODS.join(", ")})`);
        }
        args.push("--upgrade-command", `${method}=${text(`upgradeCommand.${method}`, command)}`);
      }
    } else {
      args.push("--upgrade-command", text("upgradeCommand", commands));
    }
  }
  return args.concat(installArguments(options));
}

/** `--managed-by` and `--executable` (this script's path, `process.argv[1]`, unless given),
 * with a feed only: where the tool lives tells how it was installed. */
function installArguments(options) {
  if (!given(options.feed)) {
    if (given(options.managedBy)) throw new TypeError("managedBy needs feed");
    return [];
  }
  const args = [];
  if (given(options.managedBy)) {
    const methods = options.managedBy;
    if (!Array.isArray(methods) || !methods.every((method) => METHODS.includes(method))) {
      throw new TypeError(`managedBy must be a list of ${METHODS.join(", ")}, not ${describe(methods)}`);
    }
    for (const method of methods) args.push("--managed-by", method);
  }
  const executable = given(options.executable) ? text("executable", options.executable) : process.argv[1];
  if (executable) args.push("--executable", path.resolve(executable));
  return args;
}

/** The binary's environment: `options.env` or this process's; `accessible: false` turns off
 * an ACCESSIBLE=1 the user set. */
function environment(options) {
  let env = process.env;
  if (given(options.env)) {
    const strings = (value) => typeof value === "string" || value === undefined;
    if (typeof options.env !== "object" || Array.isArray(options.env) || !Object.values(options.env).every(strings)) {
      throw new TypeError(`env must be an object of strings, not ${describe(options.env)}`);
    }
    env = options.env;
  }
  return options.accessible === false ? { ...env, ACCESSIBLE: "0" } : env;
}

function given(value) {
  return value !== undefined && value !== null;
}

function text(name, value) {
  if (typeof value !== "string" || value.trim() === "") {
    throw new TypeError(`${name} must be a non-empty string, not ${describe(value)}`);
  }
  return value;
}

function oneOf(name, value, choices) {
  if (!choices.includes(value)) {
    const listed = choices.map((choice) => `'${choice}'`);
    const words = `${listed.slice(0, -1).join(", ")} or ${listed[listed.length - 1]}`;
    throw new TypeError(`${name} must be ${words}, not ${describe(value)}`);
  }
  return value;
}

/** A path from a string or a `file:` URL (`new URL("./notes", import.meta.url)`). */
function pathOf(name, value) {
  if (value instanceof URL) {
    if (value.protocol !== "file:") throw new TypeError(`${name} must be a path or a file: URL, not ${value.href}`);
    return url.fileURLToPath(value);
  }
  if (typeof value !== "string" || value === "") {
    throw new TypeError(`${name} must be a non-empty path or a file: URL, not ${describe(value)}`);
  }
  return value;
}

function directory(name, value) {
  const resolved = path.resolve(pathOf(name, value));
  if (!fs.statSync(resolved, { throwIfNoEntry: false })?.isDirectory()) {
    throw new TypeError(`${name}: ${resolved} is not a directory`);
  }
  return resolved;
}

function file(name, value) {
  const resolved = path.resolve(pathOf(name, value));
  if (!fs.statSync(resolved, { throwIfNoEntry: false })?.isFile()) {
    throw new TypeError(`${name}: ${resolved} is not a file`);
  }
  return resolved;
}

function isPlainObject(value) {
  if (value === null || typeof value !== "object") return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function describe(value) {
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "bigint") return `${value}n`;
  if (Array.isArray(value)) return "an array";
  if (value instanceof URL) return value.href;
  if (typeof value === "function") return "a function";
  if (value !== null && typeof value === "object") return "an object";
  return String(value);
}

// MARK: - Running the binary

/**
 * While the binary runs, SIGINT does not end this process. In the accessible (line) mode the
 * terminal sends Ctrl-C's SIGINT to the whole foreground process group, Node included; the
 * binary decides what it means and says so in its report. The process's own SIGINT listeners
 * are set aside meanwhile and put back after (a signal that came meanwhile is not passed on to
 * them). The child does not inherit the listener: it starts with SIGINT at its default.
 */
let sigintHolds = 0;
let setAside = [];
function ignoreSigint() {
  sigintHolds += 1;
  if (sigintHolds === 1) {
    setAside = process.rawListeners("SIGINT");
    process.removeAllListeners("SIGINT");
    process.on("SIGINT", ignore);
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    sigintHolds -= 1;
    if (sigintHolds === 0) {
      process.removeListener("SIGINT", ignore);
      for (const listener of setAside) process.on("SIGINT", listener);
      setAside = [];
    }
  };
}

function ignore() {}

function run(binary, args, env) {
  return new Promise((resolve, reject) => {
    const release = ignoreSigint();
    let child;
    try {
      child = childProcess.spawn(binary, args, { env, stdio: ["inherit", "inherit", "pipe"] });
    } catch (error) {
      release();
      reject(cannotRun(binary, error));
      return;
    }
    const chunks = [];
    child.stderr.on("data", (chunk) => chunks.push(chunk));
    child.once("error", (error) => {
      release();
      reject(cannotRun(binary, error));
    });
    child.once("close", (code, signal) => {
      release();
      resolve({ code, signal, errors: Buffer.concat(chunks).toString("utf8") });
    });
  });
}

function runSync(binary, args, env) {
  const release = ignoreSigint();
  let result;
  try {
    result = childProcess.spawnSync(binary, args, {
      env,
      stdio: ["inherit", "inherit", "pipe"],
      maxBuffer: Infinity,
    });
  } finally {
    release();
  }
  if (result.error) throw cannotRun(binary, result.error);
  return { code: result.status, signal: result.signal, errors: result.stderr.toString("utf8") };
}

function cannotRun(binary, error) {
  const reason = typeof error.errno === "number" ? util.getSystemErrorMap().get(error.errno) : undefined;
  const why = reason ? `${reason[1]} (${reason[0]})` : error.message;
  return new WhatsnewError(`cannot run ${binary}: ${why}`);
}

// MARK: - The outcome

/**
 * The outcome of a run that ended with `code` or `signal`, from its report and stderr. Nothing
 * is printed here: with --report the binary prints no problems (they are in the report), and a
 * line it did write (a report it could not write) becomes a problem, so a tool prints what it
 * chooses, once.
 */
function outcomeOf(code, signal, errors, reportPath) {
  const status = code ?? -(os.constants.signals[signal] ?? 0);
  const lines = errors.split("\n").filter((line) => line.trim() !== "");
  // A usage error: the binary refused an argument (status 2, its line starts "whatsnew: ").
  if (status === 2 && /^(whatsnew|Error): /.test(lines[0] ?? "")) throw new TypeError(usageMessage(lines));
  let report;
  try {
    report = JSON.parse(fs.readFileSync(reportPath, "utf8"));
  } catch (error) {
    if (error.code !== "ENOENT") {
      throw new WhatsnewError(`whatsnew greet wrote a report that cannot be read: ${error.message}`);
    }
  }
  if (report !== undefined && !isPlainObject(report)) {
    throw new WhatsnewError("whatsnew greet wrote a report that is not a JSON object");
  }
  if (report === undefined) {
    if (signal !== null && CRASH_SIGNALS.has(signal)) throw new WhatsnewError(`whatsnew greet died of ${signal}`);
    if (signal === null && ![0, 1, 130].includes(status)) {
      const detail = lines.length > 0 ? `: ${lines[lines.length - 1]}` : "";
      throw new WhatsnewError(`whatsnew greet exited with status ${status}${detail}`);
    }
    // Notes or steps it could not use (status 1), or a signal before any report.
    report = { problems: lines };
    if (signal !== null || status === 130) report.exit = "interrupted";
  } else if (lines.length > 0) {
    const reported = Array.isArray(report.problems) ? report.problems : [];
    report = { ...report, problems: [...reported, ...lines.filter((line) => !reported.includes(line))] };
  }
  return outcomeFromReport(report, status);
}

/** An Outcome of a parsed report; absent keys take their defaults, unknown ones stay in
 * `report`. */
function outcomeFromReport(report, status) {
  const interruptedStatus = status === 130 || status === -os.constants.signals.SIGINT;
  const exit = textOrNull(report.exit) ?? (interruptedStatus ? "interrupted" : "nothing-shown");
  const launch = isPlainObject(report.launch) && typeof report.launch.to === "string" ? report.launch : undefined;
  const steps = isPlainObject(report.updateSteps) ? report.updateSteps : {};
  return Object.freeze({
    status,
    exit,
    interrupted: exit === "interrupted" || interruptedStatus,
    shown: textOrNull(report.shown),
    versions: texts(report.versions),
    pending: texts(report.pending),
    reason: textOrNull(report.reason),
    problems: texts(report.problems),
    action: textOrNull(report.action),
    launch:
      launch === undefined
        ? null
        : Object.freeze({
            kind: textOrNull(launch.kind) ?? "",
            fromVersion: textOrNull(launch.from),
            toVersion: launch.to,
            daysAway: Number.isSafeInteger(launch.daysAway) ? launch.daysAway : null,
            count: Number.isSafeInteger(launch.count) ? launch.count : 0,
          }),
    updateSteps: Object.freeze({
      completed: texts(steps.completed),
      notNeeded: texts(steps.notNeeded),
      failed: texts(steps.failed),
    }),
    settings: textOrNull(report.settings),
    available: textOrNull(report.available),
    critical: textOrNull(report.critical),
    tip:
      isPlainObject(report.tip) && typeof report.tip.id === "string"
        ? Object.freeze({
            id: report.tip.id,
            text: textOrNull(report.tip.text) ?? "",
            firstShowing: report.tip.firstShowing === true,
            block: textOrNull(report.tip.block) ?? "",
          })
        : null,
    report: Object.freeze(report),
  });
}

function textOrNull(value) {
  return typeof value === "string" ? value : null;
}

function texts(value) {
  if (typeof value === "string") return Object.freeze([value]);
  if (Array.isArray(value)) return Object.freeze(value.filter((item) => typeof item === "string"));
  return Object.freeze([]);
}

function usageMessage(lines) {
  let message = (lines[0] ?? "").replace(/^whatsnew: /, "").replace(/^Error: /, "");
  message = message.replace(" (see 'whatsnew greet --help')", "");
  for (const [option, name] of OPTION_NAMES) message = message.split(option).join(name);
  return message;
}

module.exports = { greet, greetSync, record, recordSync, binaryPath, WhatsnewError, version };
