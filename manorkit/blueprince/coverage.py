"""What the run engine plays, and which tests show it (generated, never written by hand).

:func:`coverage` lists every room of the catalog, every §7 item, every resource, every action
and random step, every variant and every campaign rule. A row's **effects** come from the
engine's registries: for a room the hooks it has (``draft``, ``enter``, ``passive``: watching
drafts or entries, or a rule read where it applies; ``end of day``, ``actions`` it offers,
``shop``) and what its data does (dirt and trunks on draft, entry rewards and spawns,
``lock``: a lock rule of its own); for an item each of its uses (its registered ``uses``,
``gain``, ``passive``, ``use`` for an ability it offers). A row is ``implemented`` only when a
test is tied to each of its effects, by name, in one of two ways:

* a marker on a test function: ``@pytest.mark.rule("Darkroom", "enter")`` (room, item,
  resource, action class, carry-forward key or campaign counter, or a tuple of them, then
  the effects);
* a golden day's ``COVERS`` entry in ``tests/golden/days_*.py`` (the day's committed log shows
  the effect): ``"red_rooms": (("Chapel", "enter"), ...)``.

Both are read from the test sources (their syntax, never a search for a name), giving pytest
node ids (``tests/test_rooms_red.py::test_...``); the test suite runs them all and fails on
any failure. ``partial`` lists the effects no test is tied to yet. Random steps are tied to
their agreement tests (``tests/test_agreement.py`` ``AGREEMENT``), variants to the test that
plays every reading (``tests/test_variants_live.py``).
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

from .. import DATA_DIR
from .rules import Rules, load_rules

TESTS = DATA_DIR.parent / "tests"
GOLDEN_TEST = "tests/test_golden.py::test_golden_day_matches_its_log"
LIVE_TEST = "tests/test_variants_live.py::test_every_variant_reading_is_live_or_listed"
#: ``room_resources.csv`` ``when`` values paid on entering a room.
ENTRY_WHENS = ("entry", "first_entry", "every_entry", "set_on_entry", "conditional")
COLUMNS = ["kind", "name", "status", "reason", "effects", "untested", "tests", "section",
           "where", "placeholder"]


# -- the ties between tests and rows, read from the test sources ---------------------------------

@cache
def ties(root: Path = TESTS) -> tuple[tuple[str, tuple[str, ...], str], ...]:
    """``(name, effects, pytest node id)`` of every ``pytest.mark.rule`` marker on a test
    function of ``tests/test_*.py`` and every golden day's ``COVERS`` entry, in file order
    (nothing outside a checkout)."""
    if not root.is_dir():
        return ()
    out: list = []
    for path in sorted(root.glob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        known = _literals(tree)
        for node, prefix in _functions(tree, f"tests/{path.name}"):
            for deco in node.decorator_list:
                args = _rule_marker(deco, known)
                if args is not None:  # (the first argument a name, or a tuple of names)
                    names = args[0] if isinstance(args[0], tuple | list) else (args[0],)
                    out.extend((name, tuple(args[1:]), f"{prefix}::{node.name}")
                               for name in names)
    for path in sorted((root / "golden").glob("days_*.py")):
        for day, entries in _covers(path).items():
            out.extend((name, tuple(effects), f"{GOLDEN_TEST}[{day}]")
                       for name, *effects in entries)
    return tuple(out)


def _functions(tree: ast.Module, prefix: str):
    """The test functions of a module (and of its classes), each with its node id prefix."""
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield node, prefix
        elif isinstance(node, ast.ClassDef):
            for inner in node.body:
                if isinstance(inner, ast.FunctionDef | ast.AsyncFunctionDef):
                    yield inner, f"{prefix}::{node.name}"


def _literals(tree: ast.Module) -> dict:
    """The module's names assigned a literal (``ROOMS = ("Den", "Nook")``)."""
    out = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(
                node.targets[0], ast.Name):
            try:
                out[node.targets[0].id] = ast.literal_eval(node.value)
            except ValueError:
                pass
    return out


def _rule_marker(deco: ast.expr, known: dict) -> list | None:
    """The arguments of a ``@pytest.mark.rule(...)`` decorator (literals, or names the module
    assigns a literal), or None."""
    if not (isinstance(deco, ast.Call) and isinstance(deco.func, ast.Attribute)
            and deco.func.attr == "rule" and isinstance(deco.func.value, ast.Attribute)
            and deco.func.value.attr == "mark"):
        return None
    return [known[a.id] if isinstance(a, ast.Name) else ast.literal_eval(a) for a in deco.args]


def _covers(path: Path) -> dict:
    """A golden module's ``COVERS`` dict, read as a literal."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "COVERS" for t in node.targets):
            return ast.literal_eval(node.value)
    return {}


def _tied(name: str) -> dict[str, list[str]]:
    """Effect → the node ids of the tests tied to ``name``'s effect."""
    out: dict[str, list[str]] = {}
    for tied, effects, test in ties():
        if tied == name:
            for effect in effects:
                out.setdefault(effect, [])
                if test not in out[effect]:
                    out[effect].append(test)
    return out


