"use strict";
// whatsnew-greet: greets the users of a Node command-line tool with the `whatsnew-greet` binary
// its platform package carries (@whatsnew-greet/linux-x64, an optional dependency npm installs
// only where it runs), never one on PATH. One JSON request goes to the binary, one JSON outcome
// comes back (protocol 1, docs/protocol.md in the repository): no value list of the binary's
// parameters is kept here, the binary checks every value and names the parameter it refuses.
// Their types (schema.d.ts) are generated from `whatsnew-greet --schema`.
//
// Loading this file does nothing but define functions: the modules a greeting needs are
// required when it runs, and `version` reads package.json only when asked for.

const PROTOCOL = 1;
/** The platform package carrying the binary, by `${process.platform}-${process.arch}`. */
const PLATFORM_PACKAGES = { "linux-x64": "@whatsnew-greet/linux-x64" };
const CRASH_SIGNALS = ["SIGSEGV", "SIGBUS", "SIGILL", "SIGTRAP", "SIGABRT", "SIGFPE", "SIGKILL"];
const TIPS = ["at-exit", "manual", "off"];

/**
 * The `whatsnew-greet` binary cannot be run, or failed without an outcome. The message says
 * why; a tool that catches it goes on without a greeting. (A platform with no binary is not
 * an error: greet() resolves to an outcome saying so.)
 */
class WhatsnewError extends Error {
  constructor(message) {
    super(message);
    this.name = "WhatsnewError";
  }
}

/** record() could not record the events: the message is the one line saying why. */
class RecordError extends Error {
  constructor(message) {
    super(message);
    this.name = "RecordError";
  }
}

/** No binary to run: none for this platform, or one that is refused (the message says which path). */
class NoBinary extends WhatsnewError {}

/**
 * The path of the `whatsnew-greet` binary in the platform package, looked for beside this
 * package only (its own node_modules, or the node_modules it is in), never in an ancestor
 * directory, NODE_PATH or PATH. Throws a WhatsnewError when this platform has none, when its
 * package is not installed, or when the binary is refused: one others can write to, or that
 * belongs to another user than this one or root.
 */
function binaryPath() {
  const fs = require("node:fs");
  const path = require("node:path");
  const platform = `${process.platform}-${process.arch}`;
  const name = PLATFORM_PACKAGES[platform];
  if (name === undefined) {
    throw new NoBinary(`no whatsnew binary for ${platform} (whatsnew-greet has one for ${Object.keys(PLATFORM_PACKAGES).join(", ")})`);
  }
  const places = [path.join(__dirname, "node_modules")];
  if (path.basename(path.dirname(__dirname)) === "node_modules") places.push(path.dirname(__dirname));
  let binary;
  let info;
  for (const place of places) {
    binary = path.join(place, name, "bin", "whatsnew-greet");
    info = fs.statSync(binary, { throwIfNoEntry: false });
    if (info !== undefined) break;
  }
  if (info === undefined) {
    throw new NoBinary(
      `no whatsnew binary for ${platform}: its package ${name} is not installed beside whatsnew-greet ` +
        `(npm installs it unless optional dependencies are left out: \`npm install ${name}@${module.exports.version}\`)`,
    );
  }
  refuseUnsafe(binary, info);
  try {
    fs.accessSync(binary, fs.constants.X_OK);
  } catch {
    throw new WhatsnewError(`the whatsnew binary is not executable: ${binary}`);
  }
  return binary;
}

/** Throws when `binary` (whose stat is `binaryInfo`) or its directory can be written by others,
 * or belongs to another user. */
function refuseUnsafe(binary, binaryInfo) {
  const fs = require("node:fs");
  const path = require("node:path");
  const me = typeof process.getuid === "function" ? process.getuid() : 0;
  for (const file of [binary, path.dirname(binary)]) {
    const info = file === binary ? binaryInfo : fs.statSync(file);
    if ((info.mode & 0o022) !== 0) {
      throw new NoBinary(`refusing the whatsnew binary ${binary}: others can write to ${file}`);
    }
    if (info.uid !== me && info.uid !== 0) {
      throw new NoBinary(`refusing the whatsnew binary ${binary}: ${file} belongs to another user (uid ${info.uid})`);
    }
  }
}

