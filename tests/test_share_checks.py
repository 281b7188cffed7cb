"""Sharing refuses what would not open offline, and says which rules made a page (no browser:
tests/test_share.py opens the pages)."""

from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

import nbformat
import pytest

from manorkit.blueprince import load_rules
from manorkit.share import ShareError, share, widget_js
from manorkit.share.export import WIDGET_STATE, render
from manorkit.share.offline import outside_references
from manorkit.share.provenance import banner, provenance, rules_in_use

ROOT = Path(__file__).resolve().parent.parent


def _notebook(*outputs, widgets=None):
    cell = nbformat.v4.new_code_cell("x", outputs=list(outputs))
    nb = nbformat.v4.new_notebook(cells=[cell])
    if widgets is not None:
        nb.metadata["widgets"] = {WIDGET_STATE: {"version_major": 2, "version_minor": 0,
                                                 "state": widgets}}
    return nb


def test_outside_references_are_found_and_inline_ones_are_not():
    page = ('<style>a{background:url("data:image/png;base64,AA")} b{background:url(http://x/y.png)}'
            '@import "https://f/c.css";</style><img src="a.png"><a href="https://ok/">link</a>'
            '<script src=https://cdn/x.js></script><script>var a = "<img src=http://no>"</script>'
            '<div style="background:url(z.png)"></div><img srcset="b.png 1x, data:x 2x">'
            '<svg><image href="#inside"/></svg><link rel="stylesheet" href="s.css">')
    assert outside_references(page) == [
        "<style> url 'http://x/y.png'", "<style> url 'https://f/c.css'", "<img src='a.png'>",
        "<script src='https://cdn/x.js'>", "<div style> url 'z.png'", "<img srcset='b.png'>",
        "<link href='s.css'>"]


def test_an_output_that_loads_from_the_network_is_refused(tmp_path):
    nb = _notebook(nbformat.v4.new_output(
        "display_data", data={"text/html": '<img src="http://example.com/x.png">'}))
    with pytest.raises(ShareError, match=r"example\.com/x\.png"):
        render(nb, tmp_path / "web.ipynb", [])


def test_a_page_without_code_leaves_out_the_source(tmp_path):
    nb = _notebook(nbformat.v4.new_output("stream", text="the_output_text"))
    nb.cells[0].source = "the_source_text = 1"
    assert "the_source_text" in render(nb, tmp_path / "a.ipynb", [])
    page = render(nb, tmp_path / "a.ipynb", [], code=False)
    assert "the_output_text" in page and "the_source_text" not in page


def test_a_widget_the_inlined_manager_lacks_is_refused(tmp_path):
    nb = _notebook(widgets={"abc": {"model_name": "Figure", "model_module": "bqplot",
                                    "model_module_version": "0.5", "state": {}}})
    with pytest.raises(ShareError, match="bqplot"):
        render(nb, tmp_path / "plot.ipynb", [])


def test_a_failing_notebook_is_not_shared(tmp_path):
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1 / 0")])
    nbformat.write(nb, tmp_path / "broken.ipynb")
    with pytest.raises(ShareError, match="ZeroDivisionError"):
        share(tmp_path / "broken.ipynb", tmp_path / "broken.html")
    assert not (tmp_path / "broken.html").exists()


def test_the_widget_manager_is_inlined_whole():
    js = widget_js.embed_js()
    assert "data:font/woff2;base64," in js
    assert widget_js._GUESS not in js and not widget_js._ASSET.search(js)
    assert "</script" not in js


def test_without_npm_or_a_good_tarball_the_error_says_what_to_do(tmp_path, monkeypatch):
    monkeypatch.setenv("MANORKIT_CACHE", str(tmp_path))
    (tmp_path / widget_js.TARBALL).write_bytes(b"not the tarball")
    monkeypatch.setattr(widget_js.shutil, "which", lambda name: None)
    with pytest.raises(widget_js.WidgetJSError, match=r"no npm.*npm pack"):
        widget_js.tarball()


