"""Random steps as values that list their exact outcomes (§4 Step 1-2, §6-§8, §15 ...).

A pending step knows its outcomes with integer weights (``weights(state)``) and what each
outcome does (``apply(work, value)``), as OpenSpiel's chance nodes do. The engine resolves
them one at a time, front first; ``State.chance_outcomes()`` turns the weights into exact
probabilities. A step reads a ``state`` (a :class:`~.state.State`, or a fast day) and changes
a ``work`` (the reducer's working copy, :class:`~.reducer.Work`); it imports neither: the steps
are values, below both.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import astuple, dataclass
from functools import lru_cache
from itertools import accumulate
from math import lcm
from typing import ClassVar

from ..mechanics.cards import refused_cards
from ..mechanics.drafting import FaceDown, back_text
from ..placement import Cell
from . import hooks


@dataclass(frozen=True)
class Step:
    """Base of every random step."""

    kind: ClassVar[str] = "step"

    @property
    def name(self) -> str:
        """What is rolled or drawn: the kind, or a :class:`Roll`'s purpose."""
        return self.kind

    def drawable(self, work) -> bool:
        """Whether anything can be drawn now (a step with nothing left is dropped, §8): its
        weights, read from the work's current fields (a step whose weights need only the
        rules tells without building them)."""
        return bool(self.weights(work.view()))

    def label(self) -> str:
        return self.kind

    def weights(self, state) -> dict:
        raise NotImplementedError

    def apply(self, work, value) -> None:
        raise NotImplementedError

    def sample(self, state, rng) -> object:
        """The outcome :func:`sample` draws from :meth:`weights` with ``rng`` (a step may
        find it without building its weights, drawing the same number from ``rng``)."""
        return sample(self.weights(state), rng)

    def to_json(self) -> list:
        return [self.kind, *[_plain(v) for v in astuple(self)]]


@dataclass(frozen=True)
class LockRoll(Step):
    """The lock die rolled before a draft (§4 Step 1): LOCKED puts a padlock on the door."""

    die: str
    kind: ClassVar[str] = "lock_roll"

    def label(self) -> str:
        return "lock roll"

    def drawable(self, work) -> bool:
        return bool(work.rules.die_faces(self.die))

    def weights(self, state) -> dict:
        return dict(state.rules.die_faces(self.die))

    def sample(self, state, rng) -> str:
        return roll_die(state.rules, self.die, rng)

    def apply(self, work, value) -> None:
        if value == "LOCKED":
            work.padlocks.add(work.drafting.door)
            work.log("LOCKED: a padlock goes on the door", "§4 Step 1")
        else:
            work.log("OPEN", "§4 Step 1")


@dataclass(frozen=True)
class TileDraw(Step):
    """One tile drawn blind from the Active Bag into the next slot (§4 Step 2)."""

    kind: ClassVar[str] = "draw_tile"

    def label(self) -> str:
        return "tile drawn"

    def drawable(self, work) -> bool:
        return True  # (queued only while the bag holds a tile)

    def weights(self, state) -> dict:
        """Each tile's copies in the bag, times its draw weight (``mechanics.tile_weight``:
        1 unless a variant favours it)."""
        bag = state.bag
        out = {tile: bag[tile] for tile in bag_order(bag)}
        rules = state.rules
        if _weighted(rules):
            favoured = _favoured(rules, "Greenhouse" in state.on_board())
            for tile in favoured.keys() & out.keys():
                out[tile] *= favoured[tile]
        return out

    def sample(self, state, rng) -> str:
        """As :meth:`Step.sample`, from the bag's running totals in name order (a bag that
        holds every tile once, as the fast mode's tells with ``even()``, needs none: the
        totals are 1, 2, 3 ...)."""
        rules = state.rules
        if _weighted(rules) and _favoured(rules, "Greenhouse" in state.on_board()):
            return sample(self.weights(state), rng)
        bag = state.bag
        order = bag_order(bag)
        even = getattr(bag, "even", None)
        if even is not None and even():
            return order[rng.randrange(len(order))]
        running = getattr(bag, "totals", None)
        totals = running() if running is not None else list(accumulate(map(bag.__getitem__,
                                                                            order)))
        return pick(order, totals, rng)

    def apply(self, work, value) -> None:
        bag = work.bag
        left = bag[value] - 1
        if left:
            bag[value] = left
        else:  # its last copy: the bag keeps no empty entry
            del bag[value]
        d = work.drafting
        work.drafting = d.drawn(value)
        work.log("Slot {}: {}", "§4 Step 2", len(d.hand) + 1, value)


