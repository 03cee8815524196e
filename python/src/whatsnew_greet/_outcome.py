"""The outcome of a greeting, read from the JSON `whatsnew greet --report FILE` writes.

The four classes are frozen dataclasses (`dataclasses.asdict`, `fields` and `replace` work on
them), but their `__init__`, `__repr__`, `__eq__` and `__hash__` are written here rather than
generated: `dataclass()` writes those as source text and compiles it on every import, about 2 ms
a launch for these four, which is most of what `greet()` cost a tool beyond starting the
binary (issue 45). Written here they are compiled once, into the `.pyc`. They do what the
generated ones did; python/tests/test_outcome.py compares them with dataclasses generated from
the same fields.
"""

from __future__ import annotations

import signal
from collections.abc import Mapping
from dataclasses import dataclass, field, fields

# Not `from typing import ...`: a tool that does not import typing would pay for it.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

__all__ = ["Launch", "Outcome", "Tip", "UpdateSteps"]


class _Factory:
    """The default of a field made by a factory, shown as dataclasses shows it."""

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY: Any = _Factory()
_set = object.__setattr__  # what a frozen dataclass's own __init__ uses


class _Value:
    """`__repr__`, `__eq__` and `__hash__` as `dataclass(frozen=True)` generates them: over the
    fields with `repr`, over those with `compare`, for instances of the same class only."""

    __slots__ = ()

    def __repr__(self) -> str:
        shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in fields(self) if f.repr)  # type: ignore[arg-type]
        return f"{type(self).__qualname__}({shown})"

    def _compared(self) -> tuple[object, ...]:
        return tuple(getattr(self, f.name) for f in fields(self) if f.compare)  # type: ignore[arg-type]

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self._compared() == other._compared()  # type: ignore[attr-defined, no-any-return]
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._compared())


@dataclass(frozen=True, init=False, repr=False, eq=False)
class Launch(_Value):
    """The launch `whatsnew greet` recorded."""

    kind: str
    """`first`, `regular`, `upgrade`, `downgrade` or `returning`."""
    from_version: str | None
    """The version launched before this one, if any."""
    to_version: str
    """The version launched now."""
    days_away: int | None
    """Whole days since the launch before, if there was one."""
    count: int
    """How many launches of the app were recorded, this one included."""

    def __init__(self, kind: str, from_version: str | None, to_version: str, days_away: int | None, count: int) -> None:
        _set(self, "kind", kind)
        _set(self, "from_version", from_version)
        _set(self, "to_version", to_version)
        _set(self, "days_away", days_away)
        _set(self, "count", count)


@dataclass(frozen=True, init=False, repr=False, eq=False)
class UpdateSteps(_Value):
    """What happened to the one-time update steps (`steps=`)."""

    completed: tuple[str, ...] = ()
    not_needed: tuple[str, ...] = ()
    failed: tuple[str, ...] = ()
    """The step that failed (it is retried on the next launch; the steps after it wait)."""

    def __init__(self, completed: tuple[str, ...] = (), not_needed: tuple[str, ...] = (), failed: tuple[str, ...] = ()) -> None:
        _set(self, "completed", completed)
        _set(self, "not_needed", not_needed)
        _set(self, "failed", failed)


@dataclass(frozen=True, init=False, repr=False, eq=False)
class Tip(_Value):
    """A tip from the notes' `tips/` folder, due on this launch (and counted as shown)."""

    id: str
    """The tip's `id:`."""
    text: str
    """Its text without Markdown marks, one line per paragraph, for a tool that shows it itself."""
    first_showing: bool
    """True the first time the user sees it: say how to turn tips off (`<APP_ID>_NO_TIPS=1`)."""
    block: str = field(default="", repr=False)
    """The tip as `whatsnew greet --tip` prints it on a terminal: `Tip: ...`, styled and
    wrapped, with the off switch on its first showing; what `greet()` prints when the tool
    exits."""

    def __init__(self, id: str, text: str, first_showing: bool, block: str = "") -> None:  # noqa: A002 - the field's name
        _set(self, "id", id)
        _set(self, "text", text)
        _set(self, "first_showing", first_showing)
        _set(self, "block", block)


