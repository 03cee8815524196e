"""`greet()`: runs the `whatsnew` binary this package carries and returns its outcome."""

from __future__ import annotations

import atexit
import contextlib
import importlib.resources
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Union

from ._outcome import Outcome

if TYPE_CHECKING:
    if sys.version_info >= (3, 11):
        from importlib.resources.abc import Traversable
    else:
        from importlib.abc import Traversable

    Notes = Union[str, os.PathLike[str], Traversable]
    Steps = Union[str, os.PathLike[str], Sequence[Mapping[str, Any]]]

__all__ = ["BinaryError", "binary_path", "greet", "record"]

Theme = Literal["auto", "dark", "light", "mono"]
Hyperlinks = Literal["auto", "always", "never"]
Tips = Literal["at-exit", "manual", "off"]

_IMPORTANCES = ("critical", "major", "minor", "patch")
_COLORS = ("auto", "always", "never")
_THEMES = ("auto", "dark", "light", "mono")
_HYPERLINKS = ("auto", "always", "never")
_TIPS = ("at-exit", "manual", "off")
_COOLDOWN = re.compile(r"0|[0-9]+[dhms]")
_METHODS = ("brew", "pipx", "pip", "apt", "npm")
# A channel as notes name it in `<!-- only: NAMES -->` (commas or spaces between names).
_CHANNEL = re.compile(r"[A-Za-z0-9._-]+")
_FEED = re.compile(r"https?://[^\x00-\x20\x7f]+")
# The binary's option names in its usage errors, as greet()'s parameters.
_PARAMETERS = {
    "--app-id": "app_id",
    "--app-version": "version",
    "--content": "notes",
    "--app-name": "app_name",
    "--state-dir": "state_dir",
    "--steps": "steps",
    "--min-importance": "min_importance",
    "--returning-after": "returning_after",
    "--color": "color",
    "--theme": "theme",
    "--hyperlinks": "hyperlinks",
    "--channel": "channel",
    "--feed": "feed",
    "--upgrade-command": "upgrade_command",
    "--cooldown": "cooldown",
    "--managed-by": "managed_by",
    "--executable": "executable",
}
_CRASH_SIGNALS = frozenset(
    {signal.SIGSEGV, signal.SIGBUS, signal.SIGILL, signal.SIGTRAP, signal.SIGABRT, signal.SIGFPE, signal.SIGKILL}
)


class BinaryError(RuntimeError):
    """The `whatsnew` binary is missing, cannot be run, or failed without an outcome.

    The message says why. A tool that catches it goes on without a greeting.
    """


def binary_path() -> Path:
    """The `whatsnew` binary inside this installed package (never one on `PATH`).

    Raises :class:`BinaryError` when it is missing or not executable.
    """
    path = Path(__file__).resolve().parent / "bin" / "whatsnew"
    if not path.is_file():
        raise BinaryError(
            f"the whatsnew binary is missing: {path} (install whatsnew-greet from its wheel, "
            "which carries it)"
        )
    if not os.access(path, os.X_OK):
        raise BinaryError(f"the whatsnew binary is not executable: {path}")
    return path


