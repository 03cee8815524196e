// A tmux server of its own for driving a program like a person at a terminal (as
// python/tests/tmux.py and Tests/EndToEndTests/TmuxSession.swift do).
//
// Its socket is in a scratch directory; the shell runs without `CI` (so the program sees an
// interactive launch even under CI), with `TERM=xterm-256color`, a UTF-8 locale and a `PATH`
// without any `whatsnew`. Every wait polls `capture-pane` with a generous timeout instead of
// sleeping for a fixed time.

import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

const TIMEOUT = 60_000;

export const tmuxAvailable = spawnSync("tmux", ["-V"], { stdio: "ignore" }).status === 0;

/** A shell-quoted word. */
export function quote(text) {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

export class Tmux {
  /** A session whose shell is ready for commands. */
  static async open(directory) {
    const session = new Tmux(directory);
    await session.waitFor("$");
    return session;
  }

  constructor(directory, width = 80, height = 24) {
    this.directory = directory;
    this.socket = path.join(directory, "tmux.sock");
    const shell =
      `env -i HOME=${quote(directory)} PATH=/usr/bin:/bin TERM=xterm-256color ` +
      "LANG=C.UTF-8 LC_ALL=C.UTF-8 PS1='$ ' HISTFILE=/dev/null bash --norc --noprofile";
    // The server is a daemon that keeps the descriptors it inherits: /dev/null, not a pipe.
    execFileSync(
      "tmux",
      ["-S", this.socket, "-f", "/dev/null", "new-session", "-d", "-x", String(width), "-y", String(height), shell],
      { stdio: "ignore" },
    );
  }

  tmux(...args) {
    return execFileSync("tmux", ["-S", this.socket, ...args], { encoding: "utf8" });
  }

  /** Types `command` into the shell and presses Enter. */
  run(command) {
    this.tmux("send-keys", "-t", "=0:", "-l", command);
    this.tmux("send-keys", "-t", "=0:", "Enter");
  }

  /** Sends tmux key names (`q`, `Enter`, `C-c`). A screen drops the keys of its first 150 ms
   * (keys typed ahead are the shell's): after a wait for something on screen, keys wait out
   * 200 ms of it, as a person's would; Ctrl-C alone acts at once (as TmuxSession.swift). */
  keys(...names) {
    const left = (this.seen ?? 0) + 200 - Date.now();
    if (!(names.length === 1 && names[0] === "C-c") && left > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, left);
    this.tmux("send-keys", "-t", "=0:", ...names);
  }

  capture() {
    return this.tmux("capture-pane", "-p", "-t", "=0:");
  }

  alternateScreen() {
    return this.tmux("display-message", "-p", "-t", "=0:", "#{alternate_on}").trim() === "1";
  }

  /** Polls until the pane shows `text`; returns the screen. */
  async waitFor(text, timeout = TIMEOUT) {
    const deadline = Date.now() + timeout;
    for (;;) {
      const screen = this.capture();
      if (screen.includes(text)) {
        this.seen = Date.now();
        return screen;
      }
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${JSON.stringify(text)}; the pane shows:\n${screen}`);
      await sleep(50);
    }
  }

  /** Runs the shell command `command` in the foreground, recording the terminal modes before
   * and after, and its exit status (read by `waitExit`). */
  start(command) {
    const d = quote(this.directory);
    for (const name of ["status", "stty-before", "stty-after"]) fs.rmSync(path.join(this.directory, name), { force: true });
    this.run(
      `clear; stty -a > ${d}/stty-before; ${command}; ` +
        `s=$?; stty -a > ${d}/stty-after; echo $s > ${d}/status; echo "EX""IT:$s"`,
    );
  }

  /** Waits for the command `start` ran to end; returns its exit status. */
  async waitExit(timeout = TIMEOUT) {
    const file = path.join(this.directory, "status");
    const deadline = Date.now() + timeout;
    for (;;) {
      const text = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
      if (text.endsWith("\n")) return Number(text);
      if (Date.now() > deadline) throw new Error(`timed out waiting for the exit; the pane shows:\n${this.capture()}`);
      await sleep(20);
    }
  }

  /** The terminal modes before and after the last command, without the size. */
  stty() {
    const read = (name) => fs.readFileSync(path.join(this.directory, name), "utf8").replace(/rows \d+; columns \d+;/, "");
    return [read("stty-before"), read("stty-after")];
  }

  kill() {
    spawnSync("tmux", ["-S", this.socket, "kill-server"], { stdio: "ignore" });
  }
}
