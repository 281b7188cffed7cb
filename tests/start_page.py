"""The start page's list of notebooks, generated from the folder: one row per notebook in
``notebooks/`` (its name, linked, and the title of its first heading), between the markers
in the first cell of ``00_start_here.ipynb``.

    python -m tests.start_page    # rewrite the list (after adding, renaming or retitling)

``tests/test_start_page.py`` fails while the list is out of date.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
START = NOTEBOOKS / "00_start_here.ipynb"
BEGIN, END = "<!-- notebooks:begin (python -m tests.start_page) -->", "<!-- notebooks:end -->"


def title(path: Path) -> str:
    """The text of a notebook's first heading."""
    for cell in nbformat.read(path, as_version=4).cells:
        for line in cell.source.splitlines():
            if cell.cell_type == "markdown" and line.startswith("#"):
                return line.lstrip("#").strip()
    raise ValueError(f"{path.name} has no heading to list it by")


def listing(folder: Path = NOTEBOOKS) -> str:
    """The list as markdown: a table of every notebook in ``folder``, in name order."""
    rows = [f"| [{p.stem}]({p.name}) | {title(p).replace('|', '/')} |"
            for p in sorted(folder.glob("*.ipynb"))]
    return "\n".join(["| notebook | what it is |", "|---|---|", *rows])


def current(path: Path = START) -> str:
    """The list as the start page holds it now (between the markers)."""
    source = nbformat.read(path, as_version=4).cells[0].source
    if BEGIN not in source or END not in source:
        raise ValueError(f"{path.name}'s first cell lacks the markers {BEGIN} … {END}")
    return source.split(BEGIN, 1)[1].split(END, 1)[0].strip("\n")


def rewrite(path: Path = START) -> bool:
    """Write the generated list between the markers; whether anything changed."""
    nb = nbformat.read(path, as_version=4)
    head, rest = nb.cells[0].source.split(BEGIN, 1)
    new = f"{head}{BEGIN}\n{listing(path.parent)}\n{END}{rest.split(END, 1)[1]}"
    if new == nb.cells[0].source:
        return False
    nb.cells[0].source = new
    path.write_text(nbformat.writes(nb) + "\n", encoding="utf-8")
    return True


if __name__ == "__main__":
    print(f"{START.name}: " + ("list rewritten" if rewrite() else "list already up to date"))
    sys.exit(0)
