"""Greet the users of a Python command-line tool with `whatsnew`.

`greet()` runs the small static `whatsnew-greet` binary this package carries (never one on
`PATH`), sending it one JSON request: on the first run a walkthrough, after an upgrade what's
new since the version the user last ran, after a long absence a welcome back; nothing when no
person is at a terminal. It returns an :class:`Outcome`::

    import sys
    from importlib.resources import files

    import whatsnew_greet

    outcome = whatsnew_greet.greet("mytool", "1.1.0", files("mytool") / "notes", app_name="My Tool")
    if outcome.interrupted:
        sys.exit(130)  # the user pressed Ctrl-C: stop here too

On a platform this package has no binary for, `greet()` returns an outcome whose `problems`
say so, and the tool runs on. `record("mytool", "search")` records a usage event (what the
user did, kept on this machine only); `greet(..., record=["search"])` does it in the same trip.
`set_tip("mytool", "search", False)` turns one tip off for the user (a tool's "hide this tip").

Importing this module reads nothing and starts nothing: what `greet()` needs is loaded when it
is first used, and `__version__` is read from the package's metadata only when asked for.
"""

from __future__ import annotations

# Not `from typing import TYPE_CHECKING`: importing typing alone would cost more than this
# whole module. Type checkers treat this name as true.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from ._greet import BinaryError, RecordError, binary_path, greet, record, set_tip
    from ._outcome import Launch, Outcome, Tip, UpdateSteps

__all__ = [
    "BinaryError",
    "Launch",
    "Outcome",
    "RecordError",
    "Tip",
    "UpdateSteps",
    "binary_path",
    "greet",
    "record",
    "set_tip",
    "__version__",
]

_FROM_GREET = frozenset({"BinaryError", "RecordError", "binary_path", "greet", "record", "set_tip"})
_FROM_OUTCOME = frozenset({"Launch", "Outcome", "Tip", "UpdateSteps"})


def __getattr__(name: str) -> Any:
    """Loads a name on first use (PEP 562), so that `import whatsnew_greet` costs nothing."""
    if name in _FROM_GREET:
        from . import _greet

        value = getattr(_greet, name)
    elif name in _FROM_OUTCOME:
        from . import _outcome

        value = getattr(_outcome, name)
    elif name == "__version__":
        from importlib.metadata import PackageNotFoundError, version

        try:
            value = version("whatsnew-greet")
        except PackageNotFoundError:  # imported from a source tree, not installed
            value = "0+unknown"
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
