"""What the run engine plays, generated from its registries and the tests (never by hand).

:func:`coverage` lists every room of the catalog, every item, every action and random step,
and every variant, with its status and the tests that exercise it.
"""

from __future__ import annotations

from functools import cache

from .. import DATA_DIR
from .rules import Rules, load_rules

TESTS = DATA_DIR.parent / "tests"


@cache
def _test_texts() -> tuple[tuple[str, str], ...]:
    """(name, text) of every test file and golden log, or nothing outside a checkout."""
    if not TESTS.is_dir():
        return ()
    paths = sorted(TESTS.glob("test_*.py")) + sorted(TESTS.glob("golden/*.py")) + sorted(
        TESTS.glob("golden/logs/*.txt"))
    return tuple((str(p.relative_to(TESTS)), p.read_text(encoding="utf-8")) for p in paths)


def _tests_naming(name: str) -> str:
    return ", ".join(f for f, text in _test_texts() if name in text)


def _room_rows(rules: Rules, engine) -> list[dict]:
    hooks = engine.hooks
    tables = {"draft": hooks.DRAFT, "enter": hooks.ENTER, "actions": hooks.OFFERS,
              "watch drafts": hooks.WATCH, "watch entries": hooks.WATCH_ENTER,
              "end of day": hooks.END_DAY, "shop": hooks.BUY}
    out = []
    for name, row in rules.rows("rooms.csv").items():
        where = [hook for hook, table in tables.items() if name in table]
        if name in hooks.DATA_ONLY:
            where.append(f"data: {hooks.DATA_ONLY[name]}")
        placeholders = row.get("placeholder") or ()
        if row["category"] == "expansion":
            status, why = "expansion", "§20: not in the base game"
        elif not where:
            status, why = "missing", "no effect registered"
        elif placeholders:
            status, why = "placeholder", f"fields from no source: {', '.join(placeholders)}"
        else:
            status, why = "implemented", ""
        out.append({"kind": "room", "name": name, "status": status, "reason": why,
                    "section": row["source"], "where": "; ".join(where),
                    "tests": _tests_naming(name)})
    return out


def _item_rows(rules: Rules, engine) -> list[dict]:
    out = []
    for name, row in rules.rows("tables/items.csv").items():
        rule = engine.items.ITEMS.get(name)
        if rule is None:
            status, why, where = "missing", "not registered", ""
        else:
            hooks = [h for h in ("gain", "enter", "draft", "offers") if getattr(rule, h)]
            where = rule.where or ", ".join(hooks)
            status, why = "implemented", ""
            if "Expansion" in (row["effect"] or ""):
                status, why = "expansion", "§20: Showroom content"
        out.append({"kind": "item", "name": name, "status": status, "reason": why,
                    "section": row["source"], "where": where, "tests": _tests_naming(name)})
    return out


def _step_rows(engine) -> list[dict]:
    out = [{"kind": "action", "name": cls.__name__, "status": "implemented", "reason": "",
            "section": (cls.__doc__ or "").split("(")[-1].split(")")[0][:40],
            "where": f"{handler.__module__}.{handler.__name__}",
            "tests": _tests_naming(cls.__name__)}
           for cls, handler in engine.reducer.HANDLERS.items()]
    out += [{"kind": "random step", "name": purpose, "status": "implemented", "reason": "",
             "section": rule.label, "where": f"{rule.fn.__module__}.{rule.fn.__name__}",
             "tests": _tests_naming(f'"{purpose}"')}
            for purpose, rule in sorted(engine.hooks.ROLLS.items())]
    return out


def _variant_rows(rules: Rules) -> list[dict]:
    dead_file = TESTS / "variants_not_live.txt"
    dead = set(dead_file.read_text().split()) if dead_file.exists() else set()
    out = []
    for vid, spec in rules._specs.items():
        waiting = sorted(r for r in spec["readings"] if f"{vid}={r}" in dead)
        if spec.get("pending"):
            status, why = "campaign", spec["pending"]
        elif spec.get("documents"):
            status, why = "variant", f"documents only: {spec['documents']}"
        elif waiting:
            status = "missing"
            why = f"no probe shows these readings change anything yet: {', '.join(waiting)}"
        else:
            status, why = "variant", f"default {spec['default']}; " + ", ".join(
                r for r in spec["readings"] if r != spec["default"])
        out.append({"kind": "variant", "name": vid, "status": status, "reason": why,
                    "section": "; ".join(spec["sections"]), "where": "variants.yaml",
                    "tests": _tests_naming(vid)})
    return out


#: Campaign counters (§3 step 7, §12, §13, §16): (name, status, reason, section, where,
#: the text that names it in tests).
COUNTERS = (
    ("meal cycle", "variant", "variants meal_order and campaign_session: shuffled once a "
     "session, one place per run (a day without the Dining Room moves it on)",
     "§3 Setup; §11 Meal Card Cycle", "engine.campaign CampaignState.end_day",
     'cards_drawn("meals")'),
    ("Commissary stock deck", "variant", "variants campaign_session, commissary_stock and "
     "commissary_deck_exhausted: the cards flipped this session", "§12 The Commissary",
     "engine.campaign SESSION_DECKS", "drawn:commissary_stock"),
    ("session", "variant", "variant campaign_session: the whole campaign, or numbers.csv "
     "session_runs runs", "§2 Card Decks; §12 The Commissary", "engine.campaign.session",
     "campaign_session"),
    ("run count", "implemented", "", "§12 How Shops Work", "Campaign.run", "run count"),
    ("Alzara's prophecies", "placeholder", "decks/prophecies.csv: six placeholder cards a "
     "designer replaces, never reshuffled", "§16 Rumpus Room", "engine.campaign drawn:*",
     "drawn:prophecies"),
    ("win record", "implemented", "", "§13 Opening Room 46", "CampaignState.wins", ".wins"),
)


def _campaign_rows(engine) -> list[dict]:
    out = [{"kind": "carry-forward", "name": c.key, "status": "implemented", "reason": "",
            "section": c.section, "where": f"{c.fn.__module__}.{c.fn.__name__}",
            "tests": _tests_naming(f'"{c.key.removesuffix("*")}')}
           for c in engine.campaign.CARRIES.values()]
    out += [{"kind": "campaign counter", "name": name, "status": status, "reason": why,
             "section": section, "where": where, "tests": _tests_naming(probe)}
            for name, status, why, section, where, probe in COUNTERS]
    return out


def coverage(rules: Rules | None = None):
    """A DataFrame of every room, item, action, random step, variant, carry-forward rule and
    campaign counter: its ``status``
    (``implemented``, ``variant``, ``placeholder``, ``expansion``, ``campaign`` or
    ``missing``), the ``reason``, the rulebook ``section``, ``where`` the engine plays it,
    and the ``tests`` that name it."""
    import pandas as pd

    from . import engine

    rules = load_rules() if rules is None else rules
    rows = (_room_rows(rules, engine) + _item_rows(rules, engine) + _step_rows(engine)
            + _variant_rows(rules) + _campaign_rows(engine))
    return pd.DataFrame(rows, columns=["kind", "name", "status", "reason", "section", "where",
                                       "tests"])


__all__ = ["coverage"]
