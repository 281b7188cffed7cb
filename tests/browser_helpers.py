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
    aborted and recorded in ``context.left``. Playwright's ``expect`` waits as long as any
    other wait (its own default, 5 s, is too short beside the other worker's load: a Voila
    file list once took longer)."""
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=SECONDS * 1000)

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


#: Every text of every Vega chart on the page (class ``marks``; drawn inline, or as an
#: ``<img>`` of an SVG, which is drawn here inline to be measured in the page's fonts) that
#: reaches outside its chart's box: a title, label or legend the SVG was sized too small for.
CHART_TEXT_JS = """() => {
  const host = document.createElement('div');
  host.style.cssText = 'position:absolute;left:0;top:0;visibility:hidden';
  document.body.appendChild(host);
  for (const img of document.querySelectorAll('img[src^="data:image/svg+xml"]')) {
    const src = img.getAttribute('src'), comma = src.indexOf(',');
    const data = src.slice(comma + 1);
    host.insertAdjacentHTML('beforeend', src.slice(0, comma).endsWith(';base64')
      ? new TextDecoder().decode(Uint8Array.from(atob(data), c => c.charCodeAt(0)))
      : decodeURIComponent(data));
  }
  const out = [];
  for (const svg of document.querySelectorAll('svg.marks')) {
    const box = svg.getBoundingClientRect();
    for (const text of svg.querySelectorAll('text')) {
      const r = text.getBoundingClientRect(), words = text.textContent.trim();
      if (words && (r.left < box.left - 0.5 || r.right > box.right + 0.5 ||
                    r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5))
        out.push(`chart text "${words}" reaches outside its chart`);
    }
  }
  host.remove();
  return out;
}"""
#: Run Python in the kernel of the notebook open in JupyterLab; what it prints.
KERNEL_JS = """async code => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  let out = '';
  const future = kernel.requestExecute({code, store_history: false});
  future.onIOPub = msg => { if (msg.header.msg_type === 'stream') out += msg.content.text; };
  await future.done;
  return out;
}"""


def chart_overflows(page) -> list[str]:
    """The texts of the page's charts that overflow their chart (see CHART_TEXT_JS)."""
    return page.evaluate(CHART_TEXT_JS)


def in_kernel(page, code: str) -> str:
    """What ``code`` prints, run in the kernel of the notebook open in JupyterLab."""
    return page.evaluate(KERNEL_JS, code)