@dataclass(frozen=True, init=False, repr=False, eq=False)
class Outcome(_Value):
    """What a greeting showed, how the user left it and what stays pending.

    Read from `whatsnew greet --report`; keys this version does not know are kept in
    :attr:`report`, and keys it knows may be absent (an older or newer binary).
    """

    status: int
    """The exit status of `whatsnew greet`: 0, 1 (notes or state it could not use: see
    :attr:`problems`), 130 (Ctrl-C), or minus the signal that ended it."""
    exit: str
    """How the user left: `done`, `later` (closed before the end: stays pending),
    `interrupted`, `action` (a release's action: :attr:`action` is its id) or `nothing-shown`
    (then :attr:`reason` says why)."""
    interrupted: bool
    """The user pressed Ctrl-C (or a signal ended the greeting): end the tool with status 130."""
    shown: str | None = None
    """`onboarding`, `whats-new`, `welcome-back`, `notes`, `update-available` (the feed's
    card: see :attr:`available`), `checklist` (the "Get started" card, `checklist=True`), or
    None when nothing was shown."""
    versions: tuple[str, ...] = ()
    """The versions the what's-new sheet covered, newest first."""
    pending: tuple[str, ...] = ()
    """What stays due for a later launch (`onboarding`, `whats-new`, `welcome-back`)."""
    reason: str | None = None
    """Why nothing was shown, when nothing was."""
    problems: tuple[str, ...] = ()
    """Every problem met: notes, state or steps it could not use, one line each."""
    action: str | None = None
    """The action the user chose on the sheet (an action id from the notes' front matter),
    when the binary reports one."""
    launch: Launch | None = None
    """The launch recorded, or None when none was (not interactive, or the state was unusable)."""
    update_steps: UpdateSteps = field(default_factory=UpdateSteps)
    settings: str | None = None
    """The app's what's-new settings in words (`whats-new on, minimum importance patch`)."""
    available: str | None = None
    """A newer version the update feed (`feed=`) named, or None: the card announces it once,
    this says so on every launch until the tool is upgraded."""
    critical: str | None = None
    """The release the feed marks critical that the running version lacks, or None: its card
    comes back on every launch until the tool runs that version or a newer one."""
    tip: Tip | None = None
    """The tip due on this launch, or None: `greet()` prints it when the tool exits (its
    `tips` parameter says otherwise)."""
    report: Mapping[str, Any] = field(default_factory=dict, repr=False, compare=False)
    """The whole report as the binary wrote it (empty when it wrote none)."""

    def __init__(
        self,
        status: int,
        exit: str,  # noqa: A002 - the field's name
        interrupted: bool,
        shown: str | None = None,
        versions: tuple[str, ...] = (),
        pending: tuple[str, ...] = (),
        reason: str | None = None,
        problems: tuple[str, ...] = (),
        action: str | None = None,
        launch: Launch | None = None,
        update_steps: UpdateSteps = _FACTORY,
        settings: str | None = None,
        available: str | None = None,
        critical: str | None = None,
        tip: Tip | None = None,
        report: Mapping[str, Any] = _FACTORY,
    ) -> None:
        _set(self, "status", status)
        _set(self, "exit", exit)
        _set(self, "interrupted", interrupted)
        _set(self, "shown", shown)
        _set(self, "versions", versions)
        _set(self, "pending", pending)
        _set(self, "reason", reason)
        _set(self, "problems", problems)
        _set(self, "action", action)
        _set(self, "launch", launch)
        _set(self, "update_steps", UpdateSteps() if update_steps is _FACTORY else update_steps)
        _set(self, "settings", settings)
        _set(self, "available", available)
        _set(self, "critical", critical)
        _set(self, "tip", tip)
        _set(self, "report", {} if report is _FACTORY else report)

    @classmethod
    def from_report(cls, report: Mapping[str, Any], status: int = 0) -> Outcome:
        """Makes an outcome of a parsed report; absent keys take their defaults, unknown ones
        stay in :attr:`report`."""
        exit_ = _text(report.get("exit")) or ("interrupted" if _is_interrupt(status) else "nothing-shown")
        launch_data = report.get("launch")
        launch = None
        if isinstance(launch_data, Mapping) and isinstance(launch_data.get("to"), str):
            launch = Launch(
                kind=_text(launch_data.get("kind")) or "",
                from_version=_text(launch_data.get("from")),
                to_version=launch_data["to"],
                days_away=_integer(launch_data.get("daysAway")),
                count=_integer(launch_data.get("count")) or 0,
            )
        tip_data = report.get("tip")
        tip = None
        if isinstance(tip_data, Mapping) and isinstance(tip_data.get("id"), str):
            tip = Tip(
                id=tip_data["id"],
                text=_text(tip_data.get("text")) or "",
                first_showing=tip_data.get("firstShowing") is True,
                block=_text(tip_data.get("block")) or "",
            )
        steps = report.get("updateSteps")
        steps = steps if isinstance(steps, Mapping) else {}
        return cls(
            status=status,
            exit=exit_,
            interrupted=exit_ == "interrupted" or _is_interrupt(status),
            shown=_text(report.get("shown")),
            versions=_texts(report.get("versions")),
            pending=_texts(report.get("pending")),
            reason=_text(report.get("reason")),
            problems=_texts(report.get("problems")),
            action=_text(report.get("action")),
            launch=launch,
            update_steps=UpdateSteps(
                completed=_texts(steps.get("completed")),
                not_needed=_texts(steps.get("notNeeded")),
                failed=_texts(steps.get("failed")),
            ),
            settings=_text(report.get("settings")),
            available=_text(report.get("available")),
            critical=_text(report.get("critical")),
            tip=tip,
            report=dict(report),
        )


# MARK: - Helpers


def _is_interrupt(status: int) -> bool:
    return status in (130, -signal.SIGINT)


def _text(value: object) -> str | None:
    return value if isinstance(value, str) else None


def _integer(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _texts(value: object) -> tuple[str, ...]:
    if isinstance(value, str):
        return (value,)
    if isinstance(value, list):
        return tuple(item for item in value if isinstance(item, str))
    return ()
