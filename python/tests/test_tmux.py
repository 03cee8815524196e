"""The example tool (Examples/python) and greet()'s outcome in a real terminal (tmux), installed
from the wheels into a fresh virtual environment: the walkthrough on the first run, the sheet
after an upgrade, nothing when piped, and Ctrl-C ending with status 130 and no traceback."""

from __future__ import annotations

import functools
import http.server
import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import threading
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from conftest import ROOT, Venv
from tmux import Tmux

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")

DONE_1_0 = "greeted 1.0.0: done its own work"
DONE_1_1 = "greeted 1.1.0: done its own work"

# Calls greet() as a tool would and writes the outcome's fields to the file in argv[1].
DRIVER = """
import dataclasses, json, os, sys
from importlib.resources import files
import whatsnew_greet

notes = files(os.environ["NOTES_PACKAGE"]) / "notes" if "NOTES_PACKAGE" in os.environ else sys.argv[3]
outcome = whatsnew_greet.greet("driven", sys.argv[2], notes, app_name="Driven")
fields = dataclasses.asdict(outcome)
fields.pop("report")
with open(sys.argv[1], "w") as file:
    json.dump(fields, file)
if outcome.interrupted:
    sys.exit(130)
print("driven: done")
"""


# Calls greet() with the update feed in argv[5] (and the other choices) and writes the outcome's
# fields to the file in argv[1].
FEED_DRIVER = """
import dataclasses, json, sys
import whatsnew_greet

outcome = whatsnew_greet.greet(
    "fed", sys.argv[2], sys.argv[3], app_name="Fed", state_dir=sys.argv[4], feed=sys.argv[5],
    upgrade_command="pip install -U fed", channel="beta", theme="light", hyperlinks="never",
)
fields = dataclasses.asdict(outcome)
fields.pop("report")
with open(sys.argv[1], "w") as file:
    json.dump(fields, file)
print("fed: done")
"""


@pytest.fixture
def tmux(tmp_path: Path) -> Iterator[Tmux]:
    session = Tmux(tmp_path)
    try:
        yield session
    finally:
        session.kill()


def without_size(stty: str) -> str:
    return re.sub(r"rows \d+; columns \d+;", "", stty)


def assert_terminal_as_it_was(tmux: Tmux) -> None:
    before, after = tmux.stty()
    assert before and without_size(before) == without_size(after)
    assert not tmux.alternate_screen()


def test_the_example_tool_shows_the_walkthrough_then_the_sheet_after_an_upgrade(installed: Venv, tmux: Tmux) -> None:
    greeted = shlex.quote(str(installed.bin("greeted")))
    tmux.start(f"GREETED_VERSION=1.0.0 {greeted}")
    tmux.wait_for("Welcome to Greeted")
    tmux.keys("s")
    assert tmux.wait_exit() == 0
    tmux.wait_for(DONE_1_0)
    assert_terminal_as_it_was(tmux)

    tmux.start(greeted)
    sheet = tmux.wait_for("What's new in Greeted 1.1.0")
    assert "since 1.0.0" in sheet and "Greeted prints one line instead of five." in sheet
    tmux.keys("q")
    assert tmux.wait_exit() == 0
    screen = tmux.wait_for(DONE_1_1)
    assert "Traceback" not in screen
    assert_terminal_as_it_was(tmux)


def test_the_example_tool_prints_only_its_own_output_when_piped(installed: Venv, tmux: Tmux, tmp_path: Path) -> None:
    greeted = shlex.quote(str(installed.bin("greeted")))
    out, err = shlex.quote(str(tmp_path / "out")), shlex.quote(str(tmp_path / "err"))
    tmux.start(f"{greeted} 2> {err} | cat > {out}; (exit ${{PIPESTATUS[0]}})")
    assert tmux.wait_exit() == 0
    assert (tmp_path / "out").read_text() == DONE_1_1 + "\n"
    assert (tmp_path / "err").read_text() == ""
    assert "Welcome" not in tmux.capture()
    # Nothing was shown, so the walkthrough is still due at the next interactive run.
    tmux.start(greeted)
    tmux.wait_for("Welcome to Greeted")
    tmux.keys("s")
    assert tmux.wait_exit() == 0


