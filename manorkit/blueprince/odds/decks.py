"""Exact odds for the shuffled decks: Dig Result, Trunk Result, Common Items, Special Items.

§7 Item System (Item Spawn Decks; item draws by room), §8 Digging & Trunks (Deck Reshuffle
Rule), §16 Closet, Walk-in Closet, Attic, Mail Room, Locker Room, §19 Toolshed, Trading Post.

The draw model (§8 Deck Reshuffle Rule): cards are drawn one at a time; each resolves as it is
drawn and goes to the discard pile; when a card is needed and the deck is empty, the discards
are shuffled into a fresh deck and the draw continues ("draw your card as normal"). A draw of
several cards (the Metal Detector's 2 Dig cards, the Attic's 4 + 4) is that many single cards,
drawn in order (a room's Common Items cards before its Special Items cards, as in
``item_spawns.csv``). So ``T`` cards drawn from a deck with ``drawn`` in the discard pile are:
all the cards left (when ``T`` runs past them, that pass is fixed), then whole fresh decks,
then a multivariate hypergeometric sample of the last, partial pass.

Every drawn card counts as discarded once resolved, item cards included (§8 "gather all
discarded cards"; variant ``held_item_cards=discarded``, the default), so every fresh pass is
the full deck; under ``in_hand`` a draw that crosses a reshuffle is refused. Variants
honoured: ``closet_returns`` (``bottom``: Closet cards go under their deck, which then
cycles and never reshuffles),
``commissary_deck_exhausted``, ``repeat_entry_rewards``, ``nook_roll``, ``numbered_lock_die``,
``random_spawn_rooms``, and through ``rules.deck`` every variant that patches a deck
(``trunk_deck_size``, ``shovel_count``, ``telescope_copies``).
"""

from __future__ import annotations

import math
import numbers
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any

from ...dist import Dist
from ..loader import Span
from ..mechanics import card_gain, refuses_cards
from ..mechanics.entries import ON_ENTRY, paid_entries
from ..rules import Rules
from ._common import die, faces, numbered_success, resolve, room_name
from ._common import names as known_names

__all__ = [
    "RESOURCES", "deck_at_least", "deck_draws", "digs", "draws_until", "expected_yield",
    "room_draws", "room_yield", "trunks", "yield_dist",
]

RESOURCES = ("steps", "coins", "keys", "gems", "ivory_dice", "trunks")
DETECTOR = "Metal Detector"
DETECTOR_CARDS = 2  # §8 Digging: "Holding the Metal Detector: Draw 2 Dig Result cards per dig"
_SPAWN_DECKS = {"common": "common_items", "special": "special_items"}  # item_spawns.csv columns
_LOCKERS = "Locker Room"  # §16: one white-die roll per Key spent, on every entry
_TRADE = "Trading Post"  # §19: set aside 1 held item, draw 2, keep 1
_CLOSET = "Closet"  # §16 Closet, variant closet_returns
_NOOK = "Nook"  # variant nook_roll

Cards = Mapping[str, int] | Iterable[str] | None


# -- decks and inputs ---------------------------------------------------------------------------

@dataclass(frozen=True)
class _Deck:
    name: str
    cards: tuple[str, ...]  # the cards with at least one copy, sorted by name
    full: tuple[int, ...]  # their copies
    known: frozenset[str]  # every card the deck lists (0 copies under a variant included)
    after_draw: str
    in_hand: bool = False  # item cards stay in hand, out of reshuffles (held_item_cards)

    @property
    def size(self) -> int:
        return sum(self.full)


@lru_cache(maxsize=128)
def _named(rules: Rules, name: str) -> _Deck:
    if name not in rules.rows("decks.csv"):
        raise ValueError(f"no deck {name!r}; decks: {', '.join(rules.deck_names)}")
    copies = rules.deck_counts(name)
    cards = tuple(sorted(copies))
    rows = rules.rows(f"decks/{name}.csv")
    return _Deck(name, cards, tuple(int(copies[c]) for c in cards), frozenset(rows),
                 rules.rows("decks.csv")[name]["after_draw"],
                 rules.variant("held_item_cards") == "in_hand"
                 and any(r.get("item") for r in rows.values()))


