"""`python3 -m phosphene ...`: runs the `phosphene` command-line program with the same arguments
(`python3 -m phosphene render --preset x.milk --out frames/`).

The program is looked for in this order: the PHOSPHENE_CLI environment variable, the bin/ folder
of the prefix this package is installed under (<prefix>/lib/python3/dist-packages/phosphene ->
<prefix>/bin/phosphene), then PATH.
"""

from __future__ import annotations

import os
import pathlib
import shutil
import sys
from typing import List, Optional


def find_cli() -> Optional[str]:
    """The path of the phosphene program, or None."""
    env = os.environ.get("PHOSPHENE_CLI")
    if env:
        return env if os.access(env, os.X_OK) else None
    here = pathlib.Path(__file__).resolve().parent
    for prefix in list(here.parents)[2:5]:  # .../lib/python3/dist-packages/phosphene
        candidate = prefix / "bin" / "phosphene"
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return str(candidate)
    return shutil.which("phosphene")


def main(argv: Optional[List[str]] = None) -> int:
    """Replaces this process with the phosphene program (same arguments); 127 when not found."""
    args = sys.argv[1:] if argv is None else argv
    cli = find_cli()
    if cli is None:
        sys.stderr.write(
            "python3 -m phosphene: cannot find the phosphene program (set PHOSPHENE_CLI, "
            "install it next to this package's prefix (bin/phosphene), or put it on PATH)\n")
        return 127
    sys.stdout.flush()
    sys.stderr.flush()
    os.execv(cli, [cli] + args)
    return 0  # not reached


if __name__ == "__main__":
    sys.exit(main())