def test_the_example_tools_tip_comes_after_its_output_from_the_third_run(installed: Venv, tmux: Tmux, tmp_path: Path) -> None:
    greeted = shlex.quote(str(installed.bin("greeted")))
    tmux.start(greeted)
    tmux.wait_for("Welcome to Greeted")
    tmux.keys("s")
    assert tmux.wait_exit() == 0
    tmux.start(greeted)
    assert tmux.wait_exit() == 0
    assert "Tip:" not in tmux.capture()
    # Piped: no tip, and none counted.
    err = shlex.quote(str(tmp_path / "err"))
    tmux.start(f"{greeted} 2> {err} | cat; (exit ${{PIPESTATUS[0]}})")
    assert tmux.wait_exit() == 0
    assert "Tip:" not in tmux.capture() and (tmp_path / "err").read_text() == ""
    tmux.start(greeted)
    assert tmux.wait_exit() == 0
    lines = [line for line in tmux.capture().splitlines() if line.strip()]
    at = lines.index(DONE_1_1)
    assert lines[at + 1 : at + 3] == [
        "Tip: Greeted prints nothing but errors with greeted --quiet.",
        "     (tips off: GREETED_PY_NO_TIPS=1)",
    ], lines


def test_the_example_tool_records_quiet_and_its_tip_retires(installed: Venv, tmux: Tmux, tmp_path: Path) -> None:
    greeted = shlex.quote(str(installed.bin("greeted")))
    state = tmp_path / "state"
    run = f"GREETED_PY_STATE_DIR={shlex.quote(str(state))} {greeted}"
    tmux.start(run)
    tmux.wait_for("Welcome to Greeted")
    tmux.keys("s")
    assert tmux.wait_exit() == 0
    tmux.start(run + " --quiet")  # records the event `quiet`
    assert tmux.wait_exit() == 0
    assert DONE_1_1 not in tmux.capture()
    for _ in range(2):  # runs 3 and 4, where the tip is due for someone who never used --quiet
        tmux.start(run)
        assert tmux.wait_exit() == 0
        assert "Tip:" not in tmux.capture()
    assert "quiet" in (state / "events.log").read_text() or '"quiet"' in (state / "launch-state.json").read_text()


# A tool with its own "hide this tip" command: `tipped --off TIP` / `--on TIP` call set_tip(),
# and its tip's first showing names that command.
TIP_DRIVER = """
import sys, whatsnew_greet

notes, state = sys.argv[1], sys.argv[2]
if sys.argv[3:4] in (["--off"], ["--on"]):
    print(whatsnew_greet.set_tip("tipped", sys.argv[4], sys.argv[3] == "--on", notes=notes, state_dir=state))
    sys.exit(0)
whatsnew_greet.greet("tipped", "1.1.0", notes, app_name="Tipped", state_dir=state, cooldown="0", tip_off_command="tipped --off {tip}")
print("tipped: done")
"""


def test_a_tip_muted_through_set_tip_is_not_shown_again_and_comes_back(installed: Venv, tmux: Tmux, tmp_path: Path) -> None:
    driver = tmp_path / "tipped.py"
    driver.write_text(TIP_DRIVER)
    state = tmp_path / "state"
    notes = ROOT / "Examples" / "python" / "src" / "greeted" / "notes"
    tipped = " ".join(shlex.quote(str(part)) for part in (installed.python, driver, notes, state))
    tip = "Tip: Greeted prints nothing but errors with greeted --quiet."

    def run() -> list[str]:
        tmux.start(tipped)
        assert tmux.wait_exit() == 0
        return [line for line in tmux.capture().splitlines() if line.strip()]

    tmux.start(tipped)
    tmux.wait_for("Welcome to Tipped")
    tmux.keys("s")
    assert tmux.wait_exit() == 0
    assert tip not in run()
    lines = run()
    at = lines.index("tipped: done")
    assert lines[at + 1 : at + 3] == [tip, "     (hide this tip: tipped --off quiet)"], lines
    tmux.start(f"{tipped} --off quiet")
    assert tmux.wait_exit() == 0
    assert "True" in tmux.capture()
    for _ in range(2):
        assert tip not in run()
    assert json.loads((state / "launch-state.json").read_text())["mutedTips"] == ["quiet"]
    tmux.start(f"{tipped} --on quiet")
    assert tmux.wait_exit() == 0
    assert tip in run()