def greet(
    app_id: str,
    version: str,
    notes: Notes,
    *,
    app_name: str | None = None,
    state_dir: str | os.PathLike[str] | None = None,
    steps: Steps | None = None,
    min_importance: str | None = None,
    accessible: bool | None = None,
    returning_after: int | None = None,
    color: str | None = None,
    theme: Theme | None = None,
    hyperlinks: Hyperlinks | None = None,
    channel: str | None = None,
    feed: str | None = None,
    upgrade_command: str | Mapping[str, str] | None = None,
    managed_by: Sequence[str] | None = None,
    executable: str | os.PathLike[str] | None = None,
    existing_install: bool = False,
    tips: Tips = "at-exit",
    cooldown: str | None = None,
    checklist: bool = False,
    env: Mapping[str, str] | None = None,
) -> Outcome:
    """Greets the user of app `app_id` at `version`: records the launch and shows what is due
    (the walkthrough on the first run, what's new after an upgrade, welcome back after a long
    absence) full-screen, then gives the terminal back and returns what happened.

    When no person is at a terminal (stdin or stdout not a terminal, `CI` set, `TERM=dumb`,
    `<APP_ID>_NO_GREETING=1`) it prints nothing, returns at once and keeps everything pending.

    `notes` is the notes folder (`<version>.md`, `onboarding.md`, `welcome-back.md`): a path,
    or a traversable from `importlib.resources.files(...)` for notes inside the tool's own
    package. `steps` is a steps file or the list of steps itself (`id`, `version`, `summary`,
    `run`). `accessible` None follows `ACCESSIBLE`; True or False forces it. `theme` is
    `auto` (the terminal's background as it answers, else `COLORFGBG`, else dark), `dark`,
    `light` or `mono`. `hyperlinks` makes the
    notes' links clickable: `auto` (only where the terminal is known to show them), `always`
    or `never`. `channel` is the tool's
    release channel (`beta`): the notes' `<!-- only: beta -->` blocks and `channels: [beta]`
    releases are shown only on it. `feed` is an `http(s)` URL of the tool's releases (GitHub
    Releases JSON or a list of `{version, date, notes}`), checked at most daily in the
    background without delaying the launch; when it names a newer version, a card says so
    once, with `upgrade_command` (:attr:`Outcome.available` names it): one command, or one per
    install method (`{"pipx": "pipx upgrade tally", "pip": "pip install -U tally"}`; methods
    `brew`, `pipx`, `pip`, `apt`, `npm`), picked by where `executable` lives (default: this
    script, `sys.argv[0]`). For a method in `managed_by` (`["apt"]`) no card is shown. `env`
    is the binary's environment (default: this process's).

    `tips` (the notes' `tips/` folder): `at-exit` (the default) prints the tip due, if any,
    on stderr when the tool exits, after its own output, only when stderr is a terminal;
    `manual` leaves :attr:`Outcome.tip` to the tool; `off` chooses none. A tip comes only on a
    launch that shows nothing else, at most once per `cooldown` (`1d` by default, `12h`,
    `30m`, `45s`, `0`) shared with the update card; `<APP_ID>_NO_TIPS=1` turns tips off.

    `checklist` True offers the "Get started" card once the walkthrough was completed or
    skipped: the walkthrough's pages that have a `done-when:` event, each ticked once the user
    did it (:func:`record`), until every one is done or the user presses `x`. It comes last
    (after any screen, the update card and a tip), at most once per `cooldown`;
    :attr:`Outcome.shown` is then `checklist`.

    While the screen is up, Ctrl-C does not raise `KeyboardInterrupt` here: the outcome says
    `interrupted`, and the tool should then end with status 130.

    Raises `ValueError` for arguments it cannot use (naming the parameter) and
    :class:`BinaryError` when the binary is missing, broken or crashed. Notes, state or steps it
    cannot use are not errors: they are in :attr:`Outcome.problems`.
    """
    arguments = _arguments(
        app_id, version, app_name, state_dir, min_importance, returning_after, color, existing_install
    )
    arguments += _choices(theme, hyperlinks, channel, feed, upgrade_command)
    arguments += _tips(tips, cooldown, checklist)
    arguments += _install(feed, managed_by, executable)
    environment = dict(os.environ if env is None else env)
    if accessible is True:
        arguments.append("--accessible")
    elif accessible is False:
        environment["ACCESSIBLE"] = "0"
    elif accessible is not None:
        raise ValueError(f"accessible must be True, False or None, not {accessible!r}")
    binary = binary_path()
    with contextlib.ExitStack() as stack:
        scratch = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="whatsnew-greet-")))
        arguments += ["--content", str(_notes_directory(notes, stack, scratch))]
        if steps is not None:
            arguments += ["--steps", str(_steps_file(steps, scratch))]
        report = scratch / "report.json"
        arguments += ["--report", str(report)]
        status, errors = _run([str(binary), "greet", *arguments], environment)
        outcome = _outcome(status, errors, report)
    if tips == "at-exit" and outcome.tip is not None and outcome.tip.block:
        _print_at_exit(outcome.tip.block)
    return outcome


