"""Share a notebook with collaborators who do not install manorkit.

- :func:`share` runs a notebook and writes one self-contained HTML file (``python3 dev.py
  share NOTEBOOK -o FILE.html``): every chart, table and board, the widgets in their saved
  state, and a banner naming the rules (folder, variants, edits) and the manorkit that made it.
- :func:`serve` starts Voilà on the notebooks, for collaborators who click rather than code
  (``python3 dev.py app``).
"""

from .app import serve
from .export import ShareError, share

__all__ = ["ShareError", "serve", "share"]