/**
 * Greets the user of the app `options.appId` at `options.version` (index.d.ts documents each
 * option): records the launch and shows what is due, then gives the terminal back and
 * resolves to what happened. While the binary runs it owns the terminal: Ctrl-C ends the
 * greeting, not this process (the outcome says `interrupted`), and SIGTERM is passed on to
 * the binary, which restores the terminal before this process ends by it.
 */
async function greet(options) {
  const call = prepare(options);
  if (call.outcome) return call.outcome;
  const { code, signal, text, terminated } = await run(call.binary, call.request, call.env);
  if (terminated) endBy("SIGTERM");
  return withTipAtExit(outcomeOf(code, signal, parse(text, code, signal)), call.tips);
}

/** greet(), blocking this process's event loop until the greeting is over. */
function greetSync(options) {
  const call = prepare(options);
  if (call.outcome) return call.outcome;
  const { code, signal, text } = runSync(call.binary, call.request, call.env);
  return withTipAtExit(outcomeOf(code, signal, parse(text, code, signal)), call.tips);
}

/**
 * Records that the user of the app `appId` did `name` (a usage event, `search`, or a list of
 * them), for the tips and the walkthrough's steps done by doing: a count and the last date per
 * event in the app's state directory, on this machine only. One short run of the binary (a
 * few milliseconds); a tool that greets on the same run passes `record` to greet() instead.
 * Resolves when recorded; rejects with a TypeError for a name the binary refuses and with a
 * RecordError when the events could not be recorded (the one line says why).
 */
async function record(appId, name, options = {}) {
  const call = prepareRecord(appId, name, options);
  let result;
  try {
    result = await run(call.binary, call.request, call.env);
  } catch (error) {
    throw new RecordError(error.message);
  }
  recorded(result.code, parse(result.text, result.code, result.signal));
}

/** record(), blocking this process's event loop (a few milliseconds) until it is done. */
function recordSync(appId, name, options = {}) {
  const call = prepareRecord(appId, name, options);
  let result;
  try {
    result = runSync(call.binary, call.request, call.env);
  } catch (error) {
    throw new RecordError(error.message);
  }
  recorded(result.code, parse(result.text, result.code, result.signal));
}

function prepareRecord(appId, name, options) {
  if (options === null || typeof options !== "object" || Array.isArray(options)) {
    throw new TypeError(`record() takes an options object ({ stateDir, env }), not ${describe(options)}`);
  }
  if (typeof appId !== "string") throw new TypeError(`appId must be a string, not ${describe(appId)}`);
  const names = Array.isArray(name) ? name : [name];
  for (const each of names) {
    if (typeof each !== "string") throw new TypeError(`an event name must be a string, not ${describe(each)}`);
  }
  const { env, stateDir, ...rest } = options;
  for (const key of Object.keys(rest)) throw new TypeError(`record() has no option ${key}`);
  let binary;
  try {
    binary = binaryPath();
  } catch (error) {
    throw new RecordError(error.message);
  }
  const request = { protocol: PROTOCOL, command: "record", appId, record: names };
  if (given(stateDir)) request.stateDir = pathOf("stateDir", stateDir);
  return { binary, request: JSON.stringify(request), env: environment(env) };
}

function recorded(code, answer) {
  refusal(answer);
  const problems = isPlainObject(answer) && Array.isArray(answer.problems) ? answer.problems : [];
  if (code !== 0 || problems.length > 0) {
    throw new RecordError(String(problems[0] ?? `whatsnew-greet exited with status ${code}`));
  }
}