def _deck(deck: Any, rules: Rules) -> _Deck:
    """A deck name of ``rules.deck_names``, or a custom deck (dict or Series card → copies)."""
    if isinstance(deck, str):
        return _named(rules, deck)
    if not hasattr(deck, "items"):
        raise ValueError("deck must be a deck name, or a dict / pandas Series card → copies")
    pairs = sorted((str(card), n) for card, n in deck.items())
    if any(isinstance(n, bool) or not isinstance(n, numbers.Integral) or n < 0 for _, n in pairs):
        raise ValueError(f"copies must be non-negative integers: {dict(pairs)!r}")
    if not any(n for _, n in pairs):
        raise ValueError("a custom deck needs at least one card")
    return _Deck("custom", tuple(c for c, n in pairs if n), tuple(int(n) for _, n in pairs if n),
                 frozenset(c for c, _ in pairs), "discard_reshuffle")


def _mode(d: _Deck, returns: str | None, rules: Rules) -> str:
    """How drawn cards come back: ``discard`` (§8), ``bottom`` (§16 Closet) or ``keep``."""
    if returns is not None:
        if returns not in ("discard", "bottom", "keep"):
            raise ValueError(f"returns must be 'discard', 'bottom' or 'keep', got {returns!r}")
        return returns
    after = d.after_draw
    if after == "discard_reshuffle":
        return "discard"
    if after == "keep":  # §12 stock cards, variant commissary_deck_exhausted
        return "discard" if rules.variant("commissary_deck_exhausted") == "reshuffle" else "keep"
    if after in ("bottom", "sleeve"):  # one pass only (§19: the order then depends on choices)
        return "keep"
    raise ValueError(f"the {d.name} deck is used in a fixed order (after_draw={after}), "
                     "it is not shuffled and drawn at random")


