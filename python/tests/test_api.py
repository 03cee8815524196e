"""whatsnew_greet.greet() against the real binary of the installed wheel, with no person at a
terminal (stdin is /dev/null): what it returns, what it raises, and what it leaves as it was.
The screens themselves are in test_tmux.py."""

from __future__ import annotations

import json
import signal
import textwrap
from pathlib import Path

import pytest

from conftest import ROOT, Venv, clean_environment, package_copy

NOTES = ROOT / "Examples" / "python" / "src" / "greeted" / "notes"
OUTCOME = """
import dataclasses, json
def show(outcome):
    fields = dataclasses.asdict(outcome)
    fields.pop("report")
    print(json.dumps(fields))
"""


def api(installed: Venv, code: str, **environment: str) -> dict:
    """Runs `code` in the installed environment's Python (with `show(outcome)` defined) and
    returns what its last line printed, as JSON."""
    run = installed.run("-c", OUTCOME + textwrap.dedent(code), env=clean_environment(**environment))
    assert run.returncode == 0, run.stdout + run.stderr
    return json.loads(run.stdout.splitlines()[-1])


def error_of(installed: Venv, call: str, **environment: str) -> dict:
    """The exception `call` raises in the installed environment: its type and message."""
    code = f"""
        import json, sys, whatsnew_greet
        try:
            {call}
        except Exception as error:
            print(json.dumps({{"type": type(error).__name__, "message": str(error)}}))
        else:
            print(json.dumps({{"type": None}}))
        """
    return api(installed, code, **environment)


def test_without_a_terminal_it_records_the_launch_shows_nothing_and_keeps_it_pending(installed: Venv, tmp_path: Path) -> None:
    # A whatsnew on PATH that would leave a mark: the package must run its own.
    decoy = tmp_path / "decoy"
    decoy.mkdir()
    (decoy / "whatsnew").write_text(f"#!/bin/sh\ntouch {tmp_path}/decoy-ran\nexit 99\n")
    (decoy / "whatsnew").chmod(0o755)
    outcome = api(
        installed,
        f"""
        import whatsnew_greet
        show(whatsnew_greet.greet("greeted-api", "1.0.0", {str(NOTES)!r}, state_dir={str(tmp_path / 'state')!r}))
        """,
        PATH=f"{decoy}:/usr/bin:/bin",
    )
    assert not (tmp_path / "decoy-ran").exists()
    assert outcome["status"] == 0 and outcome["exit"] == "nothing-shown" and not outcome["interrupted"]
    assert outcome["shown"] is None and outcome["pending"] == ["onboarding"]
    assert outcome["reason"].startswith("not interactive"), outcome["reason"]
    assert outcome["launch"] == {"kind": "first", "from_version": None, "to_version": "1.0.0", "days_away": None, "count": 1}
    assert outcome["problems"] == [] and outcome["action"] is None
    assert (tmp_path / "state" / "launch-state.json").is_file()


def test_notes_inside_a_package_and_steps_given_as_a_list(installed: Venv, tmp_path: Path) -> None:
    marker = tmp_path / "step-ran"
    outcome = api(
        installed,
        f"""
        from importlib.resources import files
        import whatsnew_greet
        steps = [{{"id": "touch", "version": "1.0.0", "summary": "Touching", "run": "touch {marker}", "freshInstall": True}}]
        show(whatsnew_greet.greet("greeted-api", "1.0.0", files("greeted") / "notes", steps=steps, state_dir={str(tmp_path)!r}))
        """,
    )
    assert outcome["status"] == 0 and outcome["problems"] == []
    assert outcome["update_steps"] == {"completed": ["touch"], "not_needed": [], "failed": []}
    assert marker.exists()


def test_steps_it_cannot_use_are_a_problem_in_the_outcome_not_an_exception(installed: Venv, tmp_path: Path) -> None:
    steps = tmp_path / "steps.json"
    steps.write_text('{"not": "a list"}')
    run = installed.run(
        "-c",
        OUTCOME
        + f"import whatsnew_greet\nshow(whatsnew_greet.greet('greeted-api', '1.0.0', {str(NOTES)!r}, steps={str(steps)!r}, state_dir={str(tmp_path)!r}))",
    )
    assert run.returncode == 0, run.stderr
    outcome = json.loads(run.stdout)
    assert outcome["status"] == 1 and not outcome["interrupted"]
    assert len(outcome["problems"]) == 1 and "not a JSON list of steps" in outcome["problems"][0]
    assert run.stderr == ""  # the tool prints its problems if it wants to


