"""The notebooks as a web app for collaborators who click rather than code: Voilà runs each
notebook in its own kernel and shows its outputs and live widgets, never its code.

Offline: Voilà serves its own widget manager, and manorkit's ``manorkit`` template (Voilà's
lab template less the stylesheets it links from a CDN) keeps the page from calling out.
"""

from __future__ import annotations

import argparse
import os
import secrets
import socket
import sys
from pathlib import Path

from .provenance import PROJECT

#: What the app's kernels find in their environment (see manorkit.widgets.stepper.APP).
APP = "MANORKIT_APP"

#: Holds ``voila/templates/manorkit`` (added to ``JUPYTER_PATH``).
JUPYTER_DIR = Path(__file__).resolve().parent / "jupyter"
NOTEBOOKS = PROJECT / "notebooks"
PORT = 8866


def lan_address() -> str:
    """This machine's address as other machines on its network see it (best guess)."""
    try:
        addresses = {info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None,
                                                               socket.AF_INET)}
    except OSError:
        addresses = set()
    outside = sorted(a for a in addresses if not a.startswith("127."))
    return outside[0] if outside else socket.gethostname()


def voila_command(path: Path = NOTEBOOKS, *, port: int = PORT, network: bool = False,
                  token: str | None = None) -> list[str]:
    """The ``python -m voila`` command serving ``path`` (a notebook, or a folder of them)."""
    cmd = [sys.executable, "-m", "voila", str(path), "--no-browser", f"--port={port}",
           "--Voila.port_retries=0", f"--Voila.ip={'0.0.0.0' if network else '127.0.0.1'}",
           "--template=manorkit", "--theme=light"]
    if token:
        cmd.append(f"--Voila.token={token}")
    return cmd


def voila_env() -> dict[str, str]:
    """The environment Voilà and its kernels run in: manorkit's template on ``JUPYTER_PATH``,
    this checkout first on ``PYTHONPATH``, and ``MANORKIT_APP`` set, so that a stepper saves
    and loads through the visitor's browser and never by a path on this machine."""
    def first(var: str, value: Path) -> str:
        return os.pathsep.join(filter(None, [str(value), os.environ.get(var)]))

    return {**os.environ, "JUPYTER_PATH": first("JUPYTER_PATH", JUPYTER_DIR),
            "PYTHONPATH": first("PYTHONPATH", PROJECT), APP: "1"}


def serve(path: str | os.PathLike = NOTEBOOKS, *, port: int = PORT,
          network: bool = False) -> None:
    """Serve ``path`` (default: every notebook, as a list to pick from) with Voilà until
    interrupted: on 127.0.0.1, or with ``network`` on every interface, behind a token that
    the printed address carries."""
    path = Path(path).resolve()
    if not path.exists():
        raise FileNotFoundError(f"no notebook or folder {path}")
    token = secrets.token_urlsafe(16) if network else None
    host = lan_address() if network else "127.0.0.1"
    query = f"?token={token}" if token else ""
    print(f"manorkit app: open http://{host}:{port}/{query}"
          + (" on any machine of this network" if network else "") + "  (Ctrl-C stops it)",
          flush=True)
    os.execve(sys.executable, voila_command(path, port=port, network=network, token=token),
              voila_env())


def main(argv: list[str] | None = None) -> int:
    """``python -m manorkit.share app [NOTEBOOK|FOLDER] [--port N] [--network]``."""
    parser = argparse.ArgumentParser(prog="python3 dev.py app", description=serve.__doc__)
    parser.add_argument("path", nargs="?", type=Path, default=NOTEBOOKS,
                        help="a notebook, or a folder of notebooks (default: notebooks/)")
    parser.add_argument("--port", type=int, default=PORT, help=f"default {PORT}")
    parser.add_argument("--network", action="store_true",
                        help="serve on the local network too (default: this machine only)")
    args = parser.parse_args(argv)
    try:
        serve(args.path, port=args.port, network=args.network)
    except FileNotFoundError as err:
        print(f"app: {err}", file=sys.stderr)
        return 1
    return 0