@pytest.mark.parametrize("accessible", [False, True], ids=["full-screen", "accessible"])
def test_ctrl_c_on_the_walkthrough_ends_the_tool_with_130_and_no_traceback(installed: Venv, tmux: Tmux, accessible: bool) -> None:
    # Full-screen, the terminal is in raw mode and Ctrl-C is a key the binary reads; in the
    # accessible mode's line terminal it is SIGINT, which the whole foreground process group
    # (Python too) receives.
    greeted = shlex.quote(str(installed.bin("greeted")))
    tmux.start(("ACCESSIBLE=1 " if accessible else "") + greeted)
    tmux.wait_for("Welcome to Greeted")
    tmux.keys("C-c")
    assert tmux.wait_exit() == 130
    screen = tmux.wait_for("EXIT:130")
    assert "Traceback" not in screen and "KeyboardInterrupt" not in screen, screen
    assert DONE_1_1 not in screen
    assert_terminal_as_it_was(tmux)


def test_sigterm_during_the_walkthrough_reaches_the_binary_which_restores_the_terminal(installed: Venv, tmux: Tmux, tmp_path: Path) -> None:
    # `kill PID` of the tool: greet() passes SIGTERM on to the binary, waits for it to give the
    # terminal back, removes its scratch directory, then the tool ends by SIGTERM (143).
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    greeted = shlex.quote(str(installed.bin("greeted")))
    tmux.start(f"TMPDIR={shlex.quote(str(scratch))} {greeted}")
    tmux.wait_for("Welcome to Greeted")
    shell = tmux.tmux("display-message", "-p", "-t", "=0:", "#{pane_pid}").strip()
    children = subprocess.run(["pgrep", "-P", shell], capture_output=True, text=True).stdout.split()
    assert len(children) == 1, children
    os.kill(int(children[0]), signal.SIGTERM)
    assert tmux.wait_exit() == 143
    screen = tmux.wait_for("EXIT:143")
    assert "Traceback" not in screen and DONE_1_1 not in screen, screen
    assert_terminal_as_it_was(tmux)
    assert list(scratch.iterdir()) == []


def run_driver(tmux: Tmux, installed: Venv, tmp_path: Path, version: str, environment: str = "") -> Path:
    driver = tmp_path / "driver.py"
    driver.write_text(DRIVER)
    outcome = tmp_path / f"outcome-{version}.json"
    outcome.unlink(missing_ok=True)
    notes = ROOT / "Examples" / "python" / "src" / "greeted" / "notes"
    command = [str(installed.python), str(driver), str(outcome), version, str(notes)]
    tmux.start(environment + " " + " ".join(shlex.quote(part) for part in command))
    return outcome


def test_the_outcome_says_what_happened(installed: Venv, tmux: Tmux, tmp_path: Path) -> None:
    first_day, two_days_later = "DRIVEN_NOW=2026-01-05T09:00:00Z", "DRIVEN_NOW=2026-01-07T09:00:00Z"

    # Ctrl-C on the walkthrough.
    outcome = run_driver(tmux, installed, tmp_path, "1.0.0", first_day)
    tmux.wait_for("Welcome to Greeted")
    tmux.keys("C-c")
    assert tmux.wait_exit() == 130
    fields = json.loads(outcome.read_text())
    assert (fields["status"], fields["exit"], fields["interrupted"]) in [(130, "interrupted", True), (-2, "interrupted", True)]
    assert fields["shown"] == "onboarding" and fields["pending"] == ["onboarding"]
    assert fields["launch"]["kind"] == "first" and fields["launch"]["to_version"] == "1.0.0"
    assert "Traceback" not in tmux.capture()

    # The walkthrough again, skipped to the end.
    outcome = run_driver(tmux, installed, tmp_path, "1.0.0", first_day)
    tmux.wait_for("Welcome to Greeted")
    tmux.keys("s")
    assert tmux.wait_exit() == 0
    fields = json.loads(outcome.read_text())
    assert (fields["status"], fields["exit"], fields["interrupted"]) == (0, "done", False)
    assert fields["shown"] == "onboarding" and fields["pending"] == []

    # The upgrade's sheet, put off with "later".
    outcome = run_driver(tmux, installed, tmp_path, "1.1.0", first_day)
    tmux.wait_for("What's new in Driven 1.1.0")
    tmux.keys("l")
    assert tmux.wait_exit() == 0
    fields = json.loads(outcome.read_text())
    assert (fields["exit"], fields["shown"], fields["versions"], fields["pending"]) == ("later", "whats-new", ["1.1.0"], ["whats-new"])
    assert fields["launch"] == {"kind": "upgrade", "from_version": "1.0.0", "to_version": "1.1.0", "days_away": 0, "count": 3}

    # Two days later the sheet comes back; closed with "q", nothing stays pending.
    outcome = run_driver(tmux, installed, tmp_path, "1.1.0", two_days_later)
    tmux.wait_for("What's new in Driven 1.1.0")
    tmux.keys("q")
    assert tmux.wait_exit() == 0
    fields = json.loads(outcome.read_text())
    assert (fields["exit"], fields["shown"], fields["pending"], fields["problems"]) == ("done", "whats-new", [], [])
    assert tmux.wait_for("driven: done")