def test_a_problem_is_in_the_outcome_once_and_nothing_is_printed(installed: Venv, tmp_path: Path) -> None:
    state = tmp_path / "state"
    state.mkdir()
    (state / "launch-state.json").write_text("{ not json")
    run = installed.run(
        "-c",
        OUTCOME
        + f"import whatsnew_greet\nshow(whatsnew_greet.greet('greeted-api', '1.0.0', {str(NOTES)!r}, app_name='Greeted', state_dir={str(state)!r}))",
    )
    assert run.returncode == 0, run.stderr
    outcome = json.loads(run.stdout)
    assert outcome["status"] == 0
    assert len(outcome["problems"]) == 1 and "launch-state.json was corrupt" in outcome["problems"][0], outcome
    assert run.stderr == ""


def test_a_file_size_limit_is_a_problem_not_an_interruption(installed: Venv, tmp_path: Path) -> None:
    """Under `ulimit -f 0` (or a full quota) the binary's writes fail with EFBIG instead of
    killing it with SIGXFSZ, which the wrapper took for an interruption (issue 43)."""
    state = tmp_path / "state"
    outcome = api(
        installed,
        f"""
        import resource, whatsnew_greet
        resource.setrlimit(resource.RLIMIT_FSIZE, (0, resource.getrlimit(resource.RLIMIT_FSIZE)[1]))
        show(whatsnew_greet.greet("greeted-api", "1.0.0", {str(NOTES)!r}, state_dir={str(state)!r}))
        """,
    )
    assert outcome["interrupted"] is False and outcome["exit"] != "interrupted", outcome
    assert outcome["status"] == 1, outcome
    assert len(outcome["problems"]) >= 1, outcome


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ("'', '1.0.0', NOTES", "app_id: "),
        ("'greeted', None, NOTES", "version: is required"),
        ("'greeted', 'nope', NOTES", 'version: invalid version "nope"'),
        ("'../greeted', '1.0.0', NOTES", 'app_id: the app id "../greeted"'),
        ("'greeted', '1.0.0', NOTES, min_importance='huge'", 'min_importance: must be patch, minor, major or critical, not "huge"'),
        ("'greeted', '1.0.0', NOTES, returning_after=0", "returning_after: must be at least 1 day"),
        ("'greeted', '1.0.0', NOTES, returning_after=True", "returning_after: must be a whole number of days"),
        ("'greeted', '1.0.0', NOTES, accessible='yes'", "accessible: must be true, false or null"),
        ("'greeted', '1.0.0', NOTES, steps=[1]", "steps: must be a path or a list of steps"),
        ("'greeted', '1.0.0', NOTES, app_name=''", "app_name: the name is empty"),
        ("'greeted', '1.0.0', NOTES, theme='sepia'", 'theme: must be auto, dark, light or mono, not "sepia"'),
        ("'greeted', '1.0.0', NOTES, hyperlinks='sometimes'", "hyperlinks: must be auto, always or never"),
        ("'greeted', '1.0.0', NOTES, channel=''", "channel: must be a channel name"),
        ("'greeted', '1.0.0', NOTES, channel='my beta'", "channel: must be a channel name"),
        ("'greeted', '1.0.0', NOTES, channel=3", "channel: must be a string"),
        ("'greeted', '1.0.0', NOTES, feed='ftp://example.com/f.json'", "feed: must be an http:// or https:// URL"),
        ("'greeted', '1.0.0', NOTES, feed='https://'", "feed: must be an http:// or https:// URL"),
        ("'greeted', '1.0.0', NOTES, feed='https://example.com/\\x1b[2J'", "feed: must be an http:// or https:// URL"),
        ("'greeted', '1.0.0', NOTES, upgrade_command='pip install -U greeted'", "upgrade_command: needs feed"),
        ("'greeted', '1.0.0', NOTES, tips='always'", "tips must be 'at-exit', 'manual' or 'off'"),
        ("'greeted', '1.0.0', NOTES, cooldown='1 day'", "cooldown: must be a whole number with d, h, m or s"),
        ("'greeted', '1.0.0', NOTES, checklist='yes'", "checklist: must be true or false"),
        ("'greeted', '1.0.0', NOTES, feed='https://example.com/f.json', upgrade_command=' '", "upgrade_command: the command is empty"),
        ("'greeted', '1.0.0', NOTES, managed_by=['apt']", "managed_by: needs feed"),
        ("'greeted', '1.0.0', NOTES, feed='https://example.com/f.json', managed_by='apt'", "managed_by: must be a list of install methods"),
        ("'greeted', '1.0.0', NOTES, feed='https://example.com/f.json', upgrade_command={'yum': 'yum up'}", 'upgrade_command: has no install method "yum" (known: brew, pipx, pip, apt, npm, other)'),
        ("'greeted', '1.0.0', NOTES, record=['Search']", 'record: the event name "Search" must be lowercase'),
    ],
)
def test_arguments_it_cannot_use_raise_a_value_error_naming_the_parameter(installed: Venv, arguments: str, message: str) -> None:
    error = error_of(installed, f"NOTES = {str(NOTES)!r}; whatsnew_greet.greet({arguments})")
    assert error["type"] == "ValueError", error
    assert message in error["message"], error
    assert "--" not in error["message"] and "whatsnew greet --help" not in error["message"], error


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ("'greeted', '1.0.0', 42", "notes must be a directory path or an importlib.resources traversable"),
        ("'greeted', '1.0.0', NOTES, app_name=object()", "app_name cannot be sent to the binary"),
    ],
)
def test_values_that_are_not_json_raise_a_type_error_naming_the_parameter(installed: Venv, arguments: str, message: str) -> None:
    error = error_of(installed, f"NOTES = {str(NOTES)!r}; whatsnew_greet.greet({arguments})")
    assert error["type"] == "TypeError" and message in error["message"], error