def test_the_banner_names_the_rules_in_use(tmp_path, monkeypatch):
    rules = load_rules()
    vid = next(iter(rules.choices))
    reading = next(r for r in rules.readings(vid).index if r != rules.variant(vid))
    chosen = rules.with_variants(**{vid: reading})
    monkeypatch.setattr(sys.modules["__main__"], "my_rules", chosen, raising=False)
    found = rules_in_use()
    assert {"game": "manorkit.blueprince", "folder": "data/blueprince",
            "variants": {vid: reading}, "edits": [], "digest": chosen.digest[:12],
            "names": ["my_rules"]} in found
    record = provenance(tmp_path / "nb<1>.ipynb", found)
    page = banner(record)
    assert f"<code>{vid} = {reading}</code>" in page and "default readings" in page
    assert "<code>my_rules</code>" in page
    assert "nb&lt;1&gt;.ipynb" in page
    data = page.split('id="manorkit-provenance">')[1].removesuffix("</script>")
    assert json.loads(data) == record
    assert "No manorkit rules were loaded" in banner(provenance(tmp_path / "x.ipynb", []))


def test_the_app_binds_to_this_machine_unless_asked_for_the_network(monkeypatch, capsys):
    from manorkit.share import app

    ran = []
    monkeypatch.setattr(app.os, "execve", lambda exe, cmd, env: ran.append((cmd, env)))
    monkeypatch.setattr(app, "lan_address", lambda: "192.0.2.7")
    app.serve(port=9001)
    app.serve(port=9002, network=True)
    (local, env), (lan, _) = ran
    assert "--Voila.ip=127.0.0.1" in local and "--port=9001" in local
    assert not any(a.startswith("--Voila.token") for a in local)
    assert str(app.NOTEBOOKS) in local and "--template=manorkit" in local
    assert str(app.JUPYTER_DIR) in env["JUPYTER_PATH"].split(app.os.pathsep)
    assert "--Voila.ip=0.0.0.0" in lan
    token = next(a for a in lan if a.startswith("--Voila.token=")).split("=", 1)[1]
    out = capsys.readouterr().out
    assert "http://127.0.0.1:9001/ " in out and f"http://192.0.2.7:9002/?token={token}" in out
    assert app.main(["no/such/folder"]) == 1


def test_sharing_prints_no_kernel_warning(tmp_path):
    import subprocess

    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("1 + 1")])
    nbformat.write(nb, tmp_path / "tiny.ipynb")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "manorkit.share", "tiny.ipynb", "-o", "t.html"],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "WARNING" not in done.stderr and "encryption" not in done.stderr, done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.html", "tiny.ipynb"]  # no sockets


def test_a_shared_page_shows_no_path_of_the_authors_machine(tmp_path):
    import tempfile

    code = ["import pathlib, tempfile\nfrom manorkit.widgets import RunStepper\n"
            "stepper = RunStepper(seed=7)\nstepper",
            "run = pathlib.Path(tempfile.mkdtemp()) / 'run.json'\nstepper.path.value = str(run)\n"
            "stepper.save_button.click()\nprint(f'saved to {run}; home {pathlib.Path.home()}; '"
            "f'cwd {pathlib.Path.cwd()}')",
            "from manorkit.blueprince import load_rules\nload_rules().path"]
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in code])
    nbformat.write(nb, tmp_path / "paths.ipynb")
    page = (share(tmp_path / "paths.ipynb", tmp_path / "paths.html", code=False)).read_text()
    assert "saved to run.json; home" in page and "saved 0 steps to run.json" in page
    for local in {tempfile.gettempdir(), str(Path.home()), str(ROOT), str(tmp_path)}:
        assert f"{local}/" not in page and f"{local}<" not in page, local
    record = re.search(r'id="manorkit-provenance"[^>]*>(.*?)</script>', page, re.S)[1]
    assert json.loads(record.replace("<\\/", "</"))["notebook"] == "paths.ipynb"
