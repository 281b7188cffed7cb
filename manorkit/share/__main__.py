"""``python -m manorkit.share NOTEBOOK -o FILE.html``: see :func:`manorkit.share.share`."""

import sys

from .export import main

sys.exit(main())
