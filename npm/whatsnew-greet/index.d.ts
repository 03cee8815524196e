// Types of whatsnew-greet: greet the users of a Node command-line tool with `whatsnew`.

/** One one-time update step, as in `whatsnew greet --steps` (docs/greet.md). */
/** How a tool was installed, as the greeter tells it from where the tool lives. */
export type InstallMethod = "brew" | "pipx" | "pip" | "apt" | "npm";

export interface Step {
  /** A stable id: a step runs once per user. */
  id: string;
  /** The version that brings it: it runs on the upgrade to this version or later. */
  version: string;
  /** What the progress screen says while it runs. */
  summary: string;
  /** A shell command; a non-zero exit fails the step, which is retried on the next launch. */
  run: string;
  /** Whether it runs on a fresh install too (default false). */
  freshInstall?: boolean;
  /** Seconds it may run (default 60). */
  timeLimit?: number;
}

export interface GreetOptions {
  /** The app's id: names its state directory and its variables (`my-tool` → `MY_TOOL_NOW`). */
  appId: string;
  /** The version running now (`1.1.0`). */
  version: string;
  /**
   * The notes folder (`<version>.md`, `onboarding.md`, `welcome-back.md`), shipped inside the
   * tool's own package: `new URL("./notes", import.meta.url)` or `path.join(__dirname, "notes")`.
   */
  notes: string | URL;
  /** The name screens show (default: the id). */
  appName?: string;
  /** Where the state lives (default `$XDG_STATE_HOME/<appId>/`). */
  stateDir?: string | URL;
  /** One-time update steps: a JSON file of them, or the list itself. */
  steps?: string | URL | readonly Step[];
  /** Releases below it are listed by one line (default `patch`: all in full). */
  minImportance?: "critical" | "major" | "minor" | "patch";
  /** Plain lines instead of the full-screen UI; undefined follows `ACCESSIBLE`. */
  accessible?: boolean;
  /** Days away after which a launch says welcome back. */
  returningAfter?: number;
  color?: "auto" | "always" | "never";
  /** `auto`: the terminal's background as it answers, else `COLORFGBG`, else dark. */
  theme?: "auto" | "dark" | "light" | "mono";
  /** Clickable links in notes; `auto` only where the terminal is known to show them. */
  hyperlinks?: "auto" | "always" | "never";
  /** The tool's release channel (`beta`): the notes' blocks and releases for it are shown. */
  channel?: string;
  /**
   * An `http(s)` URL of the tool's releases (GitHub Releases JSON or a list of
   * `{version, date, notes}`), checked at most daily in the background; a newer version is
   * announced once on a card, with `upgradeCommand`. `Outcome.available` names it.
   */
  feed?: string;
  /**
   * The command the card shows for upgrading (needs `feed`): one, or one per install method
   * (`{ npm: "npm install -g tally", brew: "brew upgrade tally" }`), picked by where
   * `executable` lives.
   */
  upgradeCommand?: string | Partial<Record<InstallMethod, string>>;
  /** Install methods that update the tool themselves: no card when installed by one. */
  managedBy?: readonly InstallMethod[];
  /** The tool's own script, whose place tells how it was installed (default `process.argv[1]`). */
  executable?: string;
  /** The user ran the tool before it greeted anyone: their first launch is an upgrade. */
  existingInstall?: boolean;
  /**
   * Where a due tip (the notes' `tips/` folder) goes: `at-exit` (the default) prints it on
   * stderr when the process exits, after the tool's own output, only when stderr is a
   * terminal; `manual` leaves `Outcome.tip` to the tool; `off` chooses none.
   * `<APP_ID>_NO_TIPS=1` turns tips off.
   */
  tips?: "at-exit" | "manual" | "off";
  /** The least time between two tips or update cards: `1d` (the default), `12h`, `30m`, `45s`, `0`. */
  cooldown?: string;
  /**
   * Offer the "Get started" card once the walkthrough was completed or skipped: its pages with
   * a `done-when:` event, each ticked once the user did it (`record()`), until every one is
   * done or the user presses `x`. It comes last (after any screen, the update card and a tip),
   * at most once per `cooldown`; `Outcome.shown` is then `checklist`.
   */
  checklist?: boolean;
  /** The binary's environment (default: this process's). */
  env?: Readonly<Record<string, string | undefined>>;
}

/** A tip from the notes' `tips/` folder. */
export interface Tip {
  /** The tip's `id:`. */
  readonly id: string;
  /** Its text without Markdown marks, one line per paragraph. */
  readonly text: string;
  /** The user sees it for the first time: say how to turn tips off (`<APP_ID>_NO_TIPS=1`). */
  readonly firstShowing: boolean;
  /** The tip as a terminal shows it (styled, wrapped, ending in a newline): what `at-exit` prints. */
  readonly block: string;
}

/** The launch the greeting recorded. */
export interface Launch {
  readonly kind: "first" | "regular" | "upgrade" | "downgrade" | "returning" | (string & {});
  /** The version launched before this one, if any. */
  readonly fromVersion: string | null;
  /** The version launched now. */
  readonly toVersion: string;
  /** Whole days since the launch before, if there was one. */
  readonly daysAway: number | null;
  /** How many launches of the app were recorded, this one included. */
  readonly count: number;
}

