"""`greet()`, `record()` and `set_tip()`: one JSON request to the `whatsnew-greet` binary this package
carries, one JSON outcome back (protocol 1, docs/protocol.md in the repository).

No value list of the binary's parameters is kept here: the binary checks every value and
answers a bad one with the parameter's name, raised here as a `ValueError`. The types in
`_schema.py` are generated from `whatsnew-greet --schema` (scripts/wrapper-types).
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Mapping, Sequence

# Only what every greeting uses is imported here: not subprocess (the binary is started with
# os.posix_spawn), pathlib or typing, which a tool may not load at all; json is loaded while the
# binary starts (issue 45).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from collections.abc import Callable
    from typing import Any, Literal, Union

    from ._outcome import Outcome

    if sys.version_info >= (3, 11):
        from importlib.resources.abc import Traversable
    else:
        from importlib.abc import Traversable

    from ._schema import Color, Hyperlinks, Importance, InstallMethod, Theme, UpgradeCommandKey

    Notes = Union[str, os.PathLike[str], Traversable]
    Steps = Union[str, os.PathLike[str], Sequence[Mapping[str, Any]]]
    Tips = Literal["at-exit", "manual", "off"]

__all__ = ["BinaryError", "RecordError", "binary_path", "greet", "record", "set_tip"]

PROTOCOL = 1
_CRASH_SIGNALS = frozenset(
    {signal.SIGSEGV, signal.SIGBUS, signal.SIGILL, signal.SIGTRAP, signal.SIGABRT, signal.SIGFPE, signal.SIGKILL}
)


class BinaryError(RuntimeError):
    """The `whatsnew-greet` binary cannot be run, or failed without an outcome.

    The message says why. A tool that catches it goes on without a greeting. (A platform with
    no binary at all is not an error: :func:`greet` returns an outcome saying so.)
    """


class RecordError(RuntimeError):
    """:func:`record` could not record the events, or :func:`set_tip` the tip's switch: the
    message is the one line saying why (a state directory that cannot be used, a binary that
    cannot be run). Nothing was recorded."""


def binary_path() -> Path:
    """The `whatsnew-greet` binary inside this installed package (never one on `PATH`).

    Raises :class:`BinaryError` when it is missing (no binary for this platform) or not
    executable.
    """
    from pathlib import Path

    return Path(_binary())


def _binary() -> str:
    """:func:`binary_path` as a string, without loading pathlib."""
    path = os.path.join(os.path.realpath(os.path.dirname(os.path.abspath(__file__))), "bin", "whatsnew-greet")
    if not os.path.isfile(path):
        raise BinaryError(f"no whatsnew binary for {_platform()}: {path} is missing (whatsnew-greet has wheels for linux-x86_64)")
    if not os.access(path, os.X_OK):
        raise BinaryError(f"the whatsnew binary is not executable: {path}")
    return path


def _platform() -> str:
    return f"{sys.platform}-{os.uname().machine}" if hasattr(os, "uname") else sys.platform


def greet(
    app_id: str,
    version: str,
    notes: Notes,
    *,
    app_name: str | None = None,
    state_dir: str | os.PathLike[str] | None = None,
    steps: Steps | None = None,
    min_importance: Importance | None = None,
    accessible: bool | None = None,
    returning_after: int | None = None,
    color: Color | None = None,
    theme: Theme | None = None,
    hyperlinks: Hyperlinks | None = None,
    channel: str | None = None,
    feed: str | None = None,
    upgrade_command: str | Mapping[UpgradeCommandKey, str] | None = None,
    managed_by: Sequence[InstallMethod] | None = None,
    executable: str | os.PathLike[str] | None = None,
    existing_install: bool = False,
    tips: Tips = "at-exit",
    cooldown: str | None = None,
    checklist: bool = False,
    record: Sequence[str] = (),
    tip_switches: Mapping[str, bool] | None = None,
    tip_off_command: str | None = None,
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
    `run`). `accessible` None follows `ACCESSIBLE`; True or False forces it. The closed
    values of `min_importance`, `color`, `theme`, `hyperlinks` and `managed_by` are the
    binary's (`python -m whatsnew_greet --schema`; their types are in `_schema.py`): `theme`
    `auto` asks the terminal for its background, `hyperlinks` `auto` makes links clickable only
    where the terminal is known to show them. `channel` is the tool's release
    channel (`beta`): the notes' `<!-- only: beta -->` blocks and `channels: [beta]` releases
    are shown only on it. `feed` is an `http(s)` URL of the tool's releases (GitHub Releases
    JSON or a list of `{version, date, notes}`), checked at most daily in the background
    without delaying the launch; when it names a newer version, a card says so once, with
    `upgrade_command` (:attr:`Outcome.available` names it): one command, or one per install
    method (`{"pipx": "pipx upgrade tally", "pip": "pip install -U tally", "other": "see
    https://tally.example/install"}`; `other` is the command for any other way it was
    installed), picked by where `executable` lives (default: this script, `sys.argv[0]`). For
    a method in `managed_by` (`["apt"]`) no card is shown. `env` is the binary's environment
    (default: this process's).

    `tips` (the notes' `tips/` folder): `at-exit` (the default) prints the tip due, if any,
    on stderr when the tool exits, after its own output, only when stderr is a terminal;
    `manual` leaves :attr:`Outcome.tip` to the tool; `off` chooses none. A tip comes only on a
    launch that shows nothing else, at most once per `cooldown` (`1d` by default, `12h`,
    `30m`, `45s`, `0`) shared with the update card; `<APP_ID>_NO_TIPS=1` turns tips off.

    `checklist` True offers the "Get started" card once the walkthrough was completed or
    skipped: the walkthrough's pages that have a `done-when:` event, each ticked once the user
    did it (`record`), until every one is done or the user presses `x`.

    `record` lists usage events to record in the same trip (`["search"]`), before the launch,
    which counts them: no second process. `tip_switches` turns single tips off (`{"find":
    False}`: never shown again) or back on (`True`) in the same trip, before the launch; an id
    that is not one of the notes' tips raises `ValueError` (:func:`set_tip` does it alone).
    `tip_off_command` is the command a tip's first showing names for hiding that tip, `{tip}`
    standing for its id (`"mytool tips --off {tip}"`, a command of the tool's that calls
    :func:`set_tip`); without it the line names `<APP_ID>_NO_TIPS=1`.

    While the screen is up, Ctrl-C does not raise `KeyboardInterrupt` here: the outcome says
    `interrupted`, and the tool should then end with status 130. `SIGTERM` to the tool is
    passed on to the binary, which restores the terminal; then the tool ends as `SIGTERM`
    would have ended it.

    Raises `ValueError` for a value the binary refuses, naming the parameter with the binary's
    message, `TypeError` for a value that is not JSON, and :class:`BinaryError` when the
    binary is broken or crashed. On a platform with no binary it returns an outcome whose
    :attr:`Outcome.problems` say so, and raises nothing. Notes, state or steps it cannot use
    are not errors either: they are in :attr:`Outcome.problems`.
    """
    try:
        binary = _binary()
    except BinaryError as error:
        if not str(error).startswith("no whatsnew binary"):
            raise
        return _outcome_type().from_report({"problems": [str(error)]}, 0)
    if tips not in ("at-exit", "manual", "off"):
        raise ValueError(f"tips must be 'at-exit', 'manual' or 'off', not {tips!r}")
    if executable is None and feed is not None:
        executable = _own_executable()
    parameters = {
        "app_id": app_id,
        "version": version,
        "app_name": app_name,
        "state_dir": state_dir,
        "min_importance": min_importance,
        "accessible": accessible,
        "returning_after": returning_after,
        "color": color,
        "theme": theme,
        "hyperlinks": hyperlinks,
        "channel": channel,
        "feed": feed,
        "upgrade_command": upgrade_command,
        "managed_by": managed_by,
        "executable": executable,
        "existing_install": existing_install or None,
        "cooldown": cooldown,
        "checklist": checklist or None,
        "record": list(record) if not isinstance(record, str) else record,
        "tip_switches": dict(tip_switches) if isinstance(tip_switches, Mapping) else tip_switches,
        "tip_off_command": tip_off_command,
        # At exit the tip goes to stderr, so only one a person will see is chosen (and counted).
        "tip": tips == "manual" or (tips == "at-exit" and _stderr_is_a_terminal()),
    }
    with _Scratch() as scratch:
        parameters["notes"] = _notes_directory(notes, scratch)
        parameters["steps"] = _steps(steps)
        status, answer, terminated = _exchange(binary, lambda: _request("greet", parameters), env, meanwhile=_outcome_type)
    if terminated:  # the binary restored the terminal, the scratch directory is gone: end as SIGTERM would
        signal.raise_signal(signal.SIGTERM)
    outcome = _outcome(status, answer)
    if tips == "at-exit" and outcome.tip is not None and outcome.tip.block:
        _print_at_exit(outcome.tip.block)
    return outcome


