#!/usr/bin/env python3
"""A Python tool that greets its users with `whatsnew greet` before doing its own work.

GREETED_VERSION pretends to be another version (to try an upgrade); WHATSNEW names the
whatsnew binary when it is not on PATH. Only the standard library is used.
"""
import os
import subprocess
import sys
from pathlib import Path

VERSION = os.environ.get("GREETED_VERSION", "1.1.0")


def greet() -> None:
    notes = Path(__file__).resolve().parent / "notes"
    command = [
        os.environ.get("WHATSNEW", "whatsnew"), "greet",
        "--app-id", "greeted-py", "--app-name", "Greeted", "--app-version", VERSION,
        "--content", str(notes),
    ]
    try:
        status = subprocess.run(command).returncode
    except FileNotFoundError:
        return  # whatsnew is not installed: no greeting, the tool still works
    if status == 130:
        sys.exit(130)  # the user pressed Ctrl-C


def main() -> None:
    greet()
    print(f"greeted {VERSION}: done its own work")


if __name__ == "__main__":
    main()