/** What happened to the one-time update steps. */
export interface UpdateSteps {
  readonly completed: readonly string[];
  readonly notNeeded: readonly string[];
  /** The step that failed (retried on the next launch; the steps after it wait). */
  readonly failed: readonly string[];
}

/** How the user left: `later` keeps it pending; `action` means `Outcome.action` is set. */
export type Exit = "done" | "later" | "interrupted" | "action" | "nothing-shown" | (string & {});

/**
 * What was shown; `update-available` is the feed's card (see `Outcome.available`), `checklist`
 * the "Get started" card (`checklist: true`).
 */
export type Shown =
  | "onboarding"
  | "whats-new"
  | "welcome-back"
  | "notes"
  | "update-available"
  | "checklist"
  | (string & {});

/** What a greeting showed, how the user left it and what stays pending. */
export interface Outcome {
  /** The exit status of `whatsnew greet`: 0, 1 (notes or state it could not use: see
   * `problems`), 130 (Ctrl-C), or minus the number of the signal that ended it. */
  readonly status: number;
  readonly exit: Exit;
  /** The user pressed Ctrl-C (or a signal ended the greeting): end the tool with status 130. */
  readonly interrupted: boolean;
  /** What was shown, or null when nothing was. */
  readonly shown: Shown | null;
  /** The versions the what's-new sheet covered, newest first. */
  readonly versions: readonly string[];
  /** What stays due for a later launch (`onboarding`, `whats-new`, `welcome-back`). */
  readonly pending: readonly string[];
  /** Why nothing was shown, when nothing was. */
  readonly reason: string | null;
  /** Every problem met (notes, state or steps it could not use), one line each. */
  readonly problems: readonly string[];
  /** The action the user chose on the sheet (an action id from the notes' front matter). */
  readonly action: string | null;
  /** The launch recorded, or null when none was (the state was unusable). */
  readonly launch: Launch | null;
  readonly updateSteps: UpdateSteps;
  /** The app's what's-new settings in words (`whats-new on, minimum importance patch`). */
  readonly settings: string | null;
  /** A newer version the feed named, or null; said on every launch until the tool is upgraded. */
  readonly available: string | null;
  /** The release the feed marks critical that the running version lacks, or null: its card comes back on every launch until then. */
  readonly critical: string | null;
  /** The tip due on this launch (counted as shown), or null. */
  readonly tip: Tip | null;
  /** The whole report as the binary wrote it (`whatsnew greet --report`). */
  readonly report: Readonly<Record<string, unknown>>;
}

/**
 * Greets the user of `appId` at `version`: records the launch and shows what is due (the
 * walkthrough on the first run, what's new after an upgrade, welcome back after a long
 * absence), then gives the terminal back and resolves to what happened. With no person at a
 * terminal (stdin or stdout not one, `CI`, `TERM=dumb`, `<APP_ID>_NO_GREETING=1`) it prints
 * nothing, resolves at once and keeps everything pending.
 *
 * While the screen is up the binary owns the terminal, and Ctrl-C does not end this process:
 * `outcome.interrupted` says the user pressed it, and the tool should then exit with 130.
 *
 * Rejects with a `TypeError` naming the option for arguments it cannot use, and with a
 * `WhatsnewError` when the binary is missing, broken or crashed. Notes, state or steps it
 * cannot use are not errors: they are in `outcome.problems`.
 */
export function greet(options: GreetOptions): Promise<Outcome>;

/** `greet()`, blocking the event loop until the greeting is over; throws what `greet` rejects with. */
export function greetSync(options: GreetOptions): Outcome;

/** The `whatsnew` binary of the platform package (never one on `PATH`); throws `WhatsnewError`
 * when this platform has none or its package is not installed. */
export function binaryPath(): string;

/** The options of record() and recordSync(). */
export interface RecordOptions {
  /** The state directory (default: `$<APPID>_STATE_DIR`, else `$XDG_STATE_HOME/<appId>`). */
  stateDir?: string | URL;
  /** The binary's environment (default: this process's). */
  env?: Record<string, string | undefined>;
}

/**
 * Records that the user of the app `appId` did `name`, a usage event (1 to 64 characters of
 * `a-z`, `0-9`, `.`, `_`, `-`, starting with a letter or digit), for the tips and the
 * walkthrough's steps done by doing. Kept on this machine only; nothing is sent anywhere.
 * Resolves to null when recorded, else to the one line saying why not. Rejects with a
 * TypeError for a name or appId the binary refuses, a WhatsnewError when it cannot run.
 *
 * ```js
 * await record("mytool", "search");
 * ```
 */
export function record(appId: string, name: string, options?: RecordOptions): Promise<string | null>;

/** record(), blocking the event loop (a few milliseconds) until it is done. */
export function recordSync(appId: string, name: string, options?: RecordOptions): string | null;

/** The binary is missing, cannot be run, or failed without an outcome; the message says why. */
export class WhatsnewError extends Error {
  name: "WhatsnewError";
}

/** This package's version, which is the binary's. */
export const version: string;
