"""Paths of the author's machine, taken out of what a shared page shows: a path inside the
project becomes relative to it; any other path under the home folder, the temporary folder
or the project's parent folder becomes its last part (``/tmp/tmpab12/run.json`` →
``run.json``)."""

from __future__ import annotations

import re
import tempfile
from functools import cache
from pathlib import Path

from .provenance import PROJECT, where

#: What may follow a path's last character: a path part runs up to a space, a quote, a tag,
#: or punctuation that closes a phrase.
_PART = r"""[^\s'"<>&(),;]+"""


@cache
def _pattern() -> re.Pattern[str]:
    roots = {str(PROJECT), str(PROJECT.parent), tempfile.gettempdir(),
             str(Path(tempfile.gettempdir()).resolve()), str(Path.home())}
    roots = sorted((r for r in roots if r not in ("/", "")), key=len, reverse=True)
    alternatives = "|".join(re.escape(r) for r in roots)
    # a path starts a word: after a space, a quote, a bracket or a tag, never inside a URL
    return re.compile(rf"""(?<![^\s'"(\[=>])(?:{alternatives})(?=/|\b|$)(?:/{_PART})*/?""")


def scrub(text: str) -> str:
    """``text`` with every absolute path of this machine's home, temporary or project folders
    replaced as the provenance banner shows a path (:func:`.provenance.where`)."""
    return _pattern().sub(lambda m: where(m[0].rstrip("/")), text)


def scrub_notebook(nb) -> None:
    """Scrub every output and every widget's state of an executed notebook, in place (base64
    images are left alone: they hold no text)."""
    def clean(value):
        if isinstance(value, str):
            return scrub(value)
        if isinstance(value, list):
            return [clean(v) for v in value]
        if isinstance(value, dict):
            return {k: v if k in ("image/png", "image/jpeg") else clean(v)
                    for k, v in value.items()}
        return value

    for cell in nb.cells:
        if "outputs" in cell:
            cell["outputs"] = clean(cell["outputs"])
    if "widgets" in nb.metadata:
        nb.metadata["widgets"] = clean(nb.metadata["widgets"])