def record(
    app_id: str,
    name: str,
    *,
    state_dir: str | os.PathLike[str] | None = None,
    env: Mapping[str, str] | None = None,
) -> str | None:
    """Records that the user of app `app_id` did `name` (a usage event: `search`,
    `export.pdf`), for the tips and the walkthrough's steps done by doing. The binary keeps a
    count and the last date per event in the tool's state directory, on this machine only;
    nothing is sent anywhere. Cheap: one line appended to a log, no screen, no terminal.

    Returns None when it is recorded, else the one line saying why not (a state directory that
    cannot be used): a tool may print it or go on. Raises `ValueError` for an `app_id` or an
    event name the binary refuses (1 to 64 characters of `a-z`, `0-9`, `.`, `_`, `-`, starting
    with a letter or digit) and :class:`BinaryError` when the binary is missing or broken::

        whatsnew_greet.record("mytool", "search")
    """
    arguments = ["--app-id", app_id if isinstance(app_id, str) else repr(app_id)]
    if not isinstance(name, str) or name.startswith("-"):
        raise ValueError(f"name must be an event name, not {name!r}")
    if state_dir is not None:
        if not isinstance(state_dir, (str, os.PathLike)) or not os.fspath(state_dir):
            raise ValueError(f"state_dir must be a non-empty path, not {state_dir!r}")
        arguments += ["--state-dir", os.fspath(state_dir)]
    environment = dict(os.environ if env is None else env)
    command = [str(binary_path()), "event", *arguments, name]
    try:
        child = subprocess.run(command, env=environment, stdin=subprocess.DEVNULL, capture_output=True)
    except OSError as error:
        raise BinaryError(f"cannot run {command[0]}: {error.strerror or error}") from None
    lines = [line for line in child.stderr.decode("utf-8", "replace").splitlines() if line.strip()]
    if child.returncode == 0:
        return None
    if child.returncode == 2:
        message = _usage_message(lines).replace(" (see 'whatsnew event --help')", "")
        raise ValueError(message.replace("--app-id", "app_id") or "whatsnew event refused the arguments")
    if child.returncode == 1 and lines:
        return lines[0].removeprefix("whatsnew: ")
    raise BinaryError(f"whatsnew event exited with status {child.returncode}" + (f": {lines[-1]}" if lines else ""))


# MARK: - Helpers


def _arguments(
    app_id: object,
    version: object,
    app_name: object,
    state_dir: object,
    min_importance: object,
    returning_after: object,
    color: object,
    existing_install: object,
) -> list[str]:
    def text(name: str, value: object) -> str:
        if not isinstance(value, str) or not value.strip():
            raise ValueError(f"{name} must be a non-empty string, not {value!r}")
        return value

    arguments = ["--app-id", text("app_id", app_id), "--app-version", text("version", version)]
    if app_name is not None:
        arguments += ["--app-name", text("app_name", app_name)]
    if state_dir is not None:
        if not isinstance(state_dir, (str, os.PathLike)) or not os.fspath(state_dir):
            raise ValueError(f"state_dir must be a non-empty path, not {state_dir!r}")
        arguments += ["--state-dir", os.fspath(state_dir)]
    if min_importance is not None:
        if min_importance not in _IMPORTANCES:
            raise ValueError(f"min_importance must be 'critical', 'major', 'minor' or 'patch', not {min_importance!r}")
        arguments += ["--min-importance", str(min_importance)]
    if returning_after is not None:
        if not isinstance(returning_after, int) or isinstance(returning_after, bool) or returning_after < 1:
            raise ValueError(f"returning_after must be a whole number of days, at least 1, not {returning_after!r}")
        arguments += ["--returning-after", str(returning_after)]
    if color is not None:
        if color not in _COLORS:
            raise ValueError(f"color must be 'auto', 'always' or 'never', not {color!r}")
        arguments += ["--color", str(color)]
    if not isinstance(existing_install, bool):
        raise ValueError(f"existing_install must be True or False, not {existing_install!r}")
    if existing_install:
        arguments.append("--existing-install")
    return arguments


def _choices(theme: object, hyperlinks: object, channel: object, feed: object, upgrade_command: object) -> list[str]:
    arguments: list[str] = []
    if theme is not None:
        if theme not in _THEMES:
            raise ValueError(f"theme must be 'auto', 'dark', 'light' or 'mono', not {theme!r}")
        arguments += ["--theme", str(theme)]
    if hyperlinks is not None:
        if hyperlinks not in _HYPERLINKS:
            raise ValueError(f"hyperlinks must be 'auto', 'always' or 'never', not {hyperlinks!r}")
        arguments += ["--hyperlinks", str(hyperlinks)]
    if channel is not None:
        if not isinstance(channel, str) or not _CHANNEL.fullmatch(channel):
            raise ValueError(f"channel must be a channel name (letters, digits, '.', '-' or '_'), not {channel!r}")
        arguments += ["--channel", channel]
    if feed is not None:
        if not isinstance(feed, str) or not _FEED.fullmatch(feed):
            raise ValueError(f"feed must be an http:// or https:// URL without spaces, not {feed!r}")
        arguments += ["--feed", feed]
    if upgrade_command is not None:
        if feed is None:
            raise ValueError("upgrade_command needs feed")
        if isinstance(upgrade_command, Mapping):
            for method, command in upgrade_command.items():
                if method not in _METHODS:
                    raise ValueError(f"upgrade_command: unknown install method {method!r} (known: {', '.join(_METHODS)})")
                if not isinstance(command, str) or not command.strip():
                    raise ValueError(f"upgrade_command[{method!r}] must be a non-empty string, not {command!r}")
                arguments += ["--upgrade-command", f"{method}={command}"]
        elif not isinstance(upgrade_command, str) or not upgrade_command.strip():
            raise ValueError(f"upgrade_command must be a non-empty string or a dict, not {upgrade_command!r}")
        else:
            arguments += ["--upgrade-command", upgrade_command]
    return arguments


