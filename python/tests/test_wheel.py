"""The wheel: its metadata and tag, and the stripped static binary it carries, found from the
installed package with no `whatsnew` on PATH."""

from __future__ import annotations

import json
import struct
import subprocess
import sys
import venv
import zipfile
from email.parser import Parser
from pathlib import Path

import pytest

from conftest import fallback_wheel, ROOT, Venv, clean_environment, package_copy, package_version, the_wheel


def elf_facts(data: bytes) -> tuple[bool, set[str]]:
    """Whether an x86-64 ELF asks for a dynamic loader (PT_INTERP), and its section names."""
    assert data[:4] == b"\x7fELF" and data[4] == 2 and data[5] == 1, "not a 64-bit little-endian ELF"
    (machine,) = struct.unpack_from("<H", data, 18)
    assert machine == 62, f"not x86-64 (e_machine {machine})"
    phoff, shoff = struct.unpack_from("<QQ", data, 32)
    phentsize, phnum, shentsize, shnum, shstrndx = struct.unpack_from("<HHHHH", data, 54)
    interp = any(struct.unpack_from("<I", data, phoff + i * phentsize)[0] == 3 for i in range(phnum))
    def section(i: int) -> tuple[int, int, int]:
        name, _, _, _, offset, size = struct.unpack_from("<IIQQQQ", data, shoff + i * shentsize)
        return name, offset, size
    _, strings_offset, strings_size = section(shstrndx)
    strings = data[strings_offset : strings_offset + strings_size]
    names = set()
    for i in range(shnum):
        start = section(i)[0]
        names.add(strings[start : strings.index(b"\0", start)].decode())
    return interp, names


def test_the_wheel_is_a_manylinux2014_platform_wheel_with_complete_metadata() -> None:
    wheel = the_wheel()
    version = package_version()
    assert wheel.name == f"whatsnew_greet-{version}-py3-none-manylinux_2_17_x86_64.manylinux2014_x86_64.whl"
    with zipfile.ZipFile(wheel) as archive:
        info = f"whatsnew_greet-{version}.dist-info"
        metadata = Parser().parsestr(archive.read(f"{info}/METADATA").decode())
        wheel_file = Parser().parsestr(archive.read(f"{info}/WHEEL").decode())
        names = archive.namelist()
        mode = archive.getinfo("whatsnew_greet/bin/whatsnew-greet").external_attr >> 16
    assert metadata["Name"] == "whatsnew-greet"
    assert metadata["Version"] == version
    assert metadata["Summary"]
    assert metadata["License-Expression"] == "MIT"
    assert metadata["Requires-Python"] == ">=3.10"
    assert metadata["Description-Content-Type"] == "text/markdown"
    assert "import whatsnew_greet" in metadata.get_payload()
    classifiers = metadata.get_all("Classifier") or []
    assert "Operating System :: POSIX :: Linux" in classifiers and "Typing :: Typed" in classifiers
    assert wheel_file["Root-Is-Purelib"] == "false"
    assert sorted(wheel_file.get_all("Tag") or []) == ["py3-none-manylinux2014_x86_64", "py3-none-manylinux_2_17_x86_64"]
    assert f"{info}/licenses/LICENSE" in names
    assert "whatsnew_greet/py.typed" in names
    assert mode & 0o111 == 0o111, oct(mode)
    assert not any("tests/" in name or name.endswith(".pyc") for name in names), names


def test_the_binary_is_static_and_stripped(installed: Venv) -> None:
    located = installed.run("-c", "import whatsnew_greet; print(whatsnew_greet.binary_path())")
    assert located.returncode == 0, located.stderr
    binary = Path(located.stdout.strip())
    assert binary.is_relative_to(installed.root), binary
    interp, sections = elf_facts(binary.read_bytes())
    assert not interp, "the binary asks for a dynamic loader: not the static release build"
    assert ".symtab" not in sections and not any(name.startswith(".debug") for name in sections), sections


def test_it_imports_with_no_whatsnew_on_path_and_pip_check_is_clean(installed: Venv, tmp_path: Path) -> None:
    empty = clean_environment(PATH=str(tmp_path))
    imported = installed.run("-c", "import whatsnew_greet, shutil; print(whatsnew_greet.__version__, shutil.which('whatsnew'))", env=empty)
    assert (imported.returncode, imported.stdout) == (0, f"{package_version()} None\n"), imported.stderr
    check = installed.run("-m", "pip", "check")
    assert check.returncode == 0, check.stdout + check.stderr
    listed = json.loads(installed.run("-m", "pip", "list", "--format", "json").stdout)
    assert {"name": "whatsnew-greet", "version": package_version()} in listed