def test_notes_it_cannot_read_are_a_problem_in_the_outcome(installed: Venv, tmp_path: Path) -> None:
    outcome = api(installed, f"import whatsnew_greet\nshow(whatsnew_greet.greet('greeted', '1.0.0', {str(tmp_path / 'missing')!r}))")
    assert outcome["status"] == 1 and len(outcome["problems"]) == 1 and "missing" in outcome["problems"][0], outcome


def test_the_choices_reach_the_binary_and_nothing_is_fetched_without_a_terminal(installed: Venv, tmp_path: Path) -> None:
    # A feed is fetched only by an interactive launch (test_tmux.py shows its card).
    outcome = api(
        installed,
        f"""
        import whatsnew_greet
        outcome = whatsnew_greet.greet(
            "greeted-api", "1.0.0", {str(NOTES)!r}, state_dir={str(tmp_path)!r}, channel="beta", theme="light",
            hyperlinks="never", feed="http://127.0.0.1:1/releases.json", upgrade_command="pip install -U greeted",
            min_importance="critical")
        show(outcome)
        print(json.dumps(dict(notesFor=outcome.report["notesFor"], **dataclasses.asdict(outcome) | dict(report=None))))
        """,
    )
    assert outcome["status"] == 0 and outcome["exit"] == "nothing-shown" and outcome["problems"] == []
    assert outcome["notesFor"].endswith(", channel beta"), outcome
    assert outcome["settings"].endswith("minimum importance critical"), outcome
    assert outcome["available"] is None
    assert not [path.name for path in tmp_path.iterdir() if path.name.startswith("update-feed")]


def sent_request(installed: Venv, tmp_path: Path, call: str) -> dict:
    """The request `call` sends: a binary that keeps it and answers nothing (a BinaryError)."""
    tmp_path = tmp_path / f"sent-{len(list(tmp_path.iterdir()))}"
    tmp_path.mkdir()
    kept = tmp_path / "request.json"
    copy = package_copy(installed, tmp_path, f'#!/bin/sh\ncat <&"$2" > {kept}\nexit 3\n'.encode(), 0o755)
    error = error_of(installed, call, PYTHONPATH=str(copy))
    assert error["type"] == "BinaryError" and "exited with status 3" in error["message"], error
    return json.loads(kept.read_text(encoding="utf-8"))


