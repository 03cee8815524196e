"""Greeted: greets its users with whatsnew_greet, then does its own work.

GREETED_VERSION pretends to be another version (to try an upgrade).
"""

import os
import sys
from importlib.resources import files

import whatsnew_greet

__version__ = "1.1.0"  # not importlib.metadata.version("greeted"): that reads files on every launch
VERSION = os.environ.get("GREETED_VERSION") or __version__


def main() -> None:
    quiet = "--quiet" in sys.argv[1:]
    try:
        notes = files("greeted") / "notes"  # shipped inside this package
        # What the user did, for the tips, in the same trip: notes/tips/quiet.md teaches --quiet
        # `unless-used: quiet`, so it retires once used. Kept in the tool's state directory.
        record = ["quiet"] if quiet else []
        outcome = whatsnew_greet.greet("greeted-py", VERSION, notes, app_name="Greeted", record=record)
    except whatsnew_greet.BinaryError as error:
        print(f"greeted: no greeting: {error}", file=sys.stderr)  # the tool still works
    else:
        if outcome.interrupted:
            sys.exit(130)  # the user pressed Ctrl-C: stop here too
    if quiet:
        return
    print(f"greeted {VERSION}: done its own work")