def record(
    app_id: str,
    *names: str,
    state_dir: str | os.PathLike[str] | None = None,
    env: Mapping[str, str] | None = None,
) -> None:
    """Records that the user of app `app_id` did each of `names` (usage events: `search`,
    `export.pdf`), for the tips and the walkthrough's steps done by doing. The binary keeps a
    count and the last date per event in the tool's state directory, on this machine only;
    nothing is sent anywhere.

    What it costs: one short run of the binary (one process, a few milliseconds, most of it
    the process start) that appends a line per event to a log; no screen, no terminal. A tool
    that greets on the same run passes `record=[...]` to :func:`greet` instead, for nothing.

    Raises `TypeError` for an `app_id` or a name that is not a string, `ValueError` for one
    the binary refuses (1 to 64 characters of `a-z`, `0-9`, `.`, `_`, `-`, starting with a
    letter or digit), and :class:`RecordError` when the events could not be recorded (a state
    directory that cannot be used, no binary for this platform)::

        whatsnew_greet.record("mytool", "search")
    """
    if not isinstance(app_id, str):
        raise TypeError(f"app_id must be a string, not {app_id!r}")
    for name in names:
        if not isinstance(name, str):
            raise TypeError(f"an event name must be a string, not {name!r}")
    try:
        binary = _binary()
    except BinaryError as error:
        raise RecordError(str(error)) from None
    parameters = {"app_id": app_id, "state_dir": state_dir, "record": list(names)}
    try:
        status, answer, _ = _exchange(binary, lambda: _request("record", parameters), env)
    except BinaryError as error:
        raise RecordError(str(error)) from None
    _raise_refusal(answer)
    problems = answer.get("problems") if isinstance(answer, dict) else None
    if status != 0 or problems:
        line = problems[0] if isinstance(problems, list) and problems else f"whatsnew-greet exited with status {status}"
        raise RecordError(str(line))


