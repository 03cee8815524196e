"""Tags the wheel for the platform of the `whatsnew-greet` binary it carries; without one (an
sdist built on a platform with no wheel) the wheel is the pure fallback.

The binary is a static PIE (scripts/build-release): it needs nothing of the system's glibc, so
`objdump -T` lists no versioned symbols and `ldd` says "statically linked". What it does need is
a kernel: glibc's static start-up refuses kernels older than the one its build was configured for
(3.2 for Debian's glibc, `file` prints "for GNU/Linux 3.2.0"). manylinux2014 (glibc 2.17,
CentOS 7, Linux 3.10) is the oldest manylinux whose kernels all qualify; manylinux2010
(CentOS 6, Linux 2.6.32) is not. The tag names it both ways, PEP 600's and the legacy alias, for
pips older than 20.3.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

PLATFORM = "manylinux_2_17_x86_64.manylinux2014_x86_64"


class CustomBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        binary = Path(self.root) / "src" / "whatsnew_greet" / "bin" / "whatsnew-greet"
        if not binary.is_file() or not os.access(binary, os.X_OK):
            # No binary (pip building the sdist on a platform with no wheel): the pure
            # fallback, which installs and greets nowhere; greet() returns an outcome whose
            # problem says "no whatsnew binary for <platform>", and the tool runs on.
            return
        build_data["pure_python"] = False
        build_data["tag"] = f"py3-none-{PLATFORM}"
