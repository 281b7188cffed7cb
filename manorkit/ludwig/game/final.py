"""Final Scoring of a finished game: each castle's measures, the King's Favors, the Bonus
Cards each player scores, the Royal Decrees, then the score sheet and the winner through
:mod:`manorkit.ludwig.scoring` and :mod:`manorkit.ludwig.favors` (one reading of each)."""

from __future__ import annotations

from itertools import combinations

from ..favors import favor_scores, player_order_scores, solo_favor
from ..rules import ROOM_TYPES
from ..scoring import COMPLETED, Castle, bonus_card_vp, score_sheet, tie_break
from ..setup_draws import FAVORS
from .sheet import Sheet

SIZES = range(1, 9)


def measure(sheet: Sheet, key: str) -> int:
    """One thing a King's Favor or a Bonus Card may count in a castle (their ``counts`` and
    ``measure`` columns; see :data:`~manorkit.ludwig.rules.MEASURE`); the Foyer counts as a
    Room of its type and size."""
    sk = sheet.sketch
    rooms = sk.rooms
    name, _, arg = key.partition(":")
    if name == "rooms":
        return sum(r.kind == arg for r in rooms)
    if name == "size_total":
        return sum(r.size for r in rooms if r.kind == arg)
    if name == "size":
        return sum(r.size == int(arg) for r in rooms)
    if name == "size_no_foyer":
        return sum(r.size == int(arg) for r in rooms[1:])
    return SIMPLE[key](sheet, sk)


def _all_types(sheet: Sheet, sk) -> int:
    kinds = {r.kind for r in sk.rooms}
    return int(set(ROOM_TYPES) <= kinds and bool(sk.moats) and bool(sk.courtyards))


#: The measures without an argument: ``f(sheet, sketch)``.
SIMPLE = {
    "courtyards": lambda sh, sk: len(sk.courtyards),
    "courtyard_size": lambda sh, sk: 2 * sum(len(a) for a in sk.courtyards),
    "moats": lambda sh, sk: len(sk.moats),
    "moat_size": lambda sh, sk: sum(len(m) for m in sk.moats),
    "swans_in_pile": lambda sh, sk: sum(c.swan for c in sh.pile),
    "unique_sizes": lambda sh, sk: len({r.size for r in sk.rooms}),
    "unique_types": lambda sh, sk: (len({r.kind for r in sk.rooms}) + bool(sk.moats)
                                    + bool(sk.courtyards)),
    "external_entrances": lambda sh, sk: sk.external_entrances(),
    "footprint": lambda sh, sk: sk.footprint(),
    "completed_rooms": lambda sh, sk: len(sh.completed),
    "incomplete_rooms": lambda sh, sk: len(sk.rooms) - len(sh.completed),
    "longest_path": lambda sh, sk: sk.longest_path(),
    "amusing_name": lambda sh, sk: 1,
    "all_sizes": lambda sh, sk: int({r.size for r in sk.rooms[1:]} >= set(SIZES)),
    "curved": lambda sh, sk: sum(r.curved for r in sk.rooms),
    "angled": lambda sh, sk: sum(r.angled for r in sk.rooms),
    "moat_rooms": lambda sh, sk: sk.touching_moat(),
    "flags": lambda sh, sk: sum(sk.flags),
    "never_expanded": lambda sh, sk: int(not any(sk.flags)),
    "go_last": lambda sh, sk: sh.go_last,
    "unused_rewards": lambda sh, sk: sh.unused_rewards(),
    "all_types": _all_types,
    "empty_lines": lambda sh, sk: sk.empty_lines(),
    "start_unused": lambda sh, sk: int(any(s.name == "Start" and s.used_as is None
                                          for s in sh.specials)),
    "five_of_a_type": lambda sh, sk: int(max(sh.circles()[t] for t in ROOM_TYPES) >= 5),
    "bonus_cards": lambda sh, sk: len(sh.bonus),
    "swans": lambda sh, sk: sh.swans,
}


def measures(sheet: Sheet) -> dict[str, int]:
    """Every measure of one castle (:func:`measure`)."""
    keys = [f"{n}:{t}" for n in ("rooms", "size_total") for t in ROOM_TYPES]
    keys += [f"{n}:{k}" for n in ("size", "size_no_foyer") for k in SIZES]
    return {k: measure(sheet, k) for k in (*keys, *SIMPLE)}


def reserve_measures(cards) -> dict[str, int]:
    """The Reserve pile as a rival castle (Solo Mode): what its cards alone show."""
    out: dict[str, int] = {}
    for t in ROOM_TYPES:
        out[f"rooms:{t}"] = sum(c.kind == t for c in cards)
        out[f"size_total:{t}"] = sum(c.size for c in cards if c.kind == t)
    for n in SIZES:
        out[f"size:{n}"] = sum(c.size == n for c in cards)
    out["swans_in_pile"] = sum(c.swan for c in cards)
    out["unique_sizes"] = len({c.size for c in cards})
    out["unique_types"] = len({c.kind for c in cards})
    return out