def set_tip(
    app_id: str,
    tip: str,
    enabled: bool,
    *,
    notes: Notes | None = None,
    state_dir: str | os.PathLike[str] | None = None,
    env: Mapping[str, str] | None = None,
) -> bool:
    """Turns the one tip `tip` (its `id:`) of app `app_id` off for the user (`enabled` False:
    never shown again, while the others still are), or back on: what a tool's own "hide this
    tip" command calls. One short run of the binary, like :func:`record`. Returns True when
    changed, False when no launch of the tool was recorded yet (nothing to change).

    Raises `TypeError` for an argument of the wrong type, `ValueError` (`tip: ...`) for an id
    the binary refuses (not `a-z`, `0-9` and `-`, or, when `notes` is given, not one of their
    tips), and :class:`RecordError` when the state directory cannot be used::

        whatsnew_greet.set_tip("mytool", "search", False)  # `mytool tips --off search`
    """
    for name, value in (("app_id", app_id), ("tip", tip)):
        if not isinstance(value, str):
            raise TypeError(f"{name} must be a string, not {value!r}")
    if not isinstance(enabled, bool):
        raise TypeError(f"enabled must be True or False, not {enabled!r}")
    try:
        binary = _binary()
    except BinaryError as error:
        raise RecordError(str(error)) from None
    with _Scratch() as scratch:
        parameters: dict[str, object] = {"app_id": app_id, "state_dir": state_dir, "tip_switches": {tip: enabled}}
        if notes is not None:
            parameters["notes"] = _notes_directory(notes, scratch)
        try:
            status, answer, _ = _exchange(binary, lambda: _request("record", parameters), env)
        except BinaryError as error:
            raise RecordError(str(error)) from None
    if isinstance(answer, dict) and isinstance(answer.get("error"), dict) and answer["error"].get("parameter") == "tipSwitches":
        answer = {**answer, "error": {**answer["error"], "parameter": "tip"}}
    _raise_refusal(answer)
    problems = answer.get("problems") if isinstance(answer, dict) else None
    if status != 0 or problems:
        line = problems[0] if isinstance(problems, list) and problems else f"whatsnew-greet exited with status {status}"
        raise RecordError(str(line))
    return isinstance(answer, dict) and bool(answer.get("tipSwitches"))


