"""How many tiles a draft draws, what a tile costs and what its back shows (§2 Tile Back
Markings, §4 Steps 2-4, §16, §17, §19)."""

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


# -- tile backs (§2 Tile Back Markings, §4 Step 2, §16 Archives) -------------------------------

#: §4 Step 2: the category letter on a tile back (variant ``tile_back_category=letter``).
BACK_LETTERS = {"event": "E", "studio": "S", "found": "F", "fixed": "X", "outer": "O"}


def back(rules: Rules, room: str) -> tuple[int, str, str]:
    """What a tile's back shows face-down (§2 Tile Back Markings, §4 Step 2): printed gem cost,
    category label (blank for Core Rooms) and placement note (blank when free).
    ``tile_back_category``: the category written out in full (``full_word``, §2: Event,
    Studio, Found, Fixed, Outer) or as its letter (``letter``, §4 Step 2: E, S, F, X, O)."""
    row = rules.room(room)
    label = "" if row["category"] == "core" else row["category"]
    if label and rules.variant("tile_back_category") == "letter":
        label = BACK_LETTERS.get(label, label)
    return int(row["gem_cost"]), label, row["placement"] or ""


def back_text(rules: Rules, room: str) -> str:
    """:func:`back` as one line (``"blank"``, ``"2 gems · Studio"``, ``"3 gems ·
    cols=1,5;no_corners"``): the outcome of a face-down draw, and a :class:`FaceDown`'s text
    (kept per rules value)."""
    known = rules._memo["back_text"]
    text = known.get(room)
    if text is None:
        gems, label, note = back(rules, room)
        parts = [f"{gems} gem{'s' * (gems > 1)}"] if gems else []
        parts += [label.capitalize()] if label else []
        parts += [note] if note else []
        text = known[room] = " · ".join(parts) or "blank"
    return text


def showing(rules: Rules, text: str) -> tuple[str, ...]:
    """The rooms of the catalog whose back shows ``text`` (:func:`back_text`), in file order;
    they share its gem cost and placement note (``tests/test_rooms_red.py`` checks that a
    facing note belongs to one shape), so they fit and cost alike face-down."""
    known = rules._memo["showing"]
    if not known:
        for room in rules.rows("rooms.csv"):
            key = back_text(rules, room)
            known[key] = (*known.get(key, ()), room)
    return known.get(text, ())


class FaceDown(str):
    """A tile lying face-down in a draft's hand (§16 Archives): only its back is known, as
    :func:`back_text` gives it (the string's value). Which tile it is is not decided until it
    is turned face up (:class:`~..engine.pending.Reveal`), drawn then from the bag's tiles with
    that back: nothing public holds it, so nothing can leak it."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"FaceDown({str(self)!r})"


def shown(entry: str) -> str:
    """A hand entry as a player reads it: a tile's name, or ``face down (<its back>)``."""
    return f"face down ({entry})" if isinstance(entry, FaceDown) else entry