/**
 * Turns the one tip `tip` (its `id:`) of the app `appId` off for the user (`enabled` false:
 * never shown again, the others still are), or back on. One short run of the binary, like
 * record(). Resolves to true when changed, false when no launch of the app was recorded yet
 * (nothing to change); rejects with a TypeError for an id the binary refuses (`tip: …`: not
 * `a-z`, `0-9` and `-`, or, with `options.notes`, not one of their tips) and with a
 * RecordError when the state cannot be written (the one line says why).
 */
async function setTip(appId, tip, enabled, options = {}) {
  const call = prepareSetTip(appId, tip, enabled, options);
  let result;
  try {
    result = await run(call.binary, call.request, call.env);
  } catch (error) {
    throw new RecordError(error.message);
  }
  return tipSwitched(result.code, parse(result.text, result.code, result.signal));
}

/** setTip(), blocking this process's event loop (a few milliseconds) until it is done. */
function setTipSync(appId, tip, enabled, options = {}) {
  const call = prepareSetTip(appId, tip, enabled, options);
  let result;
  try {
    result = runSync(call.binary, call.request, call.env);
  } catch (error) {
    throw new RecordError(error.message);
  }
  return tipSwitched(result.code, parse(result.text, result.code, result.signal));
}

function prepareSetTip(appId, tip, enabled, options) {
  if (options === null || typeof options !== "object" || Array.isArray(options)) {
    throw new TypeError(`setTip() takes an options object ({ notes, stateDir, env }), not ${describe(options)}`);
  }
  if (typeof appId !== "string") throw new TypeError(`appId must be a string, not ${describe(appId)}`);
  if (typeof tip !== "string") throw new TypeError(`tip must be a string, not ${describe(tip)}`);
  if (typeof enabled !== "boolean") throw new TypeError(`enabled must be true or false, not ${describe(enabled)}`);
  const { env, stateDir, notes, ...rest } = options;
  for (const key of Object.keys(rest)) throw new TypeError(`setTip() has no option ${key}`);
  let binary;
  try {
    binary = binaryPath();
  } catch (error) {
    throw new RecordError(error.message);
  }
  const request = { protocol: PROTOCOL, command: "record", appId, tipSwitches: { [tip]: enabled } };
  if (given(notes)) request.notes = directoryOf("notes", notes);
  if (given(stateDir)) request.stateDir = pathOf("stateDir", stateDir);
  return { binary, request: JSON.stringify(request), env: environment(env) };
}

/** Whether the binary's answer to a setTip() request says the switch was applied. */
function tipSwitched(code, answer) {
  if (isPlainObject(answer) && isPlainObject(answer.error) && answer.error.parameter === "tipSwitches") {
    answer = { ...answer, error: { ...answer.error, parameter: "tip" } };
  }
  recorded(code, answer);
  return isPlainObject(answer) && isPlainObject(answer.tipSwitches) && Object.keys(answer.tipSwitches).length > 0;
}

// MARK: - The request

/**
 * The binary, the request and the environment for `options`; or, with no binary to run, the
 * outcome that says so (`call.outcome`).
 */
function prepare(options) {
  if (options === null || typeof options !== "object" || Array.isArray(options)) {
    throw new TypeError(`greet() takes an options object ({ appId, version, notes, ... }), not ${describe(options)}`);
  }
  const { notes, steps, tips = "at-exit", env, stateDir, executable, ...parameters } = options;
  if (!TIPS.includes(tips)) throw new TypeError(`tips must be "at-exit", "manual" or "off", not ${describe(tips)}`);
  let binary;
  try {
    binary = binaryPath();
  } catch (error) {
    if (!(error instanceof NoBinary)) throw error;
    return { outcome: outcomeFromReport({ problems: [error.message] }, 0) };
  }
  const request = { protocol: PROTOCOL, command: "greet", ...parameters };
  request.notes = directoryOf("notes", notes);
  if (given(stateDir)) request.stateDir = pathOf("stateDir", stateDir);
  if (given(steps)) request.steps = typeof steps === "string" || steps instanceof URL ? absolute("steps", steps) : steps;
  const script = given(executable) ? executable : given(parameters.feed) ? process.argv[1] : undefined;
  if (given(script)) request.executable = absolute("executable", script);
  // At exit the tip goes to stderr, so only one a person will see is chosen (and counted).
  request.tip = tips === "manual" || (tips === "at-exit" && require("node:tty").isatty(2));
  for (const key of Object.keys(request)) if (request[key] === undefined || request[key] === null) delete request[key];
  let text;
  try {
    text = JSON.stringify(request);
  } catch (error) {
    throw new TypeError(`greet() cannot send its options to the binary: ${error.message}`);
  }
  return { binary, request: text, env: environment(env), tips };
}