@dataclass(frozen=True)
class BackDraw(Step):
    """One tile drawn blind into the next slot while the Archives is on the board (§4 Step 2,
    §16 Archives: "flip one of them face-down without looking"): only its back is seen, a
    :class:`~..mechanics.drafting.FaceDown` in the hand; which tile it is waits for its
    :class:`Reveal`. A back is drawn with the weight of the bag's tiles showing it, less the
    tiles with that back lying face-down in this draft already (:func:`back_weights`)."""

    kind: ClassVar[str] = "draw_back"

    def label(self) -> str:
        return "tile back drawn"

    def drawable(self, work) -> bool:
        return True  # (queued only while the bag holds a tile not lying face-down)

    def weights(self, state) -> dict:
        return back_weights(state)

    def apply(self, work, value) -> None:
        d = work.drafting
        work.drafting = d.drawn(FaceDown(value))
        work.log("Slot {}: face down, its back showing {}", "§16 Archives", len(d.hand) + 1,
                 value)


@dataclass(frozen=True)
class Reveal(Step):
    """A face-down tile in ``slot`` turned face up (§16 Archives): one of the bag's tiles
    with its back, each as likely as its copies (times its draw weight). Exact: tiles are
    drawn alike, so a face-down tile is any of the tiles with its back as likely as the
    others until it is seen (the odds the rulebook gives a 3-tile draw, §4 Step 2). The tile
    the player drafted blind is turned by :class:`~.drafting.RevealTaken`, which then places
    it."""

    slot: int
    kind: ClassVar[str] = "reveal"

    def label(self) -> str:
        return "tile revealed"

    def drawable(self, work) -> bool:
        return True  # (the face-down tile is still counted in the bag)

    def weights(self, state) -> dict:
        rules, bag = state.rules, state.bag
        rooms = _by_back(rules).get(state.drafting.hand[self.slot - 1], ())
        if _weighted(rules):
            favoured = _favoured(rules, "Greenhouse" in state.on_board())
            return {t: bag[t] * favoured.get(t, 1) for t in rooms if bag.get(t)}
        return {t: bag[t] for t in rooms if bag.get(t)}

    def apply(self, work, value) -> None:
        bag = work.bag
        left = bag[value] - 1
        if left:
            bag[value] = left
        else:
            del bag[value]
        d = work.drafting
        hand = list(d.hand)
        hand[self.slot - 1] = value
        work.drafting = d.replace(hand=tuple(hand))
        work.log("Slot {} turned face up: {}", "§16 Archives", self.slot, value)