def test_python_m_whatsnew_greet_runs_the_binary_and_passes_its_status(installed: Venv, tmp_path: Path) -> None:
    schema = installed.run("-m", "whatsnew_greet", "--schema")
    assert schema.returncode == 0 and json.loads(schema.stdout)["protocol"] == 1, schema.stderr
    refused = installed.run("-m", "whatsnew_greet", input='{"protocol": 1, "appId": "x"}')
    assert refused.returncode == 2 and json.loads(refused.stdout)["error"]["parameter"] == "version", refused.stdout


def test_python_m_whatsnew_greet_without_its_binary_says_why(installed: Venv, tmp_path: Path) -> None:
    copy = package_copy(installed, tmp_path, binary=None)
    run = installed.run("-m", "whatsnew_greet", "--schema", env=clean_environment(PYTHONPATH=str(copy)))
    assert run.returncode == 127
    assert run.stderr.startswith("python -m whatsnew_greet: no whatsnew binary for linux-x86_64: "), run.stderr
    assert "Traceback" not in run.stderr


def test_the_wheel_carries_only_the_greeting_executable() -> None:
    with zipfile.ZipFile(the_wheel()) as archive:
        carried = [name for name in archive.namelist() if "/bin/" in name]
    assert carried == ["whatsnew_greet/bin/whatsnew-greet"], carried


def test_the_types_are_the_schemas(installed: Venv) -> None:
    """The generated Literals match what the shipped binary prints (scripts/wrapper-types)."""
    binary = installed.run("-c", "import whatsnew_greet; print(whatsnew_greet.binary_path())").stdout.strip()
    check = subprocess.run([sys.executable, str(ROOT / "scripts" / "wrapper-types"), "--check", binary], capture_output=True, text=True)
    assert check.returncode == 0, check.stderr


def test_greet_takes_every_parameter_of_the_schema(installed: Venv) -> None:
    code = """
import inspect, json, whatsnew_greet
from whatsnew_greet._schema import PARAMETERS
print(json.dumps({"schema": list(PARAMETERS), "greet": list(inspect.signature(whatsnew_greet.greet).parameters)}))
"""
    result = json.loads(installed.run("-c", code).stdout)
    # The request's own keys, and tips (Python's at-exit/manual/off) for tip.
    wanted = {_snake(name) for name in result["schema"]} - {"protocol", "command", "tip"}
    assert wanted <= set(result["greet"]), wanted - set(result["greet"])


def _snake(name: str) -> str:
    return "".join("_" + c.lower() if c.isupper() else c for c in name)


def test_importing_reads_nothing_and_takes_under_2_ms(installed: Venv) -> None:
    code = (
        "import sys; before = set(sys.modules); import whatsnew_greet; "
        "print(sorted(m for m in ('importlib.metadata', 'subprocess', 'json', 'typing') if m in set(sys.modules) - before))"
    )
    loaded = installed.run("-c", code)
    assert loaded.returncode == 0 and loaded.stdout.strip() == "[]", loaded.stdout + loaded.stderr
    best = min(_import_microseconds(installed) for _ in range(5))
    assert best < 2000, best


def _import_microseconds(installed: Venv) -> int:
    run = installed.run("-X", "importtime", "-c", "import whatsnew_greet")
    line = [line for line in run.stderr.splitlines() if line.rstrip().endswith("| whatsnew_greet")][0]
    return int(line.split("|")[1])


def test_the_pure_fallback_installs_and_greets_with_a_problem(tmp_path: Path) -> None:
    """What pip installs from the sdist on a platform with no wheel (darwin-arm64, say)."""
    root = tmp_path / "v"
    venv.EnvBuilder(with_pip=True, clear=True).create(root)
    environment = Venv(root)
    install = environment.run("-m", "pip", "install", "--quiet", "--no-index", "--disable-pip-version-check", str(fallback_wheel()))
    assert install.returncode == 0, install.stdout + install.stderr
    code = f"""
import json, whatsnew_greet
outcome = whatsnew_greet.greet("greeted", "1.0.0", {str(ROOT / "Examples" / "python" / "src" / "greeted" / "notes")!r})
print(json.dumps([outcome.status, outcome.exit, list(outcome.problems)]))
"""
    run = environment.run("-c", code)
    assert run.returncode == 0, run.stderr
    status, exit_, problems = json.loads(run.stdout)
    assert (status, exit_) == (0, "nothing-shown")
    assert len(problems) == 1 and problems[0].startswith("no whatsnew binary for linux-x86_64"), problems


def test_the_installed_package_is_typed_for_its_users(installed: Venv) -> None:
    # mypy reads the installed package's annotations only because of its py.typed marker.
    pytest.importorskip("mypy", reason="mypy is not installed in the test runner's environment")
    example = ROOT / "Examples" / "python" / "src" / "greeted"
    checked = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--python-executable", str(installed.python), str(example)],
        capture_output=True,
        text=True,
    )
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "Success: no issues found" in checked.stdout