def _favors(state, counts: dict[str, dict]) -> tuple[dict, dict]:
    """VPs per Favor for the players who score it (a D03 Favor: its holder only), and each
    player's Favors ranked 1st without a tie."""
    rules = state.rules
    rows = rules.rows(FAVORS)
    names = state.players
    tie_holder = next((s.name for s in state.sheets if s.decree == "D25"), None)
    table: dict[str, dict[str, int]] = {}
    firsts = dict.fromkeys(names, 0)
    public_firsts = dict.fromkeys(names, 0)
    scored = [(f, names) for f in state.favors]
    scored += [(f, (s.name,)) for s in state.sheets for f in s.private]
    for favor, who in scored:
        row = rows[favor]
        if len(names) == 1:
            mine = counts[names[0]][row["counts"]]
            rival = reserve_measures(state.reserve).get(row["counts"], 0)
            vps = {names[0]: solo_favor(mine, rival, rules)}
            top = [names[0]] if mine > rival and mine > 0 else []
        elif row["ranks_by"] == "turn_order":
            vps = player_order_scores(state.order, rules)
            best = max(vps.values())
            top = [p for p, v in vps.items() if v == best]
        else:
            c = {p: counts[p][row["counts"]] for p in names}
            vps = favor_scores(c, rules, wins_ties=tie_holder)
            best = max(c.values())
            top = [p for p in names if c[p] == best and best > 0]
        label = favor if who == names else f"{favor} ({who[0]}'s, D03)"
        table[label] = {p: vps[p] for p in who}
        if len(top) == 1 and top[0] in who:
            firsts[top[0]] += 1
            public_firsts[top[0]] += who == names
    return table, {"firsts": firsts, "public": public_firsts}


def _bonus_choice(state, sheet: Sheet, m: dict[str, int]) -> list[tuple[str, int]]:
    """The Bonus Cards a player scores, chosen for the most VPs: one per completed Utility
    Room and per special reward used as a Utility reward (Utility Rooms)."""
    rules = state.rules
    rows = rules.rows("bonus_cards.csv")
    slots = sheet.circles()["Utility"] + sum(s.used_as == "Utility" for s in sheet.specials)

    def vp(card: str, alone: bool) -> int:
        measure = rows[card]["measure"]
        count = int(alone) if measure == "only_bonus" else m[measure]
        return bonus_card_vp(card, count, rules)

    hand = sorted(set(sheet.bonus))
    best: list[tuple[str, int]] = []
    for k in range(1, min(slots, len(hand)) + 1):
        for chosen in combinations(hand, k):
            picked = [(c, vp(c, k == 1)) for c in chosen]
            if sum(v for _, v in picked) > sum(v for _, v in best):
                best = picked
    if sheet.decree == "D26":
        if best:
            best.append(max(best, key=lambda cv: cv[1]))
        elif hand:
            best = [max(((c, vp(c, True)) for c in hand), key=lambda cv: cv[1])]
    return best


def _decrees(state, sheet: Sheet, m: dict[str, int], firsts: dict) -> list[int]:
    rules, d = state.rules, sheet.decree
    if d is None or rules.rows("royal_decrees.csv")[d]["timing"] != "Final Scoring":
        return []
    v = rules.decree_value(d) if rules.rows("royal_decrees.csv")[d]["value"] is not None \
        else 0
    sk, circles = sheet.sketch, sheet.circles()
    per = {"D20": m["unique_types"], "D22": m["courtyards"],
           "D23": min(circles["Activity"], circles["Living"]), "D27": sk.groups(),
           "D28": sum(_behind(state, sk, k) for k in range(len(sk.moats))),
           "D29": m["unique_sizes"], "D31": firsts["public"][sheet.name],
           "D32": m["longest_path"]}
    return [v * per[d]] if d in per else []


def _behind(state, sketch, k: int) -> int:
    return sketch.behind(k, state.rules.variant("moat_behind") == "either_side")


def score(state) -> dict:
    """Every player's score sheet, totals and the winners (The Winner; solo, the rank)."""
    rules = state.rules
    counts = {s.name: measures(s) for s in state.sheets}
    favors, firsts = _favors(state, counts)
    castles, bonus = {}, {}
    for sheet in state.sheets:
        name, m = sheet.name, counts[sheet.name]
        vps = [f[name] for f in favors.values() if name in f]
        if sheet.decree == "D30":
            vps = [max(v, rules.decree_value("D30")) for v in vps]
        m = {**m, "favors_first": firsts["firsts"][name], "favors_under_10": int(sum(vps) < 10)}
        bonus[name] = _bonus_choice(state, sheet, m)
        sk, circles = sheet.sketch, sheet.circles()
        least = rules.decree_value("D24") if sheet.decree == "D24" else 0
        castles[name] = Castle(
            completed={t: circles[t] for t in COMPLETED if circles[t]},
            outdoor=[(sk.empty_beside(i), 0) for i in sorted(sheet.completed)
                     if sk.rooms[i].kind == "Outdoor"],
            moats=[_behind(state, sk, k) for k in range(len(sk.moats))],
            courtyards=len(sk.courtyards), bonus=[v for _, v in bonus[name]],
            room_sizes=[max(c.size, least) for c in sheet.pile],
            decrees=_decrees(state, sheet, m, firsts), favors=vps,
            used_rewards=sheet.used_count())
    keys = {p: tie_break(c, rules) for p, c in castles.items()}
    ranked = sorted(state.players, key=keys.__getitem__)
    sheets = {p: score_sheet(castles[p], rules) for p in ranked}
    totals = {p: sum(sheets[p].values()) for p in ranked}
    out = {"totals": totals, "sheets": sheets, "favors": favors, "bonus": bonus,
           "ranking": ranked,
           "winners": [] if len(ranked) == 1 else [p for p in ranked
                                                   if keys[p] == keys[ranked[0]]]}
    if len(ranked) == 1:
        out["rank"] = rules.solo_rank(totals[ranked[0]])
    return out