# MARK: - The request


def _camel(name: str) -> str:
    """`min_importance` -> `minImportance`: the request's name of a Python parameter."""
    head, *rest = name.split("_")
    return head + "".join(part.capitalize() for part in rest)


def _snake(name: str) -> str:
    """`minImportance` -> `min_importance`: a Python parameter's name for the request's."""
    return "".join("_" + c.lower() if c.isupper() else c for c in name)


def _request(command: str, parameters: Mapping[str, object]) -> bytes:
    """The request as JSON; `TypeError` naming the parameter whose value is not JSON."""
    import json

    request: dict[str, object] = {"protocol": PROTOCOL, "command": command}
    for name, value in parameters.items():
        if value is not None:
            request[_camel(name)] = os.fspath(value) if isinstance(value, os.PathLike) else value
    try:
        return json.dumps(request).encode("utf-8")
    except (TypeError, ValueError):
        pass
    # Encoded once above; only a request that cannot be is taken apart, to name the parameter.
    for name, value in parameters.items():
        try:
            json.dumps(request.get(_camel(name)))
        except (TypeError, ValueError) as error:
            raise TypeError(f"{name} cannot be sent to the binary: {error}") from None
    raise TypeError("the request cannot be sent to the binary")


def _steps(steps: object) -> object:
    if isinstance(steps, os.PathLike):
        return os.path.abspath(os.fspath(steps))
    if isinstance(steps, str):
        return os.path.abspath(steps)
    if steps is not None and isinstance(steps, Sequence):
        return [dict(step) if isinstance(step, Mapping) else step for step in steps]
    return steps


def _own_executable() -> str | None:
    """The running script (`sys.argv[0]`) as an absolute path, found on `PATH` when it has no
    directory; None when there is none (an interactive interpreter)."""
    script = sys.argv[0] if sys.argv else ""
    if not script or script == "-c":
        return None
    if os.sep not in script:
        import shutil

        script = shutil.which(script) or script
    return os.path.abspath(script)


class _Scratch:
    """A scratch directory made only when asked for (notes to copy out of a zip), removed on exit."""

    path: Path | None = None

    def __enter__(self) -> _Scratch:
        return self

    def make(self) -> Path:
        if self.path is None:
            import tempfile
            from pathlib import Path

            self.path = Path(tempfile.mkdtemp(prefix="whatsnew-greet-"))
        return self.path

    def __exit__(self, *exc: object) -> None:
        if self.path is not None:
            import shutil

            shutil.rmtree(self.path, ignore_errors=True)


def _notes_directory(notes: object, scratch: _Scratch) -> str:
    """A real directory holding `notes`, for as long as `scratch` lives."""
    if isinstance(notes, (str, os.PathLike)):
        return os.path.abspath(os.fspath(notes))
    if not (hasattr(notes, "iterdir") and hasattr(notes, "is_dir") and hasattr(notes, "read_bytes")):
        raise TypeError(f"notes must be a directory path or an importlib.resources traversable, not {notes!r}")
    copy = scratch.make() / "notes"
    _copy_tree(notes, copy)
    return str(copy)