def test_an_upgrade_command_per_install_method_managed_by_and_the_scripts_path_reach_the_binary(installed: Venv, tmp_path: Path) -> None:
    call = (
        f"whatsnew_greet.greet('greeted', '1.0.0', {str(NOTES)!r}, feed='https://example.com/f.json', "
        "upgrade_command={'pipx': 'pipx upgrade greeted', 'pip': 'pip install -U greeted', 'other': 'see https://greeted.example'}, "
        "managed_by=['apt'], executable='/opt/tool/bin/greeted', record=['search'])"
    )
    request = sent_request(installed, tmp_path, call)
    assert request["protocol"] == 1 and request["command"] == "greet" and request["appId"] == "greeted"
    assert request["upgradeCommand"] == {"pipx": "pipx upgrade greeted", "pip": "pip install -U greeted", "other": "see https://greeted.example"}
    assert request["managedBy"] == ["apt"] and request["executable"] == "/opt/tool/bin/greeted" and request["record"] == ["search"]


def test_any_other_way_has_an_upgrade_command_too(installed: Venv, tmp_path: Path) -> None:
    """`other`: the card's command when the tool was installed in none of the ways named."""
    outcome = api(
        installed,
        f"""
        import whatsnew_greet
        show(whatsnew_greet.greet("greeted-api", "1.0.0", {str(NOTES)!r}, state_dir={str(tmp_path)!r},
             feed="https://example.com/f.json", upgrade_command={{"pipx": "pipx upgrade greeted", "other": "see the docs"}}))
        """,
    )
    assert outcome["problems"] == [] and outcome["status"] == 0


def test_checklist_reaches_the_binary_only_when_true(installed: Venv, tmp_path: Path) -> None:
    offered = sent_request(installed, tmp_path, f"whatsnew_greet.greet('greeted', '1.0.0', {str(NOTES)!r}, checklist=True)")
    assert offered["checklist"] is True
    default = sent_request(installed, tmp_path, f"whatsnew_greet.greet('greeted', '1.0.0', {str(NOTES)!r})")
    assert "checklist" not in default


@pytest.mark.parametrize(
    ("binary", "mode", "message"),
    [
        (b"#!/bin/sh\nexit 0\n", 0o644, "the whatsnew binary is not executable: "),
        (b"not a program\n", 0o755, "cannot run "),
        (b"#!/bin/sh\nulimit -c 0\nkill -SEGV $$\n", 0o755, "whatsnew-greet died of SIGSEGV"),
        (b"#!/bin/sh\nexit 3\n", 0o755, "whatsnew-greet exited with status 3 without an outcome"),
        (b"#!/bin/sh\nexit 0\n", 0o755, "whatsnew-greet exited with status 0 without an outcome"),
        (b"#!/bin/sh\necho 'not json' >&\"$4\"\n", 0o755, "not JSON"),
    ],
)
def test_a_broken_binary_raises_binary_error_with_the_reason(
    installed: Venv, tmp_path: Path, binary: bytes, mode: int, message: str
) -> None:
    copy = package_copy(installed, tmp_path, binary, mode)
    error = error_of(installed, f"whatsnew_greet.greet('greeted', '1.0.0', {str(NOTES)!r})", PYTHONPATH=str(copy))
    assert error["type"] == "BinaryError", error
    assert message in error["message"], error


def test_no_binary_for_the_platform_is_a_problem_not_an_exception(installed: Venv, tmp_path: Path) -> None:
    copy = package_copy(installed, tmp_path, None)
    code = f"import whatsnew_greet\nshow(whatsnew_greet.greet('greeted', '1.0.0', {str(NOTES)!r}))"
    outcome = api(installed, code, PYTHONPATH=str(copy))
    assert outcome["exit"] == "nothing-shown" and not outcome["interrupted"]
    assert len(outcome["problems"]) == 1 and outcome["problems"][0].startswith("no whatsnew binary for linux-x86_64"), outcome
    # The example tool runs its own work all the same.
    run = installed.run("-c", "import greeted; greeted.main()", env=clean_environment(PYTHONPATH=str(copy)))
    assert run.returncode == 0 and "done its own work" in run.stdout, run.stdout + run.stderr


