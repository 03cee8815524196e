"""What greet() costs a tool beyond starting the binary (issue 45), guarded by what it loads and
compiles rather than by a clock: no subprocess module (the binary is started with
os.posix_spawn), outcome classes whose methods come from their module's file rather than from
code dataclass() compiles at import; and that those classes still behave as the generated
dataclasses did, and the binary still inherits nothing but its two descriptors."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

from conftest import ROOT, Venv

NOTES = ROOT / "Examples" / "python" / "src" / "greeted" / "notes"


def last_line(installed: Venv, code: str) -> object:
    run = installed.run("-c", textwrap.dedent(code))
    assert run.returncode == 0, run.stdout + run.stderr
    return json.loads(run.stdout.splitlines()[-1])


def test_greet_loads_no_subprocess_and_its_outcome_compiles_no_code(installed: Venv, tmp_path: Path) -> None:
    result = last_line(
        installed,
        f"""
        import json, sys, whatsnew_greet
        outcome = whatsnew_greet.greet("greeted-cost", "1.0.0", {str(NOTES)!r}, state_dir={str(tmp_path)!r})
        from whatsnew_greet import _outcome
        # What dataclass() would have compiled from text at import: its code's file is "<string>".
        made = sorted(
            f"{{cls.__name__}}.{{name}}"
            for cls in (_outcome.Launch, _outcome.UpdateSteps, _outcome.Tip, _outcome.Outcome)
            for name in ("__init__", "__repr__", "__eq__", "__hash__")
            if getattr(cls, name).__code__.co_filename != _outcome.__file__
        )
        print(json.dumps([outcome.exit, "subprocess" in sys.modules, "pathlib" in sys.modules, made]))
        """,
    )
    assert result == ["nothing-shown", False, False, []]


def test_the_outcome_types_behave_as_the_dataclasses_generated_from_their_fields(installed: Venv) -> None:
    """Each class against a `dataclass(frozen=True)` made from the same fields: the same
    signature, repr, equality and hash, frozen, and asdict/replace work."""
    code = """
        import dataclasses, inspect, json
        from whatsnew_greet import Launch, Outcome, Tip, UpdateSteps

        def reference(cls):
            spec = []
            for f in dataclasses.fields(cls):
                options = {"repr": f.repr, "compare": f.compare}
                if f.default is not dataclasses.MISSING:
                    options["default"] = f.default
                if f.default_factory is not dataclasses.MISSING:
                    options["default_factory"] = f.default_factory
                spec.append((f.name, f.type, dataclasses.field(**options)))
            return dataclasses.make_dataclass(cls.__name__, spec, frozen=True)

        launch = Launch("upgrade", "1.0.0", "1.1.0", 3, 7)
        tip = Tip("search", "Press / to search.", True, block="Tip: ...")
        samples = {
            Launch: [dict(kind="first", from_version=None, to_version="1.0.0", days_away=None, count=1),
                     dict(kind="upgrade", from_version="1.0.0", to_version="1.1.0", days_away=3, count=7)],
            UpdateSteps: [dict(), dict(completed=("a",), failed=("b",))],
            Tip: [dict(id="t", text="x", first_showing=False), dict(id="t", text="x", first_showing=False, block="B")],
            Outcome: [dict(status=0, exit="nothing-shown", interrupted=False),
                      dict(status=0, exit="nothing-shown", interrupted=False, report={"other": 1}),
                      dict(status=1, exit="done", interrupted=False, shown="whats-new", versions=("1.1.0",),
                           launch=launch, update_steps=UpdateSteps(completed=("a",)), tip=tip, report={"x": 1})],
        }
        differences = []
        for cls, values in samples.items():
            ref = reference(cls)
            # The parameters: the return annotation is "None" written here, None generated.
            ours_signature, their_signature = (list(inspect.signature(c).parameters.values()) for c in (cls, ref))
            if str(ours_signature) != str(their_signature):
                differences.append(f"{cls.__name__} signature {ours_signature} != {their_signature}")
            ours, theirs = [cls(**v) for v in values], [ref(**v) for v in values]
            for a, b in zip(ours, theirs):
                if repr(a) != repr(b) or hash(a) != hash(b) or dataclasses.asdict(a) != dataclasses.asdict(b):
                    differences.append(f"{a!r} / {b!r}")
                if dataclasses.replace(a) != a or a == b:
                    differences.append(f"replace or cross-class equality of {a!r}")
                for change in (lambda: setattr(a, "x", 1), lambda: delattr(a, dataclasses.fields(a)[0].name)):
                    try:
                        change()
                        differences.append(f"{cls.__name__} is not frozen")
                    except dataclasses.FrozenInstanceError:
                        pass
            for i in range(len(values)):
                for j in range(len(values)):
                    if (ours[i] == ours[j]) != (theirs[i] == theirs[j]):
                        differences.append(f"{cls.__name__} equality of {values[i]} and {values[j]}")
            if not cls.__dataclass_params__.frozen or cls.__match_args__ != ref.__match_args__:
                differences.append(f"{cls.__name__} parameters")
        print(json.dumps(differences))
        """
    assert last_line(installed, code) == []


def test_what_the_binary_starts_inherits_no_descriptor_of_the_tool_nor_of_the_protocol(installed: Venv, tmp_path: Path) -> None:
    """A step (here; the feed's background check elsewhere) has its 0-2 and nothing else: not a
    descriptor the tool made inheritable (closed as Popen's close_fds closed it), nor the
    request's or the answer's (a process holding the answer's pipe made greet() wait for it:
    a feed server that did not answer, curl's whole 5 s timeout)."""
    listing = tmp_path / "fds"
    result = last_line(
        installed,
        f"""
        import json, os, whatsnew_greet
        read, write = os.pipe()
        os.dup2(write, 57, inheritable=True)
        steps = [{{"id": "list", "version": "1.0.0", "summary": "Listing", "run": "ls /proc/self/fd > {listing}", "freshInstall": True}}]
        outcome = whatsnew_greet.greet("greeted-fds", "1.0.0", {str(NOTES)!r}, steps=steps, state_dir={str(tmp_path / "state")!r})
        print(json.dumps([outcome.update_steps.completed, os.get_inheritable(57)]))
        """,
    )
    assert result == [["list"], True]
    # 0-2, and 3: the listing's own, opened by ls.
    assert sorted(listing.read_text().split()) == ["0", "1", "2", "3"], listing.read_text()
