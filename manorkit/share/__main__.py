"""``python -m manorkit.share NOTEBOOK -o FILE.html`` (see :func:`manorkit.share.share`) and
``python -m manorkit.share app [...]`` (see :func:`manorkit.share.serve`)."""

import sys

from . import app, export

args = sys.argv[1:]
sys.exit(app.main(args[1:]) if args[:1] == ["app"] else export.main(args))
