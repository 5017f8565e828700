"""The outputs the documentation shows, made by running the commands it shows.

A page shows a command and what it prints in a ``console`` block whose first line is the
command, after ``$ ``:

    ```console
    $ t42 validate samples/full-game.t42
    samples/full-game.t42: 1 game, 9 hands: 0 errors, 0 warnings
    ```

Each such block of the README and of docs/ is run here with ``bash`` (so ``&&`` and ``| tail``
work as in a terminal), in a fresh folder holding the repository's ``samples/`` and
``schemas/``, with the installed ``t42`` first on the PATH, 80 columns, no colour and the
C.UTF-8 locale (so that a glob sorts the same everywhere); what it prints, standard output
and standard error as a terminal shows them, is the block's text.

    python docs/examples.py           # say which blocks differ from what t42 prints now
    python docs/examples.py --write   # write what t42 prints now into the pages

``tests/docs/test_examples.py`` fails when a block differs from what t42 prints now.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BLOCK = re.compile(r"^```console\n\$ (?P<command>[^\n]+)\n(?P<output>.*?)^```\n",
                   re.MULTILINE | re.DOTALL)
WIDTH = 80


@dataclass(frozen=True)
class Example:
    page: Path
    command: str
    shown: str
    start: int
    end: int

    @property
    def name(self) -> str:
        return f"{self.page.relative_to(ROOT)}: $ {self.command}"


def pages() -> list[Path]:
    """The README and every page of the site."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def examples(page: Path) -> list[Example]:
    text = page.read_text(encoding="utf-8")
    return [Example(page, m["command"], m["output"], m.start("output"), m.end("output"))
            for m in BLOCK.finditer(text)]


def every_example() -> list[Example]:
    return [e for page in pages() for e in examples(page)]


def run(command: str) -> str:
    """What ``command`` prints now, as the block shows it."""
    bin_folder = str(Path(sys.executable).parent)
    environment = {
        **os.environ, "PATH": bin_folder + os.pathsep + os.environ.get("PATH", ""),
        "COLUMNS": str(WIDTH), "NO_COLOR": "1", "TERM": "dumb", "LC_ALL": "C.UTF-8",
    }
    environment.pop("FORCE_COLOR", None)
    with tempfile.TemporaryDirectory(prefix="t42-example-") as folder:
        for name in ("samples", "schemas"):
            (Path(folder) / name).symlink_to(ROOT / name)
        done = subprocess.run(["bash", "-c", command], cwd=folder, env=environment,
                              stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, timeout=600, check=False)
    # The solver says once per machine that it is compiling (on stderr, for its first use
    # after an install): a page shows what every later run prints, so that notice is left out.
    lines = [line.rstrip() for line in done.stdout.split("\n")
             if not line.startswith("t42: compiling the solver")]
    return "\n".join(lines).strip("\n") + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", action="store_true", help="write the outputs into the pages")
    parser.add_argument("pages", nargs="*", type=Path, help="only these pages")
    args = parser.parse_args()
    chosen = [p.resolve() for p in args.pages] or pages()
    differ = 0
    for page in chosen:
        text = page.read_text(encoding="utf-8")
        for example in reversed(examples(page)):
            now = run(example.command)
            if now != example.shown:
                differ += 1
                print(f"{example.name}: differs from what it prints now")
                text = text[:example.start] + now + text[example.end:]
        if args.write:
            page.write_text(text, encoding="utf-8")
    print(f"{differ} shown output(s) differ" + (", written" if args.write and differ else ""))
    return 1 if differ and not args.write else 0


if __name__ == "__main__":
    sys.exit(main())