/** The binary's environment: `env`, or this process's (undefined). */
function environment(env) {
  if (!given(env)) return undefined;
  const strings = (value) => typeof value === "string" || value === undefined;
  if (typeof env !== "object" || Array.isArray(env) || !Object.values(env).every(strings)) {
    throw new TypeError(`env must be an object of strings, not ${describe(env)}`);
  }
  return env;
}

function given(value) {
  return value !== undefined && value !== null;
}

/** A path from a string or a `file:` URL (`new URL("./notes", import.meta.url)`). */
function pathOf(name, value) {
  if (value instanceof URL) {
    if (value.protocol !== "file:") throw new TypeError(`${name} must be a path or a file: URL, not ${value.href}`);
    return require("node:url").fileURLToPath(value);
  }
  if (typeof value !== "string" || value === "") {
    throw new TypeError(`${name} must be a non-empty path or a file: URL, not ${describe(value)}`);
  }
  return value;
}

function absolute(name, value) {
  return require("node:path").resolve(pathOf(name, value));
}

function directoryOf(name, value) {
  if (!given(value)) return undefined;
  return absolute(name, value);
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

// MARK: - The trip

/**
 * While the binary runs, SIGINT does not end this process: in the accessible (line) mode the
 * terminal sends Ctrl-C's SIGINT to the whole foreground process group, Node included, and the
 * binary decides what it means. The process's own SIGINT listeners are set aside meanwhile and
 * put back after. The child does not inherit the listener: it starts with SIGINT at its default.
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

/** Ends this process by `signal`, as it would have ended without the greeting's listener. */
function endBy(signal) {
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
}

/** Runs the binary on this terminal, the request in and the answer out on its descriptor 3. */
function run(binary, request, env) {
  const childProcess = require("node:child_process");
  return new Promise((resolve, reject) => {
    const release = ignoreSigint();
    let terminated = false;
    let child;
    const forward = () => {
      terminated = true;
      child?.kill("SIGTERM");
    };
    process.on("SIGTERM", forward);
    const done = () => {
      release();
      process.removeListener("SIGTERM", forward);
    };
    try {
      child = childProcess.spawn(binary, ["--in", "3", "--out", "3"], { env, stdio: ["inherit", "inherit", "inherit", "pipe"] });
    } catch (error) {
      done();
      reject(cannotRun(binary, error));
      return;
    }
    // Done when both the child has ended and its answer has been read to the end: the
    // channel's data can come after the child's "close".
    const chunks = [];
    let ended;
    let answered = false;
    const finish = () => {
      if (ended === undefined || !answered) return;
      done();
      resolve({ ...ended, text: Buffer.concat(chunks).toString("utf8"), terminated });
    };
    const channel = child.stdio[3];
    channel.on("data", (chunk) => chunks.push(chunk));
    channel.on("error", () => {}); // a child that ends before reading: its status says why
    channel.once("close", () => {
      answered = true;
      finish();
    });
    channel.end(request);
    child.once("error", (error) => {
      done();
      channel.destroy();
      reject(cannotRun(binary, error));
    });
    child.once("close", (code, signal) => {
      ended = { code, signal };
      finish();
    });
  });
}

/**
 * runSync: the request from a file on descriptor 3 (spawnSync writes to standard input only,
 * which is the terminal's), removed at once; the answer on a pipe at descriptor 4.
 */
function runSync(binary, request, env) {
  const childProcess = require("node:child_process");
  const fs = require("node:fs");
  const path = require("node:path");
  const os = require("node:os");
  const file = path.join(os.tmpdir(), `whatsnew-greet-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`);
  const fd = fs.openSync(file, "wx+", 0o600);
  const release = ignoreSigint();
  let result;
  try {
    fs.unlinkSync(file);
    fs.writeSync(fd, request, 0);
    result = childProcess.spawnSync(binary, ["--in", "3", "--out", "4"], {
      env,
      stdio: ["inherit", "inherit", "inherit", fd, "pipe"],
      maxBuffer: Infinity,
    });
  } finally {
    release();
    fs.closeSync(fd);
  }
  if (result.error) throw cannotRun(binary, result.error);
  const text = result.output[4] ? result.output[4].toString("utf8") : "";
  return { code: result.status, signal: result.signal, text };
}

function parse(text, code, signal) {
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new WhatsnewError(`whatsnew-greet wrote an outcome that is not JSON (status ${code ?? signal})`);
  }
}

