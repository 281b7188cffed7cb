"""Building Blueprints games for tests: a scripted Setup, and sheets changed in place."""

from __future__ import annotations

from dataclasses import replace

from manorkit.ludwig import load_rules, new_game
from manorkit.ludwig.castle import Room, new_sketch
from manorkit.ludwig.game import play
from manorkit.ludwig.game.script import step

RULES = load_rules()
#: A first Market when the test does not name one.
FILLER = ("Food 5", "Food 6", "Living 4", "Living 6", "Sleeping 5", "Sleeping 6", "Activity 4")


def opening(players=("Saige", "Carmen"), favors=("Food Rooms", "Swans", "Moats", "Footprint"),
            bonus=None, decrees=None, foyers=None, market=None, rules=RULES, seed=0):
    """A game after Setup and the first round's Market, each random step chosen: the first
    player starts; ``bonus``/``decrees``/``foyers`` by player (defaults: B16 and B17 for the
    first seat, B18 and B19 the next …; D24 or a Decree without a Setup effect; Food
    Foyers); ``market``: the Room Cards revealed (text; default :data:`FILLER`)."""
    state = new_game(rules, seed=seed, players=players)
    if len(players) > 1:
        state = step(state, f"start player chosen: {players[0]}")
    for f in favors[:rules.setting("favors_revealed")]:
        state = step(state, f"King's Favor revealed: {f}")
    bonus = bonus or {}
    for i, p in enumerate(state.seats):
        for card in bonus.get(p, (f"B{16 + 2 * i}", f"B{17 + 2 * i}")):
            state = step(state, f"Bonus Card dealt: {card}")
    decrees = decrees or {}
    draft = list(reversed(state.seats)) if len(players) > 1 else [players[0]]
    wanted = [decrees.get(p, "D24") for p in draft]
    wanted = [d if d not in wanted[:i] else None for i, d in enumerate(wanted)]
    spare = iter(d for d in rules.pool("royal_decrees.csv", len(players) == 1)
                 if d not in wanted and d not in {"D01", "D02", "D03", "D04", "D19"})
    wanted = [d or next(spare) for d in wanted]
    while state.is_chance and state.todo[0][0] == "decree":
        dealt = set(state.hand)
        card = next((d for d in wanted if d not in dealt), None) or next(spare)
        state = step(state, f"Royal Decree dealt: {card}")
    for p, d in zip(draft, wanted, strict=True):
        assert state.player == p
        state = step(state, f"keep Royal Decree {d}")
    while state.is_chance or state.todo[0][0] == "flags":  # D03's Favors, D01's flags
        state = state.resolve() if state.is_chance else state.apply(state.legal_actions()[0])
    foyers = foyers or {}
    for p in state.seats:
        state = step(state, f"Foyer as a {foyers.get(p, 'Food')} Room")
    if market is None:
        market = FILLER[:rules.deck(len(players))[1]]
    for card in market:
        state = step(state, f"Room Card revealed to the Market: {card}")
    return state


def room(kind, cells, doors, size=None, card=None):
    """A Room value: ``cells`` squares, ``doors`` walls ``(x, y, side)``."""
    return Room(kind, size or len(cells), frozenset(cells), frozenset(doors), card)


def sketch_with(kind_of_foyer="Food", *rooms, rules=RULES):
    out = new_sketch(rules, kind_of_foyer)
    for r in rooms:
        out = out.with_room(r)
    return out


def set_sheet(state, name, **fields):
    """``state`` with fields of ``name``'s sheet replaced (a scenario's starting point)."""
    return play.with_sheet(state, replace(play.sheet_of(state, name), **fields))


def reveal_all(state, cards):
    for card in cards:
        state = step(state, f"Room Card revealed to the Market: {card}")
    return state
