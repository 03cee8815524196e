#!/usr/bin/env node
"use strict";
// `npx whatsnew-greet ARGS`: runs the whatsnew-greet binary of this package's platform package
// with ARGS on this terminal (`npx whatsnew-greet --schema` prints the parameters a request
// takes; a request on standard input is answered on standard output). Its exit status is this command's, and a signal that ends it ends this process the
// same way. When the binary is missing or cannot be run, one line on stderr says why and the
// exit status is 127.
const { spawn } = require("node:child_process");
const os = require("node:os");
const { binaryPath, WhatsnewError } = require("../index.js");

function fail(message) {
  process.stderr.write(`whatsnew-greet: ${message}\n`);
  process.exit(127);
}

let binary;
try {
  binary = binaryPath();
} catch (error) {
  if (!(error instanceof WhatsnewError)) throw error;
  fail(error.message);
}
// Ctrl-C in a line-mode screen reaches the binary and this process alike: the binary decides.
process.on("SIGINT", () => {});
const child = spawn(binary, process.argv.slice(2), { stdio: "inherit" });
// A SIGTERM or SIGHUP for this process is for the binary too: it restores the terminal first.
for (const signal of ["SIGTERM", "SIGHUP"]) process.on(signal, () => child.kill(signal));
child.once("error", (error) => fail(`cannot run ${binary}: ${error.message}`));
child.once("exit", (code, signal) => {
  if (signal === null) process.exit(code ?? 1);
  process.removeAllListeners(signal);
  process.kill(process.pid, signal);
  process.exit(128 + (os.constants.signals[signal] ?? 0)); // should the signal not end it
});