def _row(kind: str, name: str, effects: tuple[str, ...], section: str, where: str,
         placeholder: str = "", status: str | None = None, reason: str = "",
         tests: tuple[str, ...] | None = None) -> dict:
    """A row whose status follows the tests tied to each of its ``effects`` (unless
    ``status`` is given: expansion content), or the ``tests`` given for all of them."""
    tied = _tied(name) if tests is None else {e: list(tests) for e in effects}
    untested = [e for e in effects if not tied.get(e)]
    tests = sorted({t for e in effects for t in tied.get(e, ())})
    if status is None:
        if not TESTS.is_dir():
            status, reason = "unknown", "no tests folder: run coverage() from a checkout"
        elif not untested:
            status = "implemented"
        elif len(untested) < len(effects):
            status, reason = "partial", f"no test tied to: {', '.join(untested)}"
        else:
            status, reason = "missing", f"no test tied to: {', '.join(untested)}"
    return {"kind": kind, "name": name, "status": status, "reason": reason,
            "effects": ", ".join(effects), "untested": ", ".join(untested),
            "tests": "\n".join(tests), "section": section, "where": where,
            "placeholder": placeholder}


# -- the rows --------------------------------------------------------------------------------------

def room_effects(rules: Rules, engine, name: str) -> dict[str, str]:
    """Effect → where the engine plays it, for the room ``name`` (see the module)."""
    hooks, row = engine.hooks, rules.room(name)
    paid = rules.rows("tables/room_resources.csv").get(name)
    spawns = (rules.rows("tables/item_spawns.csv").get(name) or {}).get("when") == "entry"
    out: dict[str, str] = {}
    drafted = [w for w, yes in (("hook", name in hooks.DRAFT), ("dirt", row["dirt_on_draft"]),
                                ("trunk roll", row["trunk_rolls"]),
                                ("room_resources.csv", paid and paid["when"] == "draft"))
               if yes]
    if drafted:
        out["draft"] = ", ".join(drafted)
    entered = [w for w, yes in (("hook", name in hooks.ENTER),
                                ("room_resources.csv", paid and paid["when"] in ENTRY_WHENS),
                                ("item_spawns.csv", spawns)) if yes]
    if entered:
        out["enter"] = ", ".join(entered)
    watching = [w for w, yes in (("watches drafts", name in hooks.WATCH),
                                 ("watches entries", name in hooks.WATCH_ENTER),
                                 (hooks.PASSIVE.get(name, ""), name in hooks.PASSIVE)) if yes]
    if watching:
        out["passive"] = "; ".join(watching)
    for effect, table in (("end of day", hooks.END_DAY), ("actions", hooks.OFFERS),
                          ("shop", hooks.BUY)):
        if name in table:
            out[effect] = "hook"
    if row["lock"] != "normal":
        out["lock"] = f"rooms.csv lock {row['lock']}"
    if not out:  # no effect of its own: it is played as a tile (doors, placement, cost)
        out["tile"] = hooks.DATA_ONLY.get(name, "rooms.csv")
    return out


def _room_rows(rules: Rules, engine) -> list[dict]:
    out = []
    for name, row in rules.rows("rooms.csv").items():
        placeholder = ", ".join(row.get("placeholder") or ())
        effects = room_effects(rules, engine, name)
        where = "; ".join(f"{e}: {w}" for e, w in effects.items())
        if row["category"] == "expansion":
            out.append(_row("room", name, tuple(effects), row["source"], where, placeholder,
                            "expansion", "§20: not in the base game"))
        else:
            out.append(_row("room", name, tuple(effects), row["source"], where, placeholder))
    return out


def item_effects(engine, name: str) -> tuple[str, ...]:
    """The uses of the item ``name`` (see the module)."""
    rule = engine.hooks.ITEMS[name]
    hooked = (("gain", rule.gain), ("passive", rule.enter or rule.draft), ("use", rule.offers))
    return tuple(dict.fromkeys((*rule.uses, *(e for e, yes in hooked if yes))))


def _item_rows(rules: Rules, engine) -> list[dict]:
    out = []
    for name, row in rules.rows("tables/items.csv").items():
        rule = engine.hooks.ITEMS[name]
        if row["kind"] == "resource":
            out.append(_row("resource", name, ("use",), row["source"], rule.where))
        elif "Expansion" in (row["effect"] or ""):
            out.append(_row("item", name, item_effects(engine, name), row["source"], rule.where,
                            status="expansion", reason="§20: Showroom content"))
        else:
            out.append(_row("item", name, item_effects(engine, name), row["source"],
                            rule.where))
    return out


