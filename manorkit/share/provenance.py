"""What produced a shared notebook: the rules its kernel loaded (folder, variants, edits) and
the manorkit that ran it, shown as a banner at the top of the shared page."""

from __future__ import annotations

import gc
import html
import json
import subprocess
import sys
from datetime import date
from pathlib import Path

from .. import DATA_DIR, __version__

PROJECT = DATA_DIR.parent
#: Printed before the JSON record by the cell :func:`record` runs in the kernel.
MARK = "MANORKIT-SHARE-RULES "
#: The code of that cell, run after the notebook's own cells and not shown.
CELL = "from manorkit.share.provenance import record as _mk_record\n_mk_record()"
STYLE = ("font: 13px/1.4 var(--jp-ui-font-family, sans-serif); margin: 0 0 16px; "
         "padding: 8px 12px; border: 1px solid #c9d3e0; border-radius: 4px; background: #f3f6fa")


def where(path: str | Path) -> str:
    """``path`` relative to the project when inside it, else its last part alone: no folder
    of the author's machine goes into a shared page."""
    path = Path(path).resolve()
    if path.is_relative_to(PROJECT):
        return path.relative_to(PROJECT).as_posix() or "."
    return path.name or "…"


def rules_in_use() -> list[dict]:
    """Every rules value alive in this process (the loaders cache each one they built), as
    ``{game, folder, variants, edits, digest, names}`` records, once each, in a stable order;
    ``names`` are the notebook's global variables holding that value."""
    from ..ruleset.rules import RulesBase

    main = vars(sys.modules["__main__"])
    seen = {}
    for rules in (o for o in gc.get_objects() if isinstance(o, RulesBase)):
        item = {"game": type(rules).__module__.rsplit(".", 1)[0],
                "folder": where(rules.path),
                "variants": dict(sorted(rules.changed.items())),
                "edits": [str(e) for e in getattr(rules, "edits", ())],
                "digest": rules.digest[:12], "names": []}
        key = json.dumps(item, sort_keys=True)
        item = seen.setdefault(key, item)
        item["names"] = sorted({*item["names"], *(n for n, v in main.items()
                                                    if v is rules and not n.startswith("_"))})
    return [seen[k] for k in sorted(seen)]


def record() -> None:
    """Print :func:`rules_in_use` as one marked JSON line (run in the notebook's kernel)."""
    print(MARK + json.dumps(rules_in_use()))


def read_record(cell) -> list[dict]:
    """The records a :data:`CELL` printed, from its executed nbformat cell."""
    for output in cell.get("outputs", []):
        for line in output.get("text", "").splitlines():
            if line.startswith(MARK):
                return json.loads(line[len(MARK):])
    errors = [f"{o['ename']}: {o['evalue']}" for o in cell.get("outputs", [])
              if o.get("output_type") == "error"]
    raise RuntimeError(f"the kernel did not report its rules: {'; '.join(errors) or 'no output'}")


def revision() -> str | None:
    """The project's git commit (``+ local edits`` when its files differ), if it is a checkout."""
    def git(*args: str) -> str | None:
        try:
            done = subprocess.run(["git", *args], cwd=PROJECT, capture_output=True, text=True,
                                  timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            return None
        return done.stdout.strip() if done.returncode == 0 else None

    commit = git("rev-parse", "--short", "HEAD")
    if commit and git("status", "--porcelain", "--untracked-files=no"):
        commit += " + local edits"
    return commit


def provenance(notebook: Path, rules: list[dict]) -> dict:
    """The record a shared file carries: notebook, manorkit version and commit, date, rules."""
    return {"notebook": where(notebook), "manorkit": __version__, "commit": revision(),
            "date": date.today().isoformat(), "rules": rules}


def _readings(items: dict | list, empty: str) -> str:
    if not items:
        return empty
    if isinstance(items, dict):
        items = [f"{k} = {v}" for k, v in items.items()]
    return ", ".join(f"<code>{html.escape(i)}</code>" for i in items)


def banner(record: dict) -> str:
    """The banner at the top of a shared page, with the record as JSON for machines."""
    esc = html.escape
    version = f"manorkit {esc(record['manorkit'])}"
    if record["commit"]:
        version += f" (commit {esc(record['commit'])})"
    rows = "".join(
        f"<tr><td>{esc(r['game'])}</td><td><code>{esc(r['folder'])}</code></td>"
        f"<td>{_readings(r['variants'], 'default readings')}</td>"
        f"<td>{_readings(r['edits'], 'none')}</td><td><code>{esc(r['digest'])}</code></td>"
        f"<td>{_readings(r['names'], '')}</td></tr>"
        for r in record["rules"])
    table = (f"<table><thead><tr><th>game</th><th>rules folder</th><th>variants</th>"
             f"<th>edits</th><th>data digest</th><th>in the notebook as</th></tr></thead>"
             f"<tbody>{rows}</tbody></table>"
             if rows else "<p>No manorkit rules were loaded.</p>")
    data = json.dumps(record).replace("</", "<\\/")
    return (f'<header id="manorkit-share" style="{STYLE}">'
            f"<p><b>{esc(record['notebook'])}</b>, run by {version} on {esc(record['date'])}. "
            f"The widgets show the state they were saved in; nothing here runs Python.</p>"
            f"{table}</header>"
            f'<script type="application/json" id="manorkit-provenance">{data}</script>')

