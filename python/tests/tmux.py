"""A tmux server of its own for driving a program like a person at a terminal (as
Tests/EndToEndTests/TmuxSession.swift does for the Swift tests).

Its socket is in a scratch directory; the shell runs without `CI` (so the program sees an
interactive launch even under CI), with `TERM=xterm-256color`, a UTF-8 locale and a `PATH`
without any `whatsnew`. Every wait polls `capture-pane` with a generous timeout instead of
sleeping.
"""

from __future__ import annotations

import shlex
import subprocess
import time
from pathlib import Path

TIMEOUT = 60.0


class Tmux:
    def __init__(self, directory: Path, width: int = 80, height: int = 24) -> None:
        self.directory = directory
        self.socket = str(directory / "tmux.sock")
        shell = (
            "env -i HOME=" + shlex.quote(str(directory)) + " PATH=/usr/bin:/bin TERM=xterm-256color "
            "LANG=C.UTF-8 LC_ALL=C.UTF-8 PS1='$ ' HISTFILE=/dev/null bash --norc --noprofile"
        )
        # The server is a daemon that keeps the descriptors it inherits: /dev/null, not a pipe.
        subprocess.run(
            ["tmux", "-S", self.socket, "-f", "/dev/null", "new-session", "-d", "-x", str(width), "-y", str(height), shell],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            check=True,
        )
        self.wait_for("$")

    def tmux(self, *arguments: str) -> str:
        return subprocess.run(
            ["tmux", "-S", self.socket, *arguments], capture_output=True, text=True, check=True
        ).stdout

    def run(self, command: str) -> None:
        """Types `command` into the shell and presses Enter."""
        self.tmux("send-keys", "-t", "=0:", "-l", command)
        self.tmux("send-keys", "-t", "=0:", "Enter")

    # A screen drops the keys of its first 150 ms (keys typed ahead are the shell's): after a
    # wait for something on screen, keys wait out 200 ms of it, as a person's would; Ctrl-C
    # alone acts at once (as in Tests/EndToEndTests/TmuxSession.swift).
    seen = 0.0

    def keys(self, *names: str) -> None:
        """Sends tmux key names (`q`, `Enter`, `C-c`)."""
        if names != ("C-c",):
            time.sleep(max(0.0, self.seen + 0.2 - time.monotonic()))
        self.tmux("send-keys", "-t", "=0:", *names)

    def capture(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", "=0:")

    def alternate_screen(self) -> bool:
        return self.tmux("display-message", "-p", "-t", "=0:", "#{alternate_on}").strip() == "1"

    def wait_for(self, text: str, timeout: float = TIMEOUT) -> str:
        """Polls until the pane shows `text`; returns the screen."""
        deadline = time.monotonic() + timeout
        while True:
            screen = self.capture()
            if text in screen:
                self.seen = time.monotonic()
                return screen
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for {text!r}; the pane shows:\n{screen}")
            time.sleep(0.05)

    def start(self, command: str) -> None:
        """Runs the shell command `command` in the foreground, recording the terminal modes
        before and after and its exit status (read by :meth:`wait_exit`)."""
        d = shlex.quote(str(self.directory))
        for name in ("status", "stty-before", "stty-after"):
            (self.directory / name).unlink(missing_ok=True)
        self.run(
            f"clear; stty -a > {d}/stty-before; {command}; "
            f"s=$?; stty -a > {d}/stty-after; echo $s > {d}/status; echo \"EX\"\"IT:$s\""
        )

    def wait_exit(self, timeout: float = TIMEOUT) -> int:
        """Waits for the command :meth:`start` ran to end; returns its exit status."""
        status = self.directory / "status"
        deadline = time.monotonic() + timeout
        while not status.exists() or not status.read_text().endswith("\n"):
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for the exit; the pane shows:\n{self.capture()}")
            time.sleep(0.02)
        return int(status.read_text())

    def stty(self) -> tuple[str, str]:
        """The terminal modes before and after the last command."""
        return (self.directory / "stty-before").read_text(), (self.directory / "stty-after").read_text()

    def kill(self) -> None:
        subprocess.run(["tmux", "-S", self.socket, "kill-server"], capture_output=True)
