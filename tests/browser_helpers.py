"""What the browser tests share: Debian's Chromium under Playwright with every request that
leaves 127.0.0.1 aborted and recorded, a free port, and a poll that lets Playwright run."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlparse

import pytest

CHROMIUM = Path("/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SECONDS = 120  # the longest any one wait may take


def skip_without_chromium() -> None:
    """Skip the calling test module when /usr/bin/chromium is missing (fail under CI)."""
    if not CHROMIUM.exists():
        why = f"{CHROMIUM} is missing: `python3 dev.py test` installs it with apt"
        if os.environ.get("CI"):
            pytest.fail(why, pytrace=False)
        pytest.skip(why, allow_module_level=True)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get_json(url: str):
    with urllib.request.urlopen(url, timeout=10) as reply:
        return json.load(reply)


def until(check, what: str, seconds: float = SECONDS, page=None):
    """Poll ``check()`` until it returns something true; fail after ``seconds``. With a
    ``page``, wait through Playwright: its request guard runs only while Playwright waits."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        value = check()
        if value:
            return value
        page.wait_for_timeout(250) if page else time.sleep(0.25)
    pytest.fail(f"timed out after {seconds} s waiting for {what}")


@contextlib.contextmanager
def guarded_chromium(profile: Path):
    """A headless Chromium context with a fresh profile; every request off 127.0.0.1 is
    aborted and recorded in ``context.left``."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            str(profile), executable_path=str(CHROMIUM), headless=True, args=FLAGS,
            viewport={"width": 1400, "height": 1800})
        context.left = []

        def guard(route):
            url = route.request.url
            if urlparse(url).scheme in {"data", "blob"} or urlparse(url).hostname == "127.0.0.1":
                route.continue_()
            else:
                context.left.append(url)
                route.abort()

        context.route("**/*", guard)
        context.set_default_timeout(SECONDS * 1000)
        try:
            yield context
        finally:
            context.close()


def stop(server, log) -> None:
    """End a server started in its own process group (TERM, then KILL) and close its log."""
    os.killpg(server.pid, 15)
    try:
        server.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, 9)
        server.wait(timeout=20)
    log.close()