def _whole(name: str, value: Any, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < low:
        raise ValueError(f"{name} must be an integer >= {low}, got {value!r}")
    return int(value)


def _start(d: _Deck, drawn: Cards) -> tuple[int, ...]:
    """The copies left in the deck once the cards of ``drawn`` are in the discard pile."""
    if drawn is None:
        return d.full
    if isinstance(drawn, str):
        raise ValueError("drawn must be a list of card names or a mapping card → count")
    pairs = drawn.items() if hasattr(drawn, "items") else Counter(drawn).items()
    left = dict(zip(d.cards, d.full, strict=True))
    for card, n in pairs:
        (card,) = known_names(d.known, (card,), "card", f" in the {d.name} deck")
        if isinstance(n, bool) or not isinstance(n, numbers.Integral) or n < 0:
            raise ValueError(f"drawn count of {card!r} must be a non-negative integer, got {n!r}")
        if n > left.get(card, 0):
            raise ValueError(f"{n} x {card!r} drawn, but only {left.get(card, 0)} are in the "
                             f"{d.name} deck")
        if card in left:
            left[card] -= int(n)
    return tuple(left[c] for c in d.cards)


def _target(d: _Deck, card: str | Iterable[str] | Callable[[str], bool]) -> tuple[bool, ...]:
    """Which cards of ``d`` the target names: a card name, a set of names or a predicate."""
    if callable(card) and not isinstance(card, str):
        return tuple(bool(card(c)) for c in d.cards)
    given = (card,) if isinstance(card, str) else tuple(card)
    if not given:
        raise ValueError(f"no card named; cards of the {d.name} deck: "
                         f"{', '.join(sorted(d.known))}")
    wanted = set(known_names(d.known, given, "card", f" in the {d.name} deck"))
    return tuple(c in wanted for c in d.cards)


def _held(rules: Rules, held: Iterable[str]) -> frozenset[str]:
    if isinstance(held, str):
        raise ValueError("held must be a collection of item names, e.g. ('Salt Shaker',)")
    return frozenset(known_names(rules.rows("tables/items.csv"), tuple(held), "item"))


# -- the pass structure (§8 Deck Reshuffle Rule) ------------------------------------------------

@lru_cache(maxsize=1 << 16)
def _hyp(deck: tuple[int, ...], m: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """Every multiset of ``m`` cards from ``deck`` with its number of ways, prod C(c_i, x_i);
    the ways sum to C(|deck|, m)."""
    if not deck:
        return (((), 1),) if m == 0 else ()
    head, rest = deck[0], deck[1:]
    room = sum(rest)
    return tuple(((x, *tail), math.comb(head, x) * w)
                 for x in range(max(0, m - room), min(head, m) + 1)
                 for tail, w in _hyp(rest, m - x))


def _split(d: _Deck, mode: str, start: tuple[int, ...], total: int):
    """``(fixed, sample, m)``: ``total`` cards drawn are ``fixed`` plus a hypergeometric sample
    of ``m`` cards from ``sample`` (§8: the cards left, whole fresh decks, a partial pass)."""
    left = sum(start)
    if mode == "bottom":  # §16 Closet: cards go under the deck, which cycles through its cards
        cycle = start if left else d.full  # an empty deck is first reshuffled (§8)
        q, m = divmod(total, sum(cycle))
        return tuple(q * c for c in cycle), cycle, m
    if total <= left:
        return (0,) * len(start), start, total
    if d.in_hand:
        raise ValueError(f"{total} cards from the {d.name} deck cross a reshuffle: under "
                         "held_item_cards=in_hand the fresh deck depends on the items still "
                         "held, which these odds do not follow (use held_item_cards=discarded)")
    if mode == "keep":
        raise ValueError(f"only {left} cards are left in the {d.name} deck and it is not "
                         f"reshuffled (after_draw={d.after_draw}); cannot draw {total}")
    q, m = divmod(total - left, d.size)
    return tuple(s + q * f for s, f in zip(start, d.full, strict=True)), d.full, m


def _tail(n: int, t: int, m: int, need: int) -> Fraction:
    """P(at least ``need`` of the ``t`` targets among ``m`` cards drawn from ``n``)."""
    if need <= 0:
        return Fraction(1)
    top = min(t, m)
    if need > top:
        return Fraction(0)
    ways = sum(math.comb(t, x) * math.comb(n - t, m - x) for x in range(need, top + 1))
    return Fraction(ways, math.comb(n, m))


def _prepare(deck, draws, per_draw, drawn, returns, rules):
    rules = resolve(rules)
    d = _deck(deck, rules)
    mode = _mode(d, returns, rules)
    total = _whole("draws", draws, 0) * _whole("per_draw", per_draw, 1)
    return rules, d, mode, _start(d, drawn), total


@lru_cache(maxsize=512)
def _joint(d: _Deck, fixed: tuple[int, ...], sample: tuple[int, ...], m: int) -> Dist:
    # Card by card, every way to take x of this card's copies in the sample (the outcome
    # key grows as it goes); the ways multiply to prod C(c_i, x_i), as in _hyp.
    room = [0] * (len(sample) + 1)  # copies in the sample from card i on
    for i in range(len(sample) - 1, -1, -1):
        room[i] = room[i + 1] + sample[i]
    level: list[tuple[tuple, int, int]] = [((), m, 1)]
    for i, (card, f, s) in enumerate(zip(d.cards, fixed, sample, strict=True)):
        after, ways_of = room[i + 1], [math.comb(s, x) for x in range(s + 1)]
        nxt = []
        for key, left, ways in level:
            for x in range(max(0, left - after), min(s, left) + 1):
                n = f + x
                nxt.append((key + ((card, n),) if n else key, left - x, ways * ways_of[x]))
        level = nxt
    return Dist._from_weights({key: ways for key, _, ways in level})


def deck_draws(deck, draws: int, per_draw: int = 1, drawn: Cards = None, *,
               returns: str | None = None, rules: Rules | None = None) -> Dist:
    """The exact joint distribution of the cards drawn in ``draws`` draws of ``per_draw`` cards.

    §8 Deck Reshuffle Rule (§7 for the item decks): the cards in ``drawn`` (a list of names
    or a mapping card → count) are already in the discard pile; each drawn card is discarded
    after it resolves; an empty deck is reshuffled from the discards. ``deck`` is a name of
    ``rules.deck_names`` or a custom dict/Series card → copies. Outcomes are tuples of
    ``(card, count)`` sorted by card, zero counts left out. ``returns`` overrides the deck's
    ``after_draw``: ``"bottom"`` (§16 Closet, variant ``closet_returns``) puts each card under
    the deck; ``"keep"`` never reshuffles. Decks used in a fixed order (meals, prophecies) are
    refused; the Outer Room pile (§19) only for one pass. Variants: those patching a deck
    (``trunk_deck_size``, ``shovel_count``, ``telescope_copies``), and
    ``commissary_deck_exhausted`` for the Commissary stock cards.
    """
    _, d, mode, start, total = _prepare(deck, draws, per_draw, drawn, returns, rules)
    return _joint(d, *_split(d, mode, start, total))


def deck_at_least(deck, card, draws: int, k: int = 1, per_draw: int = 1, drawn: Cards = None, *,
                  returns: str | None = None, rules: Rules | None = None) -> Fraction:
    """P(at least ``k`` copies of ``card`` among ``draws`` draws of ``per_draw`` cards).

    ``card`` is a card name, a set of names, or a predicate on card names. Same rules and
    arguments as :func:`deck_draws` (§8 Deck Reshuffle Rule), by a closed form: the cards left
    and whole fresh decks are fixed, the last pass is a hypergeometric tail (math.comb).
    """
    _, d, mode, start, total = _prepare(deck, draws, per_draw, drawn, returns, rules)
    mask = _target(d, card)
    k = _whole("k", k, 0)
    fixed, sample, m = _split(d, mode, start, total)
    have = sum(f for f, t in zip(fixed, mask, strict=True) if t)
    targets = sum(s for s, t in zip(sample, mask, strict=True) if t)
    return _tail(sum(sample), targets, m, k - have)


def draws_until(deck, card, p: Fraction | float = Fraction(1, 2), *, per_draw: int = 1,
                drawn: Cards = None, returns: str | None = None,
                rules: Rules | None = None) -> int:
    """The fewest draws after which at least one ``card`` has probability greater than ``p``
    (default: more likely than not). §8 Deck Reshuffle Rule, as :func:`deck_at_least`.

    Raises ValueError when no number of draws gets there (no copy can be drawn).
    """
    rules = resolve(rules)
    p = Fraction(str(p)) if isinstance(p, float) else Fraction(p)
    if not 0 <= p < 1:
        raise ValueError(f"p must be in [0, 1), got {p}")
    d = _deck(deck, rules)
    mode = _mode(d, returns, rules)
    per_draw = _whole("per_draw", per_draw, 1)
    left = sum(_start(d, drawn))
    if mode == "keep":
        most = left // per_draw
    else:  # past these cards (all left, then a whole deck or cycle) the chance stays put
        most = -(-(left + d.size if mode == "discard" else left or d.size) // per_draw)
    for n in range(1, most + 1):
        if deck_at_least(deck, card, n, 1, per_draw, drawn, returns=returns, rules=rules) > p:
            return n
    raise ValueError(f"at least one {card!r} never gets a chance above {p} in the "
                     f"{d.name} deck")


# -- digs and trunks (§8) -----------------------------------------------------------------------

def _plus(*vectors: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(map(sum, zip(*vectors, strict=True)))


@lru_cache(maxsize=256)
def _digs(d: _Deck, start: tuple[int, ...], n: int, trigger: tuple[bool, ...]) -> Dist:
    """Joint counts of ``n`` digs drawing 1 card each until a ``trigger`` card (the Metal
    Detector) is drawn, then DETECTOR_CARDS each. Conditioned on where the first trigger lies
    in its pass, the other cards of that pass are a hypergeometric sample (see _split)."""
    zero = (0,) * len(d.full)
    only = tuple(c if t else 0 for c, t in zip(d.full, trigger, strict=True))
    if not any(only):
        return _joint(d, *_split(d, "discard", start, n))
    left = sum(start)
    in_start = any(s for s, t in zip(start, trigger, strict=True) if t)
    if not in_start and n <= left:  # no Metal Detector among the cards left
        return _joint(d, zero, start, n)
    base, before, deck = (zero, 0, start) if in_start else (start, left, d.full)
    size = sum(deck)
    copies = sum(c for c, t in zip(deck, trigger, strict=True) if t)
    others = tuple(0 if t else c for c, t in zip(deck, trigger, strict=True))
    parts: list[tuple[Fraction, tuple[int, ...], tuple[int, ...], int]] = []

    def add(weight: Fraction, fixed: tuple[int, ...], sample: tuple[int, ...], m: int) -> None:
        parts.append((weight / math.comb(sum(sample), m), fixed, sample, m))

    single = n - before  # single-card digs left when this pass starts
    if single <= size - copies:  # no Metal Detector in any of them
        add(Fraction(math.comb(size - copies, single), math.comb(size, single)), base, others,
            single)
    for p in range(1, min(size - copies + 1, single) + 1):  # the first one is card p
        first = Fraction(math.comb(size - p, copies - 1), math.comb(size, copies))
        after = DETECTOR_CARDS * (single - p)
        if after > size - p:  # the pass runs out: all of it, then fresh decks
            q, m = divmod(after - (size - p), d.size)
            add(first, _plus(base, deck, tuple(q * c for c in d.full)), d.full, m)
            continue
        for j in range(min(copies - 1, after) + 1):  # j more Metal Detectors after card p
            w = Fraction(math.comb(copies - 1, j) * math.comb(size - p - copies + 1, after - j),
                         math.comb(size - p, after))
            if not w:
                continue
            found = math.comb(copies, 1 + j)
            for ys, wy in _hyp(only, 1 + j):
                add(w * first * Fraction(wy, found), _plus(base, ys), others, p - 1 + after - j)
    den = math.lcm(*(w.denominator for w, *_ in parts))
    out: dict[tuple, int] = {}
    for weight, fixed, sample, m in parts:  # integer weights over one denominator: fast
        scale = weight.numerator * (den // weight.denominator)
        for xs, w in _hyp(sample, m):
            key = tuple((c, f + x) for c, f, x in zip(d.cards, fixed, xs, strict=True) if f + x)
            out[key] = out.get(key, 0) + scale * w
    return Dist.from_counts(out)


def digs(n: int, metal_detector: bool = False, *, drawn: Cards = None,
         rules: Rules | None = None) -> Dist:
    """The joint distribution of the Dig Result cards drawn in ``n`` digs (§8 Digging).

    One card per dig; DETECTOR_CARDS per dig while the Metal Detector is held
    (``metal_detector=True`` from the start; a Metal Detector card dug up here is held from
    the next dig on). Outcomes and ``drawn`` as in :func:`deck_draws` (§8 Deck Reshuffle
    Rule). Variant ``dig_step_cost`` changes steps, not cards, and does not apply here.
    """
    rules = resolve(rules)
    d = _named(rules, "dig")
    n = _whole("n", n, 0)
    if metal_detector:
        return deck_draws("dig", n, DETECTOR_CARDS, drawn, rules=rules)
    rows = rules.rows("decks/dig.csv")
    trigger = tuple(rows[c]["item"] == DETECTOR for c in d.cards)
    return _digs(d, _start(d, drawn), n, trigger)


def trunks(n: int, *, drawn: Cards = None, rules: Rules | None = None) -> Dist:
    """The joint distribution of the Trunk Result cards from opening ``n`` trunks, one card
    each (§8 Locked Trunks, Deck Reshuffle Rule); variant ``trunk_deck_size`` applies."""
    return deck_draws("trunk", _whole("n", n, 0), 1, drawn, rules=rules)


# -- yields: steps, coins, keys, gems, ivory dice, trunk tokens ---------------------------------

@dataclass(frozen=True)
class _Kind:
    """Cards that yield alike for one resource (they are merged to keep the walk small); the
    first card of a kind stands for it when it is resolved (``card``, not compared)."""

    amount: int | Span | None
    food: str | None
    item: str | None  # the item gained, when holding it changes a later card
    instead: int  # paid instead of the item when it is already held ("If already held ...")
    resource: str = ""
    card: tuple[str, str] = field(default=("", ""), compare=False)  # (deck, card)


def _instead(row: dict, resource: str) -> int:
    """The amount of ``resource`` an "If already held, gain X instead" card pays (its
    ``instead_keys`` / ``instead_coins`` column, read as :func:`mechanics.card_gain` does)."""
    if not row.get("item"):
        return 0
    return int(row.get(f"instead_{resource}") or 0)


@lru_cache(maxsize=256)
def _kinds(rules: Rules, decks: tuple[str, ...], resource: str):
    """Per deck ``(kinds, kind of each card)``, and the items whose holding matters."""
    if resource not in RESOURCES:
        raise ValueError(f"resource must be one of {', '.join(RESOURCES)}, got {resource!r}")
    rows = {name: rules.rows(f"decks/{name}.csv") for name in decks}
    every = [r for table in rows.values() for r in table.values()]
    triggers = {r["item"] for r in every if _instead(r, resource)}
    if resource == "steps" and any(r.get("food") for r in every):
        triggers |= set(rules.rows("tables/food_modifiers.csv"))
    out = []
    for name in decks:
        index: dict[_Kind, int] = {}
        of_card = []
        for card in _named(rules, name).cards:
            r = rows[name][card]
            kind = _Kind(r.get(resource), r.get("food") if resource == "steps" else None,
                         r.get("item") if r.get("item") in triggers else None,
                         _instead(r, resource), resource, (name, card))
            of_card.append(index.setdefault(kind, len(index)))
        out.append((tuple(index), tuple(of_card)))
    return tuple(out), frozenset(triggers)


def _lump(of_card: tuple[int, ...], counts: tuple[int, ...], kinds: int) -> tuple[int, ...]:
    out = [0] * kinds
    for k, c in zip(of_card, counts, strict=True):
        out[k] += c
    return tuple(out)


def _gain(rules: Rules, kind: _Kind, seen: frozenset[str]):
    """``(items held after, the equally likely amounts gained)`` for one card of ``kind``
    while holding ``seen``: what :func:`mechanics.card_gain` gives (§7, §8 "If already held",
    §11 food), the one reading the engine resolves cards by."""
    deck, card = kind.card
    got = card_gain(rules, deck, card, tuple(sorted(seen)))
    amount = got.trunks if kind.resource == "trunks" else got.amounts.get(kind.resource)
    if kind.item and got.item:
        seen = seen | {got.item}
    return seen, amount.values if isinstance(amount, Span) else (int(amount or 0),)


@lru_cache(maxsize=512)
def _walk(rules: Rules, tracks: tuple, schedule: tuple[int, ...], seen: frozenset[str],
          dist: bool):
    """Draw card by card, in ``schedule`` order (an index of ``tracks`` per card), exactly.

    A track is ``(kinds, full, start, mode)`` of lumped copies. The state is the cards left
    in each deck and the items held; a card's yield depends on the items held before it
    (§11: food is eaten as drawn; §8 "If already held"). Weights are integers over one
    running denominator. Returns the Dist of the total when ``dist``, else the exact
    expected total after each card.
    """
    states = {(tuple(t[2] for t in tracks), seen, 0): 1}
    den, mean, means, gains = 1, Fraction(0), [], {}
    for i in schedule:
        kinds, full, _, mode = tracks[i]
        size = sum(next(iter(states))[0][i])  # every state has drawn as many cards
        if not size:
            if mode != "discard":
                raise ValueError("more Closet entries than cards in a deck: under "
                                 "closet_returns=bottom, yields are modelled for one cycle")
            size = sum(full)
        lcm = math.lcm(*(len(k.amount.values) if isinstance(k.amount, Span) else 1
                         for k in kinds))
        new: dict[tuple, int] = {}
        step = 0
        for (decks, held, acc), w in states.items():
            deck = decks[i] if sum(decks[i]) else full
            for c, copies in enumerate(deck):
                if not copies:
                    continue
                if (i, c, held) not in gains:
                    gains[i, c, held] = _gain(rules, kinds[c], held)
                after, values = gains[i, c, held]
                left = (*decks[:i], (*deck[:c], copies - 1, *deck[c + 1:]), *decks[i + 1:])
                weight = w * copies * (lcm // len(values))
                if dist:
                    for v in values:
                        key = (left, after, acc + v)
                        new[key] = new.get(key, 0) + weight
                else:
                    step += weight * sum(values)
                    new[left, after, 0] = new.get((left, after, 0), 0) + w * copies
        if not dist:
            mean += Fraction(step, den * size * lcm)
            means.append(mean)
            den *= size
        states = new
    if dist:
        out: dict[int, int] = {}
        for (_, _, acc), w in states.items():
            out[acc] = out.get(acc, 0) + w
        return Dist.from_counts(out)
    return tuple(means)


def _tracks(rules: Rules, decks: tuple[str, ...], starts, modes, resource: str, held):
    lumped, triggers = _kinds(rules, decks, resource)
    tracks = []
    for name, (kinds, of_card), start, mode in zip(decks, lumped, starts, modes, strict=True):
        d = _named(rules, name)
        full = _lump(of_card, d.full, len(kinds))
        begin = _lump(of_card, start, len(kinds))
        if mode == "bottom" and not sum(begin):  # §8: an empty deck is reshuffled first
            begin = full
        tracks.append((kinds, full, begin, mode))
    return tuple(tracks), frozenset(held) & triggers


def _deck_yield(deck, draws, per_draw, held, drawn, returns, rules, resource, dist):
    rules, d, mode, start, total = _prepare(deck, draws, per_draw, drawn, returns, rules)
    if d.name == "custom":
        raise ValueError("yields need a named deck: its card table holds the yields")
    _split(d, mode, start, total)  # refuses draws past a deck that is not reshuffled
    tracks, seen = _tracks(rules, (d.name,), (start,), (mode,), resource, _held(rules, held))
    if not total:
        return Dist.constant(0) if dist else Fraction(0)
    result = _walk(rules, tracks, (0,) * total, seen, dist)
    return result if dist else result[-1]


def expected_yield(deck, draws: int, per_draw: int = 1, *, held: Iterable[str] = (),
                   drawn: Cards = None, returns: str | None = None,
                   rules: Rules | None = None) -> dict[str, Fraction]:
    """The exact expected steps, coins, keys, gems, ivory dice and trunk tokens gained from
    ``draws`` draws of ``per_draw`` cards of a named deck (§7 Item Spawn Decks, §8).

    Cards resolve in the order drawn, so a Salt Shaker drawn (or in ``held``) adds to the
    food eaten after it (§11, ``food_modifiers.csv``), and a card whose item is already held
    pays its "If already held, gain X instead" amount (§8; items are assumed not used up
    during the draws). A printed range is uniform (_common.amount). Reshuffles and variants
    as :func:`deck_draws`.
    """
    return {r: _deck_yield(deck, draws, per_draw, held, drawn, returns, rules, r, False)
            for r in RESOURCES}


def yield_dist(deck, draws: int, resource: str, per_draw: int = 1, *,
               held: Iterable[str] = (), drawn: Cards = None, returns: str | None = None,
               rules: Rules | None = None) -> Dist:
    """The exact distribution of one ``resource`` (one of RESOURCES) gained from ``draws``
    draws of ``per_draw`` cards of a named deck; rules as :func:`expected_yield` (§7, §8)."""
    return _deck_yield(deck, draws, per_draw, held, drawn, returns, rules, resource, True)


# -- rooms (§7 item draws by room, §16, §19) ----------------------------------------------------

@dataclass(frozen=True)
class _Plan:
    decks: tuple[tuple[str, int], ...]  # (deck, cards per draw), Common Items first
    rolls: int  # entries (lockers for the Locker Room) that draw
    chance: Fraction  # the chance such an entry draws (a spawn roll), else 1
    returns: str | None


def _spawn_chance(rules: Rules, room: str, row: dict) -> Fraction:
    """§7 spawn roll; variants ``nook_roll``, ``numbered_lock_die``, ``random_spawn_rooms``."""
    if room == _NOOK:
        reading = rules.variant("nook_roll")
        if reading == "six":  # the blue die read as a standard d6
            return die(rules, "d6").p(lambda f: f in faces(row["success"]))
        return die(rules, row["die"]).p("OPEN" if reading == "open_face" else "LOCKED")
    if room != _LOCKERS and rules.variant("random_spawn_rooms") == "icon_tiles":
        return Fraction(0)  # no tile is marked with an item icon yet (a placeholder list)
    return numbered_success(rules, row["die"], row["success"])


def _plan(rules: Rules, room: str, visits: int) -> _Plan:
    spawns = rules.rows("tables/item_spawns.csv")
    if room not in spawns:
        raise ValueError(f"{room!r} draws no item cards; rooms that do: {', '.join(spawns)}")
    row = spawns[room]
    decks = tuple((deck, int(row[col])) for col, deck in _SPAWN_DECKS.items() if row[col])
    if not decks:
        raise ValueError(f"{room} draws no Common or Special Items cards ({row['note']})")
    visits = _whole("visits", visits, 0)
    info = rules.room(room)
    if room == _LOCKERS:
        rolls = visits
    elif info["category"] == "outer" or "carry_forward" in (info["tags"] or ()):
        rolls = min(visits, 1)  # §19 one Outer Room visit a day; §16 one Mail Room package
    elif rules.variant("repeat_entry_rewards") == "every_entry":
        rolls = visits
    else:
        rolls = min(visits, 1)
    refused = [deck for deck, _ in decks if refuses_cards(rules, deck, room)]
    if refused:  # a card sent back for another draw (§7 Cupcake): not modelled
        raise ValueError(f"under cupcake_source=walk_in_closet_only the {room} sends the "
                         f"Cupcake back to the {refused[0]} deck and draws again; the "
                         "calculator does not model that redraw")
    chance = _spawn_chance(rules, room, row) if row["die"] else Fraction(1)
    bottom = room == _CLOSET and rules.variant("closet_returns") == "bottom"
    return _Plan(decks, rolls, chance, "bottom" if bottom else None)


def _drawn_by_deck(plan: _Plan, drawn: Mapping[str, Cards] | None) -> dict[str, Cards]:
    drawn = {} if drawn is None else drawn
    if not hasattr(drawn, "items"):
        raise ValueError("drawn must map a deck name to the cards already drawn from it")
    names = [deck for deck, _ in plan.decks]
    extra = sorted(set(drawn) - set(names))
    if extra:
        raise ValueError(f"this room draws from {', '.join(names)}, not {', '.join(extra)}")
    return dict(drawn)


def _binomial(n: int, p: Fraction) -> list[tuple[int, Fraction]]:
    return [(s, math.comb(n, s) * p**s * (1 - p) ** (n - s)) for s in range(n + 1)
            if p ** s * (1 - p) ** (n - s)]


def room_draws(room: str, visits: int = 1, *, held: Iterable[str] = (),
               drawn: Mapping[str, Cards] | None = None,
               rules: Rules | None = None) -> dict[str, Dist]:
    """The cards a room draws over ``visits`` entries: deck name → :func:`deck_draws` Dist.

    Counts from ``item_spawns.csv`` (§7): Closet 1 + 1, Walk-in Closet 2 + 1, Attic 4 + 4,
    Mail Room 1 + 2 (a package pending, §16), Toolshed 2, Trading Post 2 offered (§19; needs
    a ``held`` item to trade), Locker Room 1 per locker on a white-die OPEN (``visits`` =
    lockers opened, §16), and the spawn rolls of Bedrooms, Green Rooms and the Nook (variants
    ``nook_roll``, ``numbered_lock_die``, ``random_spawn_rooms``; Maid's Chamber and Veranda
    not modelled). Which entries draw follows ``repeat_entry_rewards`` (Outer Rooms and the
    Mail Room draw once a run). Closet cards go under the deck under ``closet_returns=bottom``.
    ``drawn`` maps a deck name to cards already in its discard pile. Each deck's Dist is its
    marginal; the decks are independent except through one shared spawn roll.
    """
    rules = resolve(rules)
    room = room_name(rules, room)
    plan = _plan(rules, room, visits)
    if room == _TRADE and not _held(rules, held):
        raise ValueError("the Trading Post trades 1 held item: pass held=(item, ...)")
    drawn = _drawn_by_deck(plan, drawn)
    out = {}
    for deck, cards in plan.decks:
        parts = [(w, deck_draws(deck, s, cards, drawn.get(deck), returns=plan.returns,
                                rules=rules)) for s, w in _binomial(plan.rolls, plan.chance)]
        out[deck] = parts[0][1] if len(parts) == 1 else Dist.mixture(parts)
    return out


def room_yield(room: str, visits: int = 1, *, held: Iterable[str] = (),
               drawn: Mapping[str, Cards] | None = None,
               rules: Rules | None = None) -> dict[str, Fraction]:
    """The exact expected resources (RESOURCES) a room gives over ``visits`` entries: its
    entry resources (``room_resources.csv``) plus its item draws (§7, §16, §19).

    Draws as :func:`room_draws`; yields as :func:`expected_yield`, with the cards of an entry
    resolved in order, Common Items first (so a Salt Shaker found in the Special Items draw
    helps food from later entries only). Costs (the Locker Room's Keys) are not subtracted;
    the Trading Post is refused: its yield depends on which card the player keeps.
    """
    rules = resolve(rules)
    room = room_name(rules, room)
    if room == _TRADE:
        raise ValueError("the Trading Post's yield depends on which card you keep; "
                         "use room_draws for the offer")
    plan = _plan(rules, room, visits)
    held = _held(rules, held)
    drawn = _drawn_by_deck(plan, drawn)
    names = tuple(deck for deck, _ in plan.decks)
    mode = plan.returns or "discard"
    starts = tuple(_start(_named(rules, n), drawn.get(n)) for n in names)
    entry = tuple(i for i, (_, cards) in enumerate(plan.decks) for _ in range(cards))
    rolls = _binomial(plan.rolls, plan.chance)
    fixed = rules.rows("tables/room_resources.csv").get(room)
    out = {}
    for resource in RESOURCES:
        tracks, seen = _tracks(rules, names, starts, (mode,) * len(names), resource, held)
        means = (0, *_walk(rules, tracks, entry * plan.rolls, seen, False)) if plan.rolls else (0,)
        value = sum((w * means[s * len(entry)] for s, w in rolls), Fraction(0))
        if fixed and fixed["when"] in ON_ENTRY and fixed.get(resource):
            times = paid_entries(rules, fixed["when"], visits)
            value += times * Fraction(sum(_values(fixed[resource])), len(_values(fixed[resource])))
        out[resource] = value
    return out


def _values(cell: int | Span) -> tuple[int, ...]:
    return cell.values if isinstance(cell, Span) else (int(cell),)
