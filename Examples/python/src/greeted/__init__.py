"""Greeted: greets its users with whatsnew_greet, then does its own work.

GREETED_VERSION pretends to be another version (to try an upgrade).
"""

import os
import sys
from importlib.metadata import version
from importlib.resources import files

import whatsnew_greet

VERSION = os.environ.get("GREETED_VERSION") or version("greeted")


def main() -> None:
    try:
        notes = files("greeted") / "notes"  # shipped inside this package
        outcome = whatsnew_greet.greet("greeted-py", VERSION, notes, app_name="Greeted")
    except whatsnew_greet.BinaryError as error:
        print(f"greeted: no greeting: {error}", file=sys.stderr)  # the tool still works
    else:
        if outcome.interrupted:
            sys.exit(130)  # the user pressed Ctrl-C: stop here too
    if "--quiet" in sys.argv[1:]:
        # What the user did, for the tips: notes/tips/quiet.md teaches --quiet `unless-used:
        # quiet`, so it retires once used. Kept in the tool's state directory; nothing is sent.
        problem = whatsnew_greet.record("greeted-py", "quiet")
        if problem:
            print(f"greeted: {problem}", file=sys.stderr)
        return
    print(f"greeted {VERSION}: done its own work")
