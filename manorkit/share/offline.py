"""Find what an HTML page would load from outside itself."""

from __future__ import annotations

import re
from html.parser import HTMLParser

#: Attributes a browser fetches when the page loads (links a reader follows are not loads).
LOADED = {"src", "srcset", "data", "poster", "background", "xlink:href"}
_CSS_URL = re.compile(r"""url\(\s*['"]?([^'")\s]*)|@import\s+['"]([^'"]*)""")


def _inside(url: str) -> bool:
    url = url.strip()
    return not url or url.startswith(("data:", "#", "blob:", "about:"))


class _Finder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self._style = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for name, value in attrs.items():
            if value is None:
                continue
            if name in LOADED or (tag in {"link", "image", "use"} and name == "href"):
                urls = [u.split()[0] for u in value.split(",") if u.strip()] \
                    if name == "srcset" else [value]
                self.found += [f"<{tag} {name}={u!r}>" for u in urls if not _inside(u)]
            elif name == "style":
                self.found += [f"<{tag} style> url {u!r}" for u in css_urls(value)]
        self._style = tag == "style"

    def handle_endtag(self, tag):
        self._style = False

    def handle_data(self, data):
        if self._style:
            self.found += [f"<style> url {u!r}" for u in css_urls(data)]


def css_urls(css: str) -> list[str]:
    """The URLs a stylesheet loads from outside itself."""
    return [u for m in _CSS_URL.finditer(css) if not _inside(u := m[1] or m[2] or "")]


def outside_references(page: str) -> list[str]:
    """Every reference in ``page`` that a browser would load from outside the file."""
    finder = _Finder()
    finder.feed(page)
    finder.close()
    return finder.found