def test_notes_from_a_zipped_package_are_shown(installed: Venv, tmux: Tmux, tmp_path: Path) -> None:
    # A traversable that is not a directory on disk: greet() makes one of it for the binary.
    archive = tmp_path / "zipped.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        zipped.writestr("zipped/__init__.py", "")
        for note in (ROOT / "Examples" / "python" / "src" / "greeted" / "notes").iterdir():
            zipped.write(note, f"zipped/notes/{note.name}")
    run_driver(tmux, installed, tmp_path, "1.0.0", f"PYTHONPATH={shlex.quote(str(archive))} NOTES_PACKAGE=zipped")
    tmux.wait_for("Welcome to Greeted")
    tmux.keys("s")
    assert tmux.wait_exit() == 0
    tmux.wait_for("driven: done")


def test_the_outcome_of_ctrl_c_in_the_accessible_mode(installed: Venv, tmux: Tmux, tmp_path: Path) -> None:
    # Here Ctrl-C is a real SIGINT to Python and the binary alike.
    outcome = run_driver(tmux, installed, tmp_path, "1.0.0", "ACCESSIBLE=1")
    tmux.wait_for("Welcome to Greeted")
    tmux.keys("C-c")
    assert tmux.wait_exit() == 130
    fields = json.loads(outcome.read_text())
    assert fields["status"] in (130, -2) and fields["exit"] == "interrupted" and fields["interrupted"]
    assert fields["pending"] == ["onboarding"]
    screen = tmux.capture()
    assert "Traceback" not in screen and "KeyboardInterrupt" not in screen and "driven: done" not in screen
    assert_terminal_as_it_was(tmux)


def test_a_newer_version_from_the_feed_is_announced_and_in_the_outcome(installed: Venv, tmux: Tmux, tmp_path: Path) -> None:
    served = tmp_path / "served"
    served.mkdir()
    (served / "releases.json").write_text(json.dumps([{"version": "9.0.0", "date": "2026-03-01", "notes": "- Faster."}]))
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(served))
    )
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        notes, state = tmp_path / "notes", tmp_path / "state"
        notes.mkdir()
        driver = tmp_path / "feed-driver.py"
        driver.write_text(FEED_DRIVER)
        url = f"http://127.0.0.1:{server.server_address[1]}/releases.json"

        def launch(outcome: Path) -> None:
            command = [str(installed.python), str(driver), str(outcome), "2.0.0", str(notes), str(state), url]
            tmux.start(" ".join(shlex.quote(part) for part in command))

        # Nothing is due: this launch starts the fetch in the background and returns.
        launch(tmp_path / "first.json")
        assert tmux.wait_exit() == 0
        first = json.loads((tmp_path / "first.json").read_text())
        assert first["exit"] == "nothing-shown" and first["available"] is None, first
        download = state / "update-feed.download"
        deadline = time.monotonic() + 30
        while not download.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert download.exists(), "the background fetch wrote nothing"

        # The next launch shows the card with the upgrade command; the outcome names the version.
        launch(tmp_path / "second.json")
        card = tmux.wait_for("Fed 9.0.0 is available")
        assert "pip install -U fed" in card
        tmux.keys("q")
        assert tmux.wait_exit() == 0
        second = json.loads((tmp_path / "second.json").read_text())
        assert (second["shown"], second["available"], second["problems"]) == ("update-available", "9.0.0", []), second
        assert "Traceback" not in tmux.wait_for("fed: done")
    finally:
        server.shutdown()
        server.server_close()