def _tips(tips: object, cooldown: object, checklist: object) -> list[str]:
    """The arguments of the one-interruption budget's last two: a tip and the checklist."""
    if not isinstance(checklist, bool):
        raise ValueError(f"checklist must be True or False, not {checklist!r}")
    if tips not in _TIPS:
        raise ValueError(f"tips must be 'at-exit', 'manual' or 'off', not {tips!r}")
    arguments: list[str] = []
    # At exit the tip goes to stderr, so only one a person will see is chosen (and counted).
    if tips == "manual" or (tips == "at-exit" and _stderr_is_a_terminal()):
        arguments.append("--tip")
    if cooldown is not None:
        if not isinstance(cooldown, str) or not _COOLDOWN.fullmatch(cooldown):
            raise ValueError(f"cooldown must be a whole number with d, h, m or s (like '1d'), or '0', not {cooldown!r}")
        arguments += ["--cooldown", cooldown]
    if checklist:
        arguments.append("--checklist")
    return arguments


def _stderr_is_a_terminal() -> bool:
    try:
        return sys.stderr is not None and sys.stderr.isatty()
    except (AttributeError, ValueError):  # replaced by an object without isatty, or closed
        return False


_pending_tip: list[str] = []


def _print_at_exit(block: str) -> None:
    """Prints `block` on stderr when the interpreter exits (a later greeting's tip replaces it)."""
    if not _pending_tip:
        atexit.register(_print_pending_tip)
    _pending_tip[:] = [block]


def _print_pending_tip() -> None:
    # Never an error at exit: a closed or redirected stderr gets nothing.
    if not _pending_tip or not _stderr_is_a_terminal():
        return
    with contextlib.suppress(Exception):
        sys.stderr.flush()
        sys.stderr.write(_pending_tip.pop())
        sys.stderr.flush()


def _install(feed: object, managed_by: object, executable: object) -> list[str]:
    """`--managed-by` and `--executable` (this script's path unless given), with a feed only."""
    if feed is None:
        if managed_by is not None:
            raise ValueError("managed_by needs feed")
        return []
    arguments: list[str] = []
    if managed_by is not None:
        if isinstance(managed_by, str) or not all(method in _METHODS for method in managed_by):
            raise ValueError(f"managed_by must be a list of {', '.join(_METHODS)}, not {managed_by!r}")
        for method in managed_by:
            arguments += ["--managed-by", method]
    if executable is None:
        executable = _own_executable()
    if executable is not None:
        if not isinstance(executable, (str, os.PathLike)) or not os.fspath(executable):
            raise ValueError(f"executable must be a non-empty path, not {executable!r}")
        arguments += ["--executable", os.fspath(executable)]
    return arguments


def _own_executable() -> str | None:
    """The running script (`sys.argv[0]`) as an absolute path, found on `PATH` when it has no
    directory; None when there is none (an interactive interpreter)."""
    script = sys.argv[0] if sys.argv else ""
    if not script or script == "-c":
        return None
    if os.sep not in script:
        script = shutil.which(script) or script
    return os.path.abspath(script)


def _notes_directory(notes: object, stack: contextlib.ExitStack, scratch: Path) -> Path:
    """A real directory holding `notes`, for as long as `stack` is open."""
    if isinstance(notes, (str, os.PathLike)):
        path = Path(os.fspath(notes))
        if not path.is_dir():
            raise ValueError(f"notes: {path} is not a directory")
        return path.resolve()
    if not (hasattr(notes, "iterdir") and hasattr(notes, "is_dir") and hasattr(notes, "read_bytes")):
        raise ValueError(f"notes must be a directory path or an importlib.resources traversable, not {notes!r}")
    if not notes.is_dir():
        raise ValueError(f"notes: {notes} is not a directory")
    if isinstance(notes, Path):
        return notes.resolve()
    if sys.version_info >= (3, 12):  # as_file takes directories since 3.12
        return Path(stack.enter_context(importlib.resources.as_file(notes)))  # type: ignore[arg-type]
    copy = scratch / "notes"
    _copy_tree(notes, copy)
    return copy