def back_weights(state) -> dict:
    """The backs a face-down draw can show (§16 Archives), each weighing the bag's tiles with
    it, less the ``k`` of them face-down in the hand or set aside (drawn already, unseen):
    ``n - k`` of its ``n`` tiles, exact as tiles are drawn alike. Under a draw weight
    (``mechanics.tile_weight``, a placeholder variant) a back weighs its tiles' weights,
    the unseen ones counted at the back's mean weight."""
    rules, bag, d = state.rules, state.bag, state.drafting
    backs = _backs(rules)
    count: dict[str, int] = {}
    for tile, n in bag.items():
        if n:
            b = backs[tile]
            count[b] = count[b] + n if b in count else n
    for t in (*d.hand, *d.set_aside):  # the tiles lying face-down: out of the bag, unseen
        if isinstance(t, FaceDown):
            count[t] -= 1
    if not _weighted(rules) or not _favoured(rules, "Greenhouse" in state.on_board()):
        return {b: count[b] for b in sorted(count) if count[b] > 0}
    favoured = _favoured(rules, "Greenhouse" in state.on_board())
    weight: dict[str, int] = {}
    total: dict[str, int] = {}
    for tile, n in bag.items():
        if n:
            b = backs[tile]
            weight[b] = weight.get(b, 0) + n * favoured.get(tile, 1)
            total[b] = total.get(b, 0) + n
    scale = lcm(*total.values())
    return {b: weight[b] * count[b] * scale // total[b] for b in sorted(count) if count[b] > 0}


def _backs(rules) -> dict[str, str]:
    """Room → the text of its back (``mechanics.drafting.back_text``), kept per rules value."""
    known = rules._memo["backs"]
    if not known:
        known.update((room, back_text(rules, room)) for room in rules.rows("rooms.csv"))
    return known


def _by_back(rules) -> dict[str, tuple[str, ...]]:
    """Back text → the rooms showing it, sorted by name (as a draw lists the bag's tiles),
    kept per rules value."""
    known = rules._memo["by_back"]
    if not known:
        for room, back in sorted(_backs(rules).items()):
            known[back] = (*known.get(back, ()), room)
    return known


@dataclass(frozen=True)
class Orient(Step):
    """The orientation of a tile drawn as it lies (variant ``tile_orientation=as_drawn``)."""

    rotations: tuple[int, ...]
    kind: ClassVar[str] = "orient"

    def label(self) -> str:
        return "orientation"

    def drawable(self, work) -> bool:
        return bool(self.rotations)

    def weights(self, state) -> dict:
        return dict.fromkeys(self.rotations, 1)

    def sample(self, state, rng) -> int:
        """As :meth:`Step.sample`: every rotation weighs 1, so the number drawn is its index."""
        return self.rotations[rng.randrange(len(self.rotations))]

    def apply(self, work, value) -> None:
        work.place(work.drafting.chosen, int(value))


@dataclass(frozen=True)
class CardDraw(Step):
    """The top card of ``deck`` (an empty deck is first reshuffled from its discards, §8)."""

    deck: str
    cell: Cell | None = None
    bottom: bool = False  # the card goes under its deck afterwards (§16 Closet)
    kind: ClassVar[str] = "card"

    def label(self) -> str:
        return f"{self.deck} card"

    def drawable(self, work) -> bool:
        return any(sum(pile.values()) for pile in work.decks[self.deck])

    def weights(self, state) -> dict:
        """The cards that can come up; a card sent back for another draw where it is drawn
        (``mechanics.card_refused``: the Cupcake outside the Walk-in Closet under
        ``cupcake_source=walk_in_closet_only``) cannot, unless nothing else is left."""
        remaining, discard = state.decks[self.deck]
        if not sum(remaining.values()):
            out = {c: n for c, n in sorted(discard.items()) if n}
        else:
            out = top_of_deck(remaining, state.flags.get(f"bottom:{self.deck}", ()))
        tile = state.board.get(self.cell) if self.cell is not None else None
        refused = refused_cards(state.rules, self.deck, tile.room if tile is not None else None)
        if not refused:
            return out
        kept = {c: n for c, n in out.items() if c not in refused}
        return kept or out

    def apply(self, work, value) -> None:
        work.draw_card(self, value)


def bag_order(bag) -> Sequence[str]:
    """The tile names in ``bag``, sorted (a bag that keeps its own order, as the fast mode's
    does, gives it with ``order()``, and its running totals in that order with
    ``totals()``)."""
    own = getattr(bag, "order", None)
    return own() if own is not None else _in_order(frozenset(bag))


@lru_cache(maxsize=4096)
def _in_order(tiles: frozenset[str]) -> tuple[str, ...]:
    """``tiles`` sorted by name (remembered: a bag's set of tile names changes seldom)."""
    return tuple(sorted(tiles))


def die_totals(rules, die: str) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """The faces of ``die`` and their running counts, as :func:`sample` finds them in its
    weights (kept per rules value)."""
    known = rules._memo["die_totals"]
    out = known.get(die)
    if out is None:
        faces = rules.die_faces(die)
        out = known[die] = (tuple(faces), tuple(accumulate(faces.values())))
    return out


def sample(weights: dict, rng) -> object:
    """The outcome that ``rng.randrange(total weight)`` falls on, the outcomes taken in
    their order in ``weights``."""
    totals = list(accumulate(weights.values()))
    return pick(list(weights), totals, rng)


def pick(outcomes: Sequence, totals: Sequence[int], rng) -> object:
    """The outcome whose running total ``totals`` (ascending, one per outcome) the number
    ``rng.randrange(totals[-1])`` falls under: how every step samples."""
    return outcomes[bisect_right(totals, rng.randrange(totals[-1]))]


def roll_die(rules, die: str, rng) -> str:
    """The face of ``die`` that :func:`sample` draws from its faces with ``rng``, from the
    die's running totals (:func:`die_totals`)."""
    return pick(*die_totals(rules, die), rng)


def _favoured(rules, greenhouse: bool) -> dict[str, int]:
    """The tiles whose ``mechanics.tile_weight`` is not 1, with their weights (kept per rules
    value)."""
    known = rules._memo["favoured"]
    if greenhouse not in known:
        from ..mechanics import tile_weight

        weights = {room: tile_weight(rules, room, greenhouse) for room in rules.rows("rooms.csv")}
        known[greenhouse] = {room: w for room, w in weights.items() if w != 1}
    return known[greenhouse]


def _weighted(rules) -> bool:
    """Whether these rules weigh any tile other than 1, the Greenhouse on the board or not
    (kept per rules value: a draw needs not look for the Greenhouse otherwise)."""
    known = rules._memo["weighted"]
    if None not in known:
        known[None] = bool(_favoured(rules, False) or _favoured(rules, True))
    return known[None]


def top_of_deck(remaining, bottom: tuple[str, ...]) -> dict:
    """The cards a draw can show: those not put under the deck (§16 Closet) are shuffled
    above the ``bottom`` ones, which come up last, in the order they went under."""
    if not bottom:
        return {c: n for c, n in sorted(remaining.items()) if n}
    top = dict(remaining)
    for card in bottom:
        top[card] -= 1
    if sum(top.values()):
        return {c: n for c, n in sorted(top.items()) if n}
    return {bottom[0]: 1}


@dataclass(frozen=True)
class Roll(Step):
    """A die roll or blind pick whose outcome a registered handler resolves
    (:func:`hooks.on_roll`): ``die`` names a die of ``dice.csv``, else ``options`` lists
    ``(value, weight)`` pairs."""

    purpose: str
    cell: Cell | None = None
    die: str | None = None
    options: tuple = ()
    data: tuple = ()
    kind: ClassVar[str] = "roll"

    def __post_init__(self) -> None:
        if self.purpose not in hooks.ROLLS:
            raise KeyError(f"no handler for rolls of {self.purpose!r}")

    @property
    def name(self) -> str:
        return self.purpose

    def label(self) -> str:
        return hooks.ROLLS[self.purpose].label

    def drawable(self, work) -> bool:
        if self.die is not None:
            return bool(work.rules.die_faces(self.die))
        return any(w for _, w in self.options)

    def weights(self, state) -> dict:
        if self.die is not None:
            return dict(state.rules.die_faces(self.die))
        return {v: w for v, w in self.options if w}

    def sample(self, state, rng) -> object:
        if self.die is not None:
            return roll_die(state.rules, self.die, rng)
        return sample(self.weights(state), rng)

    def apply(self, work, value) -> None:
        hooks.ROLLS[self.purpose].fn(work, self, value)


def amount_roll(cell: Cell | None, resource: str, values: tuple[int, ...]) -> Roll:
    """A printed range ("1-2 Coins"): each amount equally likely (placeholder, §8)."""
    return Roll("amount", cell, options=tuple((v, 1) for v in values), data=(resource,))


def _plain(v):
    if isinstance(v, tuple):
        return [_plain(x) for x in v]
    return v
