"""The Jupyter widget manager a shared page runs, from the npm package
``@jupyter-widgets/html-manager`` (the one ipywidgets documents for "embedding widgets").

Its non-AMD bundle ``dist/embed.js`` needs no require.js and has the built-in widgets
(``@jupyter-widgets/base``, ``controls``, ``output``) compiled in. The pinned tarball is
fetched once with the ordinary ``npm pack`` client, checked against its published sha512,
and kept in the user cache (``$MANORKIT_CACHE``, else ``$XDG_CACHE_HOME/manorkit`` or
``~/.cache/manorkit``). Made self-contained for a single HTML file: the Font Awesome fonts
it would load next to itself become ``data:`` URLs (woff2, which every current browser
reads; the older formats become empty), and webpack's guess of its own URL, which throws
for an inline script, is skipped.
"""

from __future__ import annotations

import base64
import hashlib
import os
import re
import shutil
import subprocess
import tarfile
import tempfile
from pathlib import Path

PACKAGE = "@jupyter-widgets/html-manager"
VERSION = "1.0.15"
#: The tarball's ``dist.integrity`` as the npm registry publishes it.
INTEGRITY = ("sha512-5thBIV6ymNgmPVOHvzx+gGy8ZSKmSazhtGw4/c4xJDVzRhG9PTeQsRjF3FUTopvFi//SABeNz1"
             "yp47bCrJ3CQA==")
TARBALL = f"jupyter-widgets-html-manager-{VERSION}.tgz"
#: The widget modules compiled into embed.js: a page whose widgets need any other would
#: try to load it from a CDN.
BUILT_IN = frozenset({"@jupyter-widgets/base", "@jupyter-widgets/controls",
                      "@jupyter-widgets/output"})
_ASSET = re.compile(r'\b[a-z]\.p\+"([0-9a-f]{20}\.(woff2|woff|ttf|eot|svg))"')
_GUESS = 'if(!e)throw new Error("Automatic publicPath is not supported in this browser");'


class WidgetJSError(RuntimeError):
    """The widget manager's JavaScript could not be fetched, checked or made inline."""


def cache_dir() -> Path:
    """Where the fetched tarball is kept."""
    if os.environ.get("MANORKIT_CACHE"):
        return Path(os.environ["MANORKIT_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "manorkit"


def _integrity(data: bytes) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()


def tarball() -> Path:
    """The checked tarball, fetched with ``npm pack`` the first time."""
    path = cache_dir() / TARBALL
    if path.exists() and _integrity(path.read_bytes()) == INTEGRITY:
        return path
    npm = shutil.which("npm")
    if npm is None:
        raise WidgetJSError(f"sharing a notebook with widgets needs {PACKAGE}@{VERSION} from "
                            f"the npm registry, and there is no npm: install Node.js's npm, or "
                            f"put {TARBALL} (`npm pack {PACKAGE}@{VERSION}`) in {path.parent}")
    path.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=path.parent) as tmp:
        cmd = [npm, "pack", f"{PACKAGE}@{VERSION}", "--pack-destination", tmp, "--silent"]
        done = subprocess.run(cmd, cwd=tmp, capture_output=True, text=True)
        got = Path(tmp) / TARBALL
        if done.returncode or not got.exists():
            raise WidgetJSError(f"`{' '.join(cmd[1:4])}` failed: {done.stderr.strip()}")
        if _integrity(got.read_bytes()) != INTEGRITY:
            raise WidgetJSError(f"{TARBALL} from npm does not match its published sha512")
        os.replace(got, path)
    return path


def embed_js() -> str:
    """embed.js made self-contained, ready to inline in a ``<script>`` element."""
    with tarfile.open(tarball()) as tar:
        def member(name: str) -> bytes:
            return tar.extractfile(f"package/dist/{name}").read()

        js = member("embed.js").decode("utf-8")
        if js.count(_GUESS) != 1:
            raise WidgetJSError("embed.js changed: its public-path guess is not where expected")
        js = js.replace(_GUESS, 'if(!e)e="";')

        def inline(m: re.Match) -> str:
            name, kind = m[1], m[2]
            if kind != "woff2":
                return '"data:,"'
            return f'"data:font/woff2;base64,{base64.b64encode(member(name)).decode()}"'

        js, count = _ASSET.subn(inline, js)
        if count == 0 or re.search(r'\.p\+"[0-9a-f]{20}\.', js):
            raise WidgetJSError("embed.js changed: its font assets are not where expected")
    return js.replace("</script", "<\\/script")
