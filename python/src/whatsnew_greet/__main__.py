"""`python -m whatsnew_greet ARGS`: runs the `whatsnew-greet` binary this package carries with
ARGS (`--schema` prints the parameters a request takes; a request on standard input is
answered on standard output, docs/protocol.md).

The binary replaces this process (exec), so its exit status, signals and terminal handling are
its own. When the binary is missing or cannot be run, one line on stderr says why and the exit
status is 127. The notes tools (`lint`, `import-changelog`) are the `whatsnew` command's.
"""

import os
import sys

from ._greet import BinaryError, binary_path


def main() -> None:
    try:
        binary = binary_path()
        sys.stdout.flush()
        sys.stderr.flush()
        os.execv(binary, ["whatsnew-greet", *sys.argv[1:]])
    except BinaryError as error:
        message = str(error)
    except OSError as error:
        message = f"cannot run the whatsnew-greet binary: {error.strerror or error}"
    print(f"python -m whatsnew_greet: {message}", file=sys.stderr)
    sys.exit(127)


if __name__ == "__main__":
    main()
