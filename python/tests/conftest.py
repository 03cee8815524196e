"""Fixtures: the wheels scripts/python-wheel built, installed into a fresh virtual environment.

The tests run the installed package in that environment's Python, never this source tree, so
they test what a user gets from `pip install`. The wheel is $WHATSNEW_GREET_WHEEL, else the one
in dist/; the example tool's wheel is in .build/python-wheel/example/. Missing wheels fail the
tests (run scripts/python-wheel first); they are not skipped.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import venv
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

sys.path.insert(0, str(Path(__file__).parent))


def package_version() -> str:
    text = (ROOT / "Sources" / "whatsnew" / "WhatsNewVersion.swift").read_text(encoding="utf-8")
    match = re.search(r'static let current = "([^"]+)"', text)
    assert match, "no version in WhatsNewVersion.swift"
    return match.group(1)


def the_wheel() -> Path:
    if os.environ.get("WHATSNEW_GREET_WHEEL"):
        return Path(os.environ["WHATSNEW_GREET_WHEEL"])
    found = sorted((ROOT / "dist").glob(f"whatsnew_greet-{package_version()}-*.whl"))
    if len(found) != 1:
        pytest.fail(f"expected one whatsnew-greet {package_version()} wheel in dist/, found {found}: run scripts/python-wheel")
    return found[0]


def fallback_wheel() -> Path:
    """The pure wheel with no binary: what pip builds from the sdist where no wheel fits."""
    found = sorted((ROOT / ".build" / "python-wheel" / "fallback").glob("whatsnew_greet-*.whl"))
    if len(found) != 1:
        pytest.fail(f"expected the fallback wheel in .build/python-wheel/fallback/, found {found}: run scripts/python-wheel")
    return found[0]


def example_wheel() -> Path:
    found = sorted((ROOT / ".build" / "python-wheel" / "example").glob("greeted-*.whl"))
    if len(found) != 1:
        pytest.fail(f"expected the example's wheel in .build/python-wheel/example/, found {found}: run scripts/python-wheel")
    return found[0]


@dataclass
class Venv:
    root: Path

    @property
    def python(self) -> Path:
        return self.root / "bin" / "python"

    def bin(self, name: str) -> Path:
        return self.root / "bin" / name

    def run(self, *arguments: str, env: dict[str, str] | None = None, **options: object) -> subprocess.CompletedProcess[str]:
        """Runs this environment's Python with a PATH that has no `whatsnew` on it."""
        environment = clean_environment() if env is None else env
        if "input" not in options:
            options["stdin"] = subprocess.DEVNULL
        return subprocess.run(
            [str(self.python), *arguments], env=environment, capture_output=True, text=True, **options  # type: ignore[call-overload]
        )


def clean_environment(**extra: str) -> dict[str, str]:
    """This process's environment without `CI` and `ACCESSIBLE`, with a PATH of the system's
    directories only."""
    environment = {key: value for key, value in os.environ.items() if key not in ("CI", "ACCESSIBLE")}
    environment["PATH"] = "/usr/bin:/bin"
    environment.update(extra)
    return environment


@pytest.fixture(scope="session")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Venv:
    """A fresh virtual environment with whatsnew-greet and the example tool installed from
    their wheels (`--no-index`: nothing from the network)."""
    wheel, example = the_wheel(), example_wheel()
    root = tmp_path_factory.mktemp("venv") / "v"
    venv.EnvBuilder(with_pip=True, clear=True).create(root)
    environment = Venv(root)
    install = subprocess.run(
        [str(environment.python), "-m", "pip", "install", "--quiet", "--no-index", "--disable-pip-version-check", str(wheel), str(example)],
        capture_output=True,
        text=True,
    )
    assert install.returncode == 0, install.stdout + install.stderr
    return environment


def package_copy(installed: Venv, tmp_path: Path, binary: bytes | None, mode: int = 0o755) -> Path:
    """A copy of the installed package on a path of its own, with `binary` as its binary (or
    none), to put first on PYTHONPATH."""
    source = Path(installed.run("-c", "import whatsnew_greet; print(whatsnew_greet.__file__)").stdout.strip()).parent
    target = tmp_path / "copy" / "whatsnew_greet"
    shutil.copytree(source, target, ignore=shutil.ignore_patterns("bin", "__pycache__"))
    if binary is not None:
        (target / "bin").mkdir()
        (target / "bin" / "whatsnew-greet").write_bytes(binary)
        (target / "bin" / "whatsnew-greet").chmod(mode)
    return target.parent