def _copy_tree(source: Any, target: Path) -> None:
    target.mkdir()
    for child in source.iterdir():
        if child.is_dir():
            _copy_tree(child, target / child.name)
        else:
            (target / child.name).write_bytes(child.read_bytes())


def _steps_file(steps: object, scratch: Path) -> Path:
    if isinstance(steps, (str, os.PathLike)):
        path = Path(os.fspath(steps))
        if not path.is_file():
            raise ValueError(f"steps: {path} is not a file")
        return path.resolve()
    if not isinstance(steps, Sequence) or not all(isinstance(step, Mapping) for step in steps):
        raise ValueError(f"steps must be a file path or a list of step mappings, not {steps!r}")
    path = scratch / "steps.json"
    try:
        path.write_text(json.dumps([dict(step) for step in steps]), encoding="utf-8")
    except TypeError as error:
        raise ValueError(f"steps cannot be written as JSON: {error}") from None
    return path


@contextlib.contextmanager
def _ctrl_c_reported_not_raised() -> Iterator[None]:
    """While the child runs, SIGINT (Ctrl-C, sent to the whole foreground process group) does
    not raise `KeyboardInterrupt` here: the child decides what it means and says so in its
    report. A handler that does nothing, not SIG_IGN: a caught signal is reset to its default
    in the child at exec, an ignored one would stay ignored in it and in the update steps it
    runs. The previous handler is put back afterwards. Only the main thread can set handlers;
    elsewhere (and when the handler was not set from Python) nothing is changed.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.getsignal(signal.SIGINT)
    if previous is None:
        yield
        return
    signal.signal(signal.SIGINT, lambda signum, frame: None)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _run(command: list[str], environment: dict[str, str]) -> tuple[int, str]:
    """Runs the binary on this process's terminal; returns its status and what it wrote to
    stderr (nothing is passed on: what is not a usage error is in the outcome's problems)."""
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    try:
        with _ctrl_c_reported_not_raised():
            child = subprocess.run(command, env=environment, stderr=subprocess.PIPE)
    except OSError as error:
        raise BinaryError(f"cannot run {command[0]}: {error.strerror or error}") from None
    return child.returncode, child.stderr.decode("utf-8", "replace")


def _outcome(status: int, errors: str, report_path: Path) -> Outcome:
    # Nothing is printed here: with --report the binary prints no problems (they are in the
    # report), and any line it did write (a report it could not write) becomes a problem, so a
    # tool prints what it chooses, once.
    lines = [line for line in errors.splitlines() if line.strip()]
    if status == 2:
        raise ValueError(_usage_message(lines) or "whatsnew greet refused the arguments")
    try:
        report = json.loads(report_path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        report = None
    except (OSError, ValueError) as error:
        raise BinaryError(f"whatsnew greet wrote a report that cannot be read: {error}") from None
    if report is not None and not isinstance(report, dict):
        raise BinaryError("whatsnew greet wrote a report that is not a JSON object")
    if report is None:
        if status < 0 and -status in _CRASH_SIGNALS:
            raise BinaryError(f"whatsnew greet died of {signal.Signals(-status).name}")
        if status not in (0, 1, 130) and status >= 0:
            detail = f": {lines[-1]}" if lines else ""
            raise BinaryError(f"whatsnew greet exited with status {status}{detail}")
        # Notes or steps it could not use (status 1), or a signal before any report.
        report = {"problems": lines}
        if status < 0 or status == 130:
            report["exit"] = "interrupted"
    elif lines:
        reported = report.get("problems")
        reported = reported if isinstance(reported, list) else []
        report = {**report, "problems": reported + [line for line in lines if line not in reported]}
    return Outcome.from_report(report, status)


def _usage_message(lines: list[str]) -> str:
    message = lines[0] if lines else ""
    message = message.removeprefix("whatsnew: ").removeprefix("Error: ")
    message = message.replace(" (see 'whatsnew greet --help')", "")
    for option, parameter in _PARAMETERS.items():
        message = message.replace(option, parameter)
    return message
