"""Run a notebook and write it as one HTML file that opens offline with every output and the
saved state of its widgets."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

from ..ruleset import atomic_write_text
from . import provenance, widget_js
from .local_paths import scrub_notebook
from .offline import outside_references

TEMPLATES = Path(__file__).resolve().parent / "templates"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


class ShareError(RuntimeError):
    """A notebook could not be shared as a self-contained file (the message says why)."""


def kernel_manager(sockets: Path):
    """A manager of the kernel that runs a notebook for sharing: on POSIX it talks to the
    kernel over local (IPC) sockets in the folder ``sockets``, never TCP, so the kernel has no
    unencrypted port to warn about."""
    from jupyter_client.manager import KernelManager

    if os.name != "posix":
        return KernelManager(kernel_name="python3")
    return KernelManager(kernel_name="python3", transport="ipc", ip=str(sockets / "kernel"))


def execute(notebook: Path, timeout: int = 600):
    """``notebook`` run top to bottom in a fresh kernel, with its widgets' state saved, and
    the rules its kernel used (:func:`provenance.rules_in_use`)."""
    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError, CellTimeoutError, DeadKernelError

    nb = nbformat.read(notebook, as_version=4)
    nb.cells.append(nbformat.v4.new_code_cell(provenance.CELL))
    project = str(provenance.PROJECT)
    path = os.environ.get("PYTHONPATH", "")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [project, path]))}
    with tempfile.TemporaryDirectory(prefix="manorkit-kernel-") as sockets:
        km = kernel_manager(Path(sockets))
        client = NotebookClient(nb, timeout=timeout, kernel_name="python3",
                                store_widget_state=True, km=km,
                                resources={"metadata": {"path": str(notebook.parent)}})
        try:
            client.execute(env=env)
        except (CellExecutionError, CellTimeoutError, DeadKernelError) as err:
            raise ShareError(f"{notebook.name} failed while running:\n{err}") from None
        finally:
            if km.has_kernel:  # a kernel manager given to nbclient is ours to shut down
                km.shutdown_kernel(now=False)
    rules = provenance.read_record(nb.cells.pop())
    return nb, rules


def check_widgets(nb) -> None:
    """Refuse widgets whose JavaScript the inlined widget manager lacks (it would fetch it)."""
    state = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    modules = {m["model_module"] for m in state.values()} | {
        m["state"].get("_view_module") for m in state.values() if m["state"].get("_view_module")}
    foreign = sorted(modules - widget_js.BUILT_IN)
    if foreign:
        raise ShareError(f"widgets from {', '.join(foreign)} need JavaScript that is not built "
                         f"into {widget_js.PACKAGE}; a shared file would load it from a CDN")


def render(nb, notebook: Path, rules: list[dict], code: bool = True) -> str:
    """The executed notebook as one self-contained HTML page with the provenance banner
    (without its code cells' source unless ``code``)."""
    import jinja2
    from nbconvert import HTMLExporter

    check_widgets(nb)
    scrub_notebook(nb)
    record = provenance.provenance(notebook, rules)
    has_widgets = WIDGET_STATE in nb.metadata.get("widgets", {})
    exporter = HTMLExporter(template_name="lab", template_file="share.html.j2",
                            extra_loaders=[jinja2.FileSystemLoader(str(TEMPLATES))],
                            embed_images=True, theme="light", exclude_input=not code,
                            exclude_input_prompt=not code, exclude_output_prompt=not code)
    extra = {"banner": provenance.banner(record),
             "widget_js": widget_js.embed_js() if has_widgets else ""}
    page, _ = exporter.from_notebook_node(
        nb, resources={"metadata": {"name": notebook.stem, "path": str(notebook.parent)},
                       "manorkit": extra})
    outside = outside_references(page)
    if outside:
        raise ShareError(f"the page for {notebook.name} would still load from outside the file: "
                         + "; ".join(outside[:5]) + (" …" if len(outside) > 5 else ""))
    return page


def share(notebook: str | os.PathLike, out: str | os.PathLike, *, code: bool = True,
          timeout: int = 600) -> Path:
    """Run ``notebook`` and write it to ``out`` as one HTML file that opens offline: every
    chart, table and board, the widgets in their saved state (drawn by the inlined
    ``@jupyter-widgets/html-manager``), and a banner naming the rules and manorkit that made
    it; ``code=False`` leaves out the code. Raises :class:`ShareError` when it cannot (a
    failing cell, a widget or output that would need the network)."""
    notebook, out = Path(notebook).resolve(), Path(out)
    if not notebook.is_file():
        raise ShareError(f"no notebook {notebook}")
    nb, rules = execute(notebook, timeout)
    page = render(nb, notebook, rules, code)
    atomic_write_text(out, page)
    return out


def main(argv: list[str] | None = None) -> int:
    """``python -m manorkit.share NOTEBOOK -o FILE.html``."""
    import argparse

    parser = argparse.ArgumentParser(prog="python3 dev.py share", description=share.__doc__)
    parser.add_argument("notebook", type=Path)
    parser.add_argument("-o", "--output", type=Path,
                        help="the HTML file to write (default: the notebook's name, .html)")
    parser.add_argument("--no-code", action="store_true",
                        help="leave out the code cells, for readers who do not code")
    parser.add_argument("--timeout", type=int, default=600, help="seconds a cell may take")
    args = parser.parse_args(argv)
    out = args.output or Path(args.notebook.with_suffix(".html").name)
    try:
        written = share(args.notebook, out, code=not args.no_code, timeout=args.timeout)
    except (ShareError, widget_js.WidgetJSError) as err:
        print(f"share: {err}", file=sys.stderr)
        return 1
    print(f"wrote {written} ({written.stat().st_size / 1e6:.1f} MB): open it in any browser, "
          "no network needed")
    return 0