def test_the_sigint_handler_is_put_back(installed: Venv, tmp_path: Path) -> None:
    result = api(
        installed,
        f"""
        import json, signal, whatsnew_greet
        def mine(signum, frame): pass
        signal.signal(signal.SIGINT, mine)
        whatsnew_greet.greet("greeted-api", "1.0.0", {str(NOTES)!r}, state_dir={str(tmp_path)!r})
        print(json.dumps({{"same": signal.getsignal(signal.SIGINT) is mine}}))
        """,
    )
    assert result == {"same": True}


def test_an_outcome_takes_reports_with_keys_absent_or_unknown(installed: Venv) -> None:
    outcome = api(
        installed,
        """
        from whatsnew_greet import Outcome
        show(Outcome.from_report({"exit": "done", "shown": "whats-new", "action": "open-docs", "available": {"version": "9.0.0"}}))
        """,
    )
    assert outcome["exit"] == "done" and outcome["action"] == "open-docs" and outcome["shown"] == "whats-new"
    assert outcome["available"] is None  # not a version string: not taken
    announced = api(installed, "from whatsnew_greet import Outcome\nshow(Outcome.from_report({'shown': 'update-available', 'available': '9.0.0', 'critical': '8.1.0'}))")
    assert announced["available"] == "9.0.0" and announced["shown"] == "update-available" and announced["critical"] == "8.1.0"
    assert outcome["critical"] is None
    assert outcome["launch"] is None and outcome["pending"] == [] and outcome["settings"] is None
    interrupted = api(installed, "from whatsnew_greet import Outcome\nshow(Outcome.from_report({}, 130))")
    assert interrupted["exit"] == "interrupted" and interrupted["interrupted"]
    killed = api(installed, f"from whatsnew_greet import Outcome\nshow(Outcome.from_report({{}}, {-int(signal.SIGINT)}))")
    assert killed["interrupted"]
    kept = api(
        installed,
        """
        import json
        from whatsnew_greet import Outcome
        print(json.dumps(dict(Outcome.from_report({"exit": "done", "future": [1, 2]}).report)))
        """,
    )
    assert kept == {"exit": "done", "future": [1, 2]}


def test_record_counts_events_in_the_state_and_refuses_a_bad_name(installed: Venv, tmp_path: Path) -> None:
    state = tmp_path / "state"
    result = api(
        installed,
        f"""
        import json, whatsnew_greet
        results = [whatsnew_greet.record("greeted-api", "search", state_dir={str(state)!r}) for _ in range(2)]
        results.append(whatsnew_greet.record("greeted-api", "search", "export.pdf", state_dir={str(state)!r}))
        print(json.dumps(results))
        """,
    )
    assert result == [None, None, None]
    lines = (state / "events.log").read_text(encoding="utf-8").splitlines()
    assert [line.split(" ")[1] for line in lines] == ["search", "search", "search", "export.pdf"]
    # Two launches: the first makes the state, the second folds the log into it; a greeting
    # records its own events in the same trip.
    api(
        installed,
        f"""
        import whatsnew_greet
        show(whatsnew_greet.greet("greeted-api", "1.0.0", {str(NOTES)!r}, state_dir={str(state)!r}, record=["export.pdf"]))
        whatsnew_greet.greet("greeted-api", "1.0.0", {str(NOTES)!r}, state_dir={str(state)!r})
        """,
    )
    counts = json.loads((state / "launch-state.json").read_text(encoding="utf-8"))["events"]["counts"]
    assert {name: entry["count"] for name, entry in counts.items()} == {"search": 3, "export.pdf": 2}

    bad = error_of(installed, f"whatsnew_greet.record('greeted-api', 'Search', state_dir={str(state)!r})")
    assert bad["type"] == "ValueError" and 'record: the event name "Search" must be lowercase' in bad["message"], bad
    for value in ("None", "123"):
        wrong = error_of(installed, f"whatsnew_greet.record({value}, 'search', state_dir={str(state)!r})")
        assert wrong["type"] == "TypeError" and "app_id must be a string" in wrong["message"], wrong
    not_a_dir = tmp_path / "file"
    not_a_dir.write_text("")
    unusable = error_of(installed, f"whatsnew_greet.record('greeted-api', 'search', state_dir={str(not_a_dir)!r})")
    assert unusable["type"] == "RecordError" and f"{not_a_dir} is not a directory" in unusable["message"], unusable