function cannotRun(binary, error) {
  const reason = typeof error.errno === "number" ? require("node:util").getSystemErrorMap().get(error.errno) : undefined;
  const why = reason ? `${reason[1]} (${reason[0]})` : error.message;
  return new WhatsnewError(`cannot run ${binary}: ${why}`);
}

// MARK: - The outcome

let pendingTip;

/** Prints the outcome's tip on stderr when the process exits (`tips: "at-exit"`), after the
 * tool's own output, if stderr is still a terminal; a later greeting's tip replaces it. */
function withTipAtExit(outcome, tips) {
  if (tips !== "at-exit" || outcome.tip === null || outcome.tip.block === "") return outcome;
  if (pendingTip === undefined) {
    process.once("exit", () => {
      const fs = require("node:fs");
      if (!require("node:tty").isatty(2) || !pendingTip) return;
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

/** Throws the binary's refusal of a request as a TypeError naming the parameter. */
function refusal(answer) {
  if (!isPlainObject(answer) || !isPlainObject(answer.error)) return;
  const { parameter, message } = answer.error;
  const text = String(message ?? "the request was refused");
  throw new TypeError(typeof parameter === "string" ? `${parameter}: ${text}` : text);
}

/** The outcome of a run that ended with `code` or `signal`, from its answer. Nothing is
 * printed here: the tool prints the problems it chooses to. */
function outcomeOf(code, signal, answer) {
  const status = code ?? -(require("node:os").constants.signals[signal] ?? 0);
  refusal(answer);
  if (answer !== undefined && !isPlainObject(answer)) {
    throw new WhatsnewError("whatsnew-greet wrote an outcome that is not a JSON object");
  }
  if (answer === undefined) {
    if (signal !== null && CRASH_SIGNALS.includes(signal)) throw new WhatsnewError(`whatsnew-greet died of ${signal}`);
    if (signal === null && ![1, 130].includes(status)) {
      throw new WhatsnewError(`whatsnew-greet exited with status ${status} without an outcome`);
    }
    answer = signal !== null || status === 130 ? { exit: "interrupted" } : {};
  }
  return outcomeFromReport(answer, status);
}

/** An Outcome of a parsed report; absent keys take their defaults, unknown ones stay in
 * `report`. */
function outcomeFromReport(report, status) {
  const interruptedStatus = status === 130 || status === -2; // SIGINT
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

module.exports = { greet, greetSync, record, recordSync, setTip, setTipSync, binaryPath, WhatsnewError, RecordError };
// `version` reads package.json when asked for, through a getter that returns a property: the
// form Node's CommonJS export detection recognises, so an ES module imports it by name too
// (`import { greet, version } from "whatsnew-greet"` loads this file; the package has no
// "exports" map, whose resolver costs a tool's first `require` of such a package 1.5 ms).
const lazy = {
  get version() {
    return require("./package.json").version;
  },
};
Object.defineProperty(module.exports, "version", {
  enumerable: true,
  get: function () {
    return lazy.version;
  },
});
