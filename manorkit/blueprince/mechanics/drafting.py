"""How many tiles a draft draws and what a tile costs (§4 Steps 2-4, §16, §17, §19)."""

from __future__ import annotations

from collections.abc import Collection

from ..rules import Rules
from .numbers import number


def colours(rules: Rules, room: str) -> tuple[str, ...]:
    """A tile's colours (``rooms.csv``); under ``tunnel_colour=also_green`` the Tunnel is
    also green (§9)."""
    known = rules._memo["colours"]  # kept per rules value
    if room not in known:
        known[room] = _colours(rules, room)
    return known[room]


def _colours(rules: Rules, room: str) -> tuple[str, ...]:
    found = tuple(rules.room(room)["colours"])
    if room == "Tunnel" and rules.variant("tunnel_colour") == "also_green":
        found += ("green",)
    return found


def draw_size(rules: Rules, room: str, on_board: Collection[str] = (),
              sleeve: int | None = None) -> int:
    """Tiles drawn when drafting from a door of ``room`` (the sleeve Tunnel included).

    ``draw`` (3, §4 Step 2); ``library_draw`` from the Library (4, §16 Library); plus
    ``solarium_extra`` from a Green Room door while the Solarium is on the board, and from
    the Library under ``library_solarium=stacks`` (§17 Solarium, §16 Library). ``sleeve``:
    the Tunnels left in the sleeve once it is out (§9 The Chain; None before); from a Tunnel
    with the sleeve used up, ``tunnel_sleeve_empty=two_tiles`` leaves Slot 1 empty, so one
    tile fewer is drawn (``normal_draw``: the usual hand).
    """
    size = number(rules, "library_draw") if room == "Library" else number(rules, "draw")
    if "Solarium" in on_board and ("green" in colours(rules, room) or (
            room == "Library" and rules.variant("library_solarium") == "stacks")):
        size += number(rules, "solarium_extra")
    if room == "Tunnel" and sleeve == 0 and \
            rules.variant("tunnel_sleeve_empty") == "two_tiles":
        size -= 1
    return size


def tile_weight(rules: Rules, room: str, greenhouse: bool = False) -> int:
    """How much more likely a tile in the Active Bag is to be drawn than a plain one (§4
    Step 2: every tile alike). Under ``greenhouse_draft_effect=favour_green``, with the
    Greenhouse on the board (``greenhouse``), each Green Room tile weighs
    ``greenhouse_green_weight`` (placeholder 2; §15 Room Icons names the effect only)."""
    if greenhouse and "green" in colours(rules, room) and \
            rules.variant("greenhouse_draft_effect") == "favour_green":
        return number(rules, "greenhouse_green_weight")
    return 1


def tile_cost(rules: Rules, room: str, *, terrace: bool = False,
              hovel: bool = False) -> tuple[int, int]:
    """``(gems, steps)`` to draft ``room`` from a paid slot (Slot 1 is free, §4 Gem Cost Rules).

    Gems as printed; none for a Green Room while the Terrace is on the board (§16 Terrace);
    under the Hovel the gems are paid as ``hovel_steps_per_gem`` steps each (§19 Hovel).
    """
    known = rules._memo["tile_cost"]  # kept per rules value
    key = (room, terrace, hovel)
    if key not in known:
        known[key] = _tile_cost(rules, room, terrace, hovel)
    return known[key]


def never_free(rules: Rules, room: str) -> bool:
    """Whether ``room`` costs its gems from every slot, Slot 1 too: tagged ``never_free`` in
    rooms.csv (the Casino under variant ``casino_gem_cost=always_paid``, §5 The Casino)."""
    return "never_free" in (rules.room(room)["tags"] or ())


def _tile_cost(rules: Rules, room: str, terrace: bool, hovel: bool) -> tuple[int, int]:
    gems = int(rules.room(room)["gem_cost"])
    if terrace and "green" in colours(rules, room):
        gems = 0
    if hovel:
        return 0, gems * number(rules, "hovel_steps_per_gem")
    return gems, 0