def test_an_outcome_takes_the_reports_tip(installed: Venv) -> None:
    report = {"tip": {"id": "quiet", "text": "Be quiet.", "firstShowing": True, "block": "Tip: Be quiet.\n"}}
    outcome = api(installed, f"from whatsnew_greet import Outcome\nshow(Outcome.from_report({report!r}))")
    assert outcome["tip"] == {"id": "quiet", "text": "Be quiet.", "first_showing": True, "block": "Tip: Be quiet.\n"}
    assert api(installed, "from whatsnew_greet import Outcome\nshow(Outcome.from_report({'tip': {'text': 'no id'}}))")["tip"] is None


def test_set_tip_mutes_one_tip_and_brings_it_back_and_a_bad_id_names_tip(installed: Venv, tmp_path: Path) -> None:
    state = tmp_path / "state"
    set_tip = f"whatsnew_greet.set_tip('greeted-api', 'quiet', {{enabled}}, state_dir={str(state)!r}{{notes}})"

    def call(enabled: bool, notes: bool = False) -> object:
        code = f"import json, whatsnew_greet\nprint(json.dumps({set_tip.format(enabled=enabled, notes=f', notes={str(NOTES)!r}' if notes else '')}))"
        return api(installed, code)

    def muted() -> object:
        return json.loads((state / "launch-state.json").read_text(encoding="utf-8")).get("mutedTips")

    assert call(False) is False, "no launch recorded yet: nothing to change"
    api(installed, f"import whatsnew_greet\nshow(whatsnew_greet.greet('greeted-api', '1.0.0', {str(NOTES)!r}, state_dir={str(state)!r}))")
    assert call(False, notes=True) is True
    assert muted() == ["quiet"]
    assert call(True) is True
    assert muted() is None
    # In the same trip as a greeting.
    outcome = api(
        installed,
        f"""
        import whatsnew_greet
        outcome = whatsnew_greet.greet('greeted-api', '1.0.0', {str(NOTES)!r}, state_dir={str(state)!r}, tip_switches={{'quiet': False}})
        print(__import__('json').dumps(outcome.report['tipSwitches']))
        """,
    )
    assert outcome == {"quiet": False} and muted() == ["quiet"]

    bad = error_of(installed, set_tip.format(enabled=False, notes="").replace("'quiet'", "'Quiet'"))
    assert bad == {"type": "ValueError", "message": "tip: the tip id \"Quiet\" must be letters a-z, digits and '-'"}, bad
    unknown = error_of(installed, set_tip.format(enabled=False, notes=f", notes={str(NOTES)!r}").replace("'quiet'", "'loud'"))
    assert unknown == {"type": "ValueError", "message": "tip: there is no tip \"loud\" (the notes' tips: quiet)"}, unknown
    in_greet = error_of(installed, f"whatsnew_greet.greet('greeted-api', '1.0.0', {str(NOTES)!r}, state_dir={str(state)!r}, tip_switches={{'loud': False}})")
    assert in_greet["type"] == "ValueError" and in_greet["message"].startswith('tip_switches: there is no tip "loud"'), in_greet
    for arguments in ("None, 'quiet', False", "'greeted-api', 3, False", "'greeted-api', 'quiet', 'no'"):
        wrong = error_of(installed, f"whatsnew_greet.set_tip({arguments}, state_dir={str(state)!r})")
        assert wrong["type"] == "TypeError", wrong
    not_a_dir = tmp_path / "file"
    not_a_dir.write_text("")
    unusable = error_of(installed, f"whatsnew_greet.set_tip('greeted-api', 'quiet', False, state_dir={str(not_a_dir)!r})")
    assert unusable == {"type": "RecordError", "message": f"not recorded: cannot open {not_a_dir}: Not a directory"}, unusable
    assert muted() == ["quiet"], "nothing changed by the refused calls"