def _copy_tree(source: Any, target: Path) -> None:
    target.mkdir()
    for child in source.iterdir():
        if child.is_dir():
            _copy_tree(child, target / child.name)
        else:
            (target / child.name).write_bytes(child.read_bytes())


# MARK: - The trip


def _exchange(
    binary: str, request: Callable[[], bytes], env: Mapping[str, str] | None, meanwhile: Callable[[], object] | None = None
) -> tuple[int, object, bool]:
    """Runs the binary on this process's terminal with the request on one pipe and its answer
    on another; returns its status, the answer (None when it wrote none) and whether a SIGTERM
    came meanwhile (passed on to the binary; the caller ends by it once it has cleaned up).

    Started first, the binary is up (its start takes about as long) by the time `request()`
    has encoded the request; `meanwhile` runs while it works. A request that cannot be encoded
    raises once the binary, given none, has ended (refusing it, having done nothing)."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:  # noqa: BLE001 - a closed or replaced stream
            pass
    request_read, request_write = os.pipe()
    answer_read, answer_write = os.pipe()
    pid = None
    try:
        with _signals_held() as held:
            try:
                pid = _spawn(binary, request_read, answer_write, env)
            except OSError as error:
                raise BinaryError(f"cannot run {binary}: {error.strerror or error}") from None
            finally:
                os.close(request_read)
                os.close(answer_write)
                request_read = answer_write = -1
            held.pid = pid
            if held.terminated:  # it came before the child was there to receive it
                os.kill(pid, signal.SIGTERM)
            _write_all(request_write, request())
            os.close(request_write)
            request_write = -1
            if meanwhile is not None:
                meanwhile()
            answer = _read_all(answer_read)
            status = os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
            held.pid = pid = None
    finally:
        for fd in (request_read, answer_write, request_write, answer_read):
            if fd >= 0:
                try:
                    os.close(fd)
                except OSError:
                    pass
        if pid is not None:  # an exception on the way: the child ends once its pipes are closed
            os.waitpid(pid, 0)
    import json

    try:
        return status, json.loads(answer) if answer.strip() else None, held.terminated
    except ValueError:
        raise BinaryError(f"whatsnew-greet wrote an outcome that is not JSON (status {status})") from None


def _spawn(binary: str, request: int, answer: int, env: Mapping[str, str] | None) -> int:
    """Starts the binary with copies of `request` and `answer` as its only descriptors beyond
    0-2, and SIGPIPE and SIGXFSZ at their defaults (Python ignores both): what
    `subprocess.Popen(pass_fds=...)` does, with `os.posix_spawn`, which costs no import."""
    # The copies are numbered above both, so neither overwrites the other; a copy onto a new
    # number is not close-on-exec (the originals are, as is every descriptor Python opens).
    child_in, child_out = max(request, answer) + 1, max(request, answer) + 2
    actions = [(os.POSIX_SPAWN_CLOSE, fd) for fd in _inheritable_descriptors()]
    actions += [(os.POSIX_SPAWN_DUP2, request, child_in), (os.POSIX_SPAWN_DUP2, answer, child_out)]
    return os.posix_spawn(
        binary,
        [binary, "--in", str(child_in), "--out", str(child_out)],
        os.environ if env is None else dict(env),
        file_actions=actions,
        setsigdef=(signal.SIGPIPE, signal.SIGXFSZ),
    )


def _inheritable_descriptors() -> list[int]:
    """This process's descriptors above 2 that a child would inherit (made inheritable by the
    tool, or inherited by it without close-on-exec): closed in the binary, as Popen's
    `close_fds` closes them, so that nothing it starts (a feed check) holds them."""
    try:
        names = os.listdir("/proc/self/fd" if sys.platform.startswith("linux") else "/dev/fd")
    except OSError:
        return []
    found = []
    for name in names:
        fd = int(name)
        try:
            if fd > 2 and os.get_inheritable(fd):
                found.append(fd)
        except OSError:  # the listing's own descriptor, closed by now
            pass
    return found


def _write_all(fd: int, data: bytes) -> None:
    try:
        while data:
            data = data[os.write(fd, data) :]
    except BrokenPipeError:
        pass  # it ended before reading: its status says why


def _read_all(fd: int) -> bytes:
    chunks = []
    while True:
        chunk = os.read(fd, 65536)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)


class _Held:
    pid: int | None = None  # the child's, until it is reaped
    terminated = False


class _signals_held:  # noqa: N801 - used as a context manager, like a function
    """While the child runs: SIGINT (Ctrl-C, sent to the whole foreground process group) does
    not raise `KeyboardInterrupt` here, the child decides what it means and says so in its
    outcome; SIGTERM is passed on to the child, which restores the terminal, and once it has
    ended (and the scratch directory is gone) this process ends by SIGTERM as it would have.
    Handlers that do something, not SIG_IGN: a caught signal is reset to its default in the
    child at exec. The previous handlers are put back afterwards. Only the main thread can set
    handlers; elsewhere nothing is changed.
    """

    def __enter__(self) -> _Held:
        self.held = _Held()
        self.previous: dict[int, Any] = {}
        try:
            for number, handler in ((signal.SIGINT, self._ignore), (signal.SIGTERM, self._forward)):
                previous = signal.getsignal(number)
                if previous is None:
                    continue
                signal.signal(number, handler)
                self.previous[number] = previous
        except ValueError:  # not the main thread, where alone handlers can be set
            pass
        return self.held

    def _ignore(self, signum: int, frame: object) -> None:
        pass

    def _forward(self, signum: int, frame: object) -> None:
        self.held.terminated = True
        if self.held.pid is not None:
            try:
                os.kill(self.held.pid, signal.SIGTERM)
            except OSError:
                pass

    def __exit__(self, *exc: object) -> None:
        for number, handler in self.previous.items():
            signal.signal(number, handler)


def _stderr_is_a_terminal() -> bool:
    try:
        return sys.stderr is not None and sys.stderr.isatty()
    except (AttributeError, ValueError):  # replaced by an object without isatty, or closed
        return False


_pending_tip: list[str] = []


def _print_at_exit(block: str) -> None:
    """Prints `block` on stderr when the interpreter exits (a later greeting's tip replaces it)."""
    if not _pending_tip:
        import atexit

        atexit.register(_print_pending_tip)
    _pending_tip[:] = [block]


def _print_pending_tip() -> None:
    # Never an error at exit: a closed or redirected stderr gets nothing.
    if not _pending_tip or not _stderr_is_a_terminal():
        return
    try:
        sys.stderr.flush()
        sys.stderr.write(_pending_tip.pop())
        sys.stderr.flush()
    except Exception:  # noqa: BLE001
        pass


# MARK: - The outcome


def _raise_refusal(answer: object) -> None:
    """Raises the binary's refusal of a request as `ValueError("<parameter>: <message>")`."""
    if not isinstance(answer, dict) or not isinstance(answer.get("error"), dict):
        return
    error = answer["error"]
    message = str(error.get("message", "the request was refused"))
    parameter = error.get("parameter")
    raise ValueError(f"{_snake(parameter)}: {message}" if isinstance(parameter, str) else message)


def _outcome_type() -> type[Outcome]:
    """The Outcome class: loaded while the binary greets, which leaves this process idle."""
    from ._outcome import Outcome

    return Outcome


def _outcome(status: int, answer: object) -> Outcome:
    _raise_refusal(answer)
    if answer is not None and not isinstance(answer, dict):
        raise BinaryError("whatsnew-greet wrote an outcome that is not a JSON object")
    if answer is None:
        if status < 0 and -status in _CRASH_SIGNALS:
            raise BinaryError(f"whatsnew-greet died of {signal.Signals(-status).name}")
        if status not in (1, 130) and status >= 0:
            raise BinaryError(f"whatsnew-greet exited with status {status} without an outcome")
        answer = {"exit": "interrupted"} if status < 0 or status == 130 else {}
    return _outcome_type().from_report(answer, status)