def _agreement(root: Path = TESTS) -> dict[str, str]:
    """Random step → its agreement test (``tests/test_agreement.py`` ``AGREEMENT``), as a
    node id, or the reason it has no calculator."""
    path = root / "test_agreement.py"
    if not path.is_file():
        return {}
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "AGREEMENT" for t in node.targets):
            found = ast.literal_eval(node.value)
            return {k: v if v.startswith("no calculator") or "::" in v else
                    f"tests/test_agreement.py::{v}" for k, v in found.items()}
    return {}


def _step_rows(engine) -> list[dict]:
    out = [_row("action", cls.__name__, ("action",),
                (cls.__doc__ or "").split("(")[-1].split(")")[0][:40],
                f"{handler.__module__}.{handler.__name__}")
           for cls, handler in engine.reducer.HANDLERS.items()]
    agreed = _agreement()
    for purpose, rule in sorted(engine.hooks.ROLLS.items()):
        test = agreed.get(purpose, "")
        if test.startswith("no calculator"):
            status, reason, test = "placeholder", test, ""
        elif test:
            status, reason = "implemented", ""
        else:
            status, reason = "missing", "no agreement test (tests/test_agreement.py AGREEMENT)"
        out.append(_row("random step", purpose, ("odds",), rule.label,
                        f"{rule.fn.__module__}.{rule.fn.__name__}", status=status,
                        reason=reason, tests=(test,) if test else ()))
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
        out.append(_row("variant", vid, ("readings",), "; ".join(spec["sections"]),
                        "variants.yaml", status=status, reason=why,
                        tests=(LIVE_TEST,) if TESTS.is_dir() else ()))
    return out


#: Campaign counters (§3 step 7, §12, §13, §16): (name, status, reason, section, where).
COUNTERS = (
    ("meal cycle", "variant", "variants meal_order and campaign_session: shuffled once a "
     "session, one place per run (a day without the Dining Room moves it on)",
     "§3 Setup; §11 Meal Card Cycle", "engine.campaign CampaignState.end_day"),
    ("Commissary stock deck", "variant", "variants campaign_session, commissary_stock and "
     "commissary_deck_exhausted: the cards flipped this session", "§12 The Commissary",
     "engine.campaign SESSION_DECKS"),
    ("session", "variant", "variant campaign_session: the whole campaign, or numbers.csv "
     "session_runs runs", "§2 Card Decks; §12 The Commissary", "engine.campaign.session"),
    ("run count", None, "", "§12 How Shops Work", "Campaign.run"),
    ("Alzara's prophecies", "placeholder", "decks/prophecies.csv: six placeholder cards a "
     "designer replaces, never reshuffled", "§16 Rumpus Room", "engine.campaign drawn:*"),
    ("win record", None, "", "§13 Opening Room 46", "CampaignState.wins"),
)


def _campaign_rows(engine) -> list[dict]:
    out = [_row("carry-forward", c.key, ("carry",), c.section,
                f"{c.fn.__module__}.{c.fn.__name__}") for c in engine.campaign.CARRIES.values()]
    for name, status, why, section, where in COUNTERS:
        row = _row("campaign counter", name, ("counter",), section, where)
        if status is not None and row["status"] == "implemented":
            row |= {"status": status, "reason": why}
        out.append(row)
    return out


def known_effects(rules: Rules, engine) -> dict[str, tuple[str, ...]]:
    """Every name a ``rule`` marker may tie to, with its effects."""
    out = {name: tuple(room_effects(rules, engine, name)) for name in rules.rows("rooms.csv")}
    for name, row in rules.rows("tables/items.csv").items():
        out[name] = ("use",) if row["kind"] == "resource" else item_effects(engine, name)
    out.update({cls.__name__: ("action",) for cls in engine.reducer.HANDLERS})
    out.update({key: ("carry",) for key in engine.campaign.CARRIES})
    out.update({c[0]: ("counter",) for c in COUNTERS})
    return out


def coverage(rules: Rules | None = None):
    """A DataFrame of every room, §7 item, resource, action, random step, variant,
    carry-forward rule and campaign counter: its ``status`` (``implemented``: a test is tied
    to each effect; ``partial``, ``missing``; ``variant``, ``placeholder``, ``expansion``,
    ``campaign``), the ``reason``, its ``effects`` and those ``untested``, the ``tests`` tied
    to it (pytest node ids, one a line), the rulebook ``section``, ``where`` the engine plays
    it and the ``placeholder`` fields of its data."""
    import pandas as pd

    from . import engine

    rules = load_rules() if rules is None else rules
    rows = (_room_rows(rules, engine) + _item_rows(rules, engine) + _step_rows(engine)
            + _variant_rows(rules) + _campaign_rows(engine))
    return pd.DataFrame(rows, columns=COLUMNS)


__all__ = ["coverage", "known_effects", "ties"]
