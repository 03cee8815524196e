"""Greet the users of a Python command-line tool with `whatsnew`.

`greet()` runs the static `whatsnew` binary this package carries (never one on `PATH`): on the
first run a walkthrough, after an upgrade what's new since the version the user last ran, after
a long absence a welcome back; nothing when no person is at a terminal. It returns an
:class:`Outcome`::

    import sys
    from importlib.resources import files

    import whatsnew_greet

    try:
        outcome = whatsnew_greet.greet("mytool", "1.1.0", files("mytool") / "notes", app_name="My Tool")
    except whatsnew_greet.BinaryError as error:
        print(f"mytool: no greeting: {error}", file=sys.stderr)  # the tool still works
    else:
        if outcome.interrupted:
            sys.exit(130)  # the user pressed Ctrl-C: stop here too

`record("mytool", "search")` records a usage event (what the user did, kept on this machine only).

`python -m whatsnew_greet ARGS` runs the binary itself (`python -m whatsnew_greet lint --content
DIR` checks a notes folder before a release).
"""

from importlib.metadata import PackageNotFoundError, version

from ._greet import BinaryError, binary_path, greet, record
from ._outcome import Launch, Outcome, Tip, UpdateSteps

__all__ = ["BinaryError", "Launch", "Outcome", "Tip", "UpdateSteps", "binary_path", "greet", "record", "__version__"]

try:
    __version__ = version("whatsnew-greet")
except PackageNotFoundError:  # imported from a source tree, not installed
    __version__ = "0+unknown"
