"""The decision tree of a determinized day, as the solver walks it.

A :class:`Node` is a moment at which the player decides (or the day is over): an immutable
engine :class:`~manorkit.blueprince.engine.State` with every random step before it resolved
by the :class:`~.determinize.Determinization`, and how many events of each chance stream
the day has used (which fixes what every later random step brings). Its children are the
nodes its legal decisions lead to. Nodes keep their parent and the actions from it (the
decision, then the chance outcomes), so a line is read back from any node.

:meth:`Keys.split` gives what two nodes must share to have the same future but for their
steps: every other field of the state the rules read, and the stream counts. It is built
from the state's fields, each frozen once per object (a state shares every field its step
left unchanged with its parent).
"""

from __future__ import annotations

from collections.abc import Mapping

from ..engine.actions import Action, Chance, Draft, EndDay, Move
from ..engine.setup import ANTECHAMBER
from ..engine.state import State
from .determinize import Determinization

#: State fields the rules read that a move's entry may change; a move that leaves every one
#: of them as it was (the same object) changed only where the marker stands, the steps and
#: the padlocks paid on the way.
ENTRY_FIELDS = ("board", "dirt", "trunks", "fruit", "tokens", "bag", "decks", "held_cards",
                "flags", "carry")
#: Resources a move pays with (steps; keys for padlocks).
MOVE_PAID = frozenset({"steps", "keys"})
#: Steps beyond which more steps make no moment better (the searches' repeat test only).
ENOUGH_STEPS = 80
#: Items a move may spend a charge of (padlocks on the route).
MOVE_CHARGES = frozenset({"Lockpick Kit", "Silver Key"})


class Node:
    """A decision point of a determinized day (see the module)."""

    __slots__ = ("actions", "counts", "depth", "parent", "state")

    def __init__(self, state: State, counts: dict[str, int], parent: Node | None,
                 actions: tuple[Action, ...]) -> None:
        self.state, self.counts, self.parent, self.actions = state, counts, parent, actions
        self.depth = 0 if parent is None else parent.depth + 1

    def line(self) -> list[Action]:
        """Every action from the root: decisions and chance outcomes, in order."""
        parts, node = [], self
        while node is not None:
            parts.append(node.actions)
            node = node.parent
        return [a for part in reversed(parts) for a in part]

    def __repr__(self) -> str:
        return f"<Node depth={self.depth} {self.state!r}>"


def settle(det: Determinization, state: State, counts: dict[str, int]
           ) -> tuple[State, dict[str, int], tuple[Chance, ...]]:
    """``state`` with its random steps resolved as ``det`` fixes them; the stream counts
    after them and the outcomes applied."""
    drawn: list[Chance] = []
    if state.is_chance and state.over is None:
        counts = dict(counts)
        while state.is_chance and state.over is None:
            outcome = det.outcome(state, counts)
            counts[outcome.label] = counts.get(outcome.label, 0) + 1
            drawn.append(outcome)
            state = state.apply(outcome)
    return state, counts, tuple(drawn)


def root(det: Determinization, state: State) -> Node:
    """The first decision point from ``state`` (its history's stream counts carried on)."""
    counts: dict[str, int] = {}
    for a in state.history:
        if type(a) is Chance:
            counts[a.label] = counts.get(a.label, 0) + 1
    settled, counts, drawn = settle(det, state, counts)
    return Node(settled, counts, None, drawn)


def child(det: Determinization, node: Node, action: Action) -> Node:
    """The node ``action`` leads to from ``node``."""
    state, counts, drawn = settle(det, node.state.apply(action), node.counts)
    return Node(state, counts, node, (action, *drawn))


def decisions(node: Node) -> list[Action]:
    """The decisions worth searching at ``node``: every legal action but ending the day,
    which never wins (§4 Action E: a day ended by choice is not won)."""
    return [a for a in node.state.legal_actions() if type(a) is not EndDay]


def idle_move(parent: State, move: Move, after: State, drafted: bool = False) -> bool:
    """Whether ``move`` from ``parent`` (reaching ``after``) only moved the marker: the room
    was entered before, its entry changed nothing the rules read but steps and the padlocks
    paid, and nothing but moving on and ending the day is offered there — nor drafting, with
    ``drafted`` (whose doors :func:`macro_children` drafts in move-and-draft children)."""
    cell = move.cell
    if cell == ANTECHAMBER or cell not in parent.entered or after.is_chance:
        return False
    for name in ENTRY_FIELDS:
        if getattr(after, name) is not getattr(parent, name):
            return False
    before, now = parent.resources, after.resources
    if any(before[r] != now[r] for r in before if r not in MOVE_PAID):
        return False
    if after.items is not parent.items and any(
            parent.items.get(i) != after.items.get(i)
            for i in set(parent.items) | set(after.items) if i not in MOVE_CHARGES):
        return False
    onward = (Move, EndDay, Draft) if drafted else (Move, EndDay)
    return not any(type(a) not in onward for a in after.legal_actions())


def macro_children(det: Determinization, node: Node, count=lambda: None):
    """The children the searches for a win walk: each decision's child, except that a move
    is followed at once by each draft through a door of the room it reaches (a move-and-draft
    child, its line both actions), and stands alone only when it does more than move the
    marker (:func:`idle_move`). A move serves a draft, a pickup or an entry effect; the moves
    between are where most of a day's tree lies and none of its progress. ``count`` is
    called for each child made."""
    for action in decisions(node):
        count()
        kid = child(det, node, action)
        if type(action) is not Move or kid.state.over is not None:
            yield action, kid
            continue
        if not idle_move(node.state, action, kid.state, drafted=True):
            yield action, kid
        if kid.state.is_chance:
            continue
        for draft in kid.state.legal_actions(Draft):
            count()
            yield draft, child(det, kid, draft)


class Keys:
    """The keys of nodes, freezing each field object of a state once (held by identity
    while the search lives, so an object's id is never reused meanwhile)."""

    def __init__(self) -> None:
        self._frozen: dict[int, tuple[object, object]] = {}

    def _freeze(self, value, how):
        got = self._frozen.get(id(value))
        if got is not None and got[0] is value:
            return got[1]
        out = how(self, value)
        self._frozen[id(value)] = (value, out)
        return out

    def _plain(self, value):
        return frozenset(value.items())

    def _deep(self, value):
        return _frozen(value)

    def _decks(self, value):
        f, plain = self._freeze, Keys._plain
        return frozenset((d, f(r, plain), f(x, plain)) for d, (r, x) in value.items())

    def _tokens(self, value):
        f, plain = self._freeze, Keys._plain
        return frozenset((c, f(t, plain)) for c, t in value.items())

    def split(self, node: Node) -> tuple[tuple, int]:
        """The node's key without the steps, and the steps: two moments with one key have
        the same future but for steps, and the one with more can do all the other can (see
        :meth:`.solver.Search.complete`)."""
        s, f = node.state, self._freeze
        plain, deep = Keys._plain, Keys._deep
        res = s.resources
        return (s.position, frozenset((r, n) for r, n in res.items() if r != "steps"),
                f(s.items, plain), f(s.board, plain), s.padlocks, f(s.dirt, plain),
                f(s.trunks, plain), f(s.fruit, plain), f(s.tokens, Keys._tokens),
                f(s.bag, plain), f(s.decks, Keys._decks), f(s.held_cards, plain), s.entered,
                f(s.flags, deep), f(s.carry, deep), s.pending, s.drafting, s.turn > 0,
                s.over, frozenset(node.counts.items())), res["steps"]

    def shadow(self, node: Node) -> tuple[tuple, int]:
        """A lighter key without the steps, and the steps (up to ``ENOUGH_STEPS``): what the
        searches for a win compare (two moments alike but for steps: the one with more is
        kept). It leaves out the Active Bag and the decks, which the board, the draft in
        progress, the flags and the stream counts nearly always fix: two moments it takes
        for one are at worst searched once, never a verdict's ground (a ``won`` line is
        replayed; ``lost`` rests on :meth:`split`)."""
        s, f = node.state, self._freeze
        plain, deep = Keys._plain, Keys._deep
        res = s.resources
        return (s.position, res["gems"], res["keys"], res["coins"], res["ivory_dice"],
                f(s.items, plain), f(s.board, plain), s.padlocks, f(s.dirt, plain),
                f(s.trunks, plain), f(s.fruit, plain), f(s.tokens, Keys._tokens),
                f(s.held_cards, plain), s.entered, f(s.flags, deep), s.pending, s.drafting,
                s.turn > 0, f(node.counts, plain)), min(res["steps"], ENOUGH_STEPS)


def _frozen(value):
    """A hashable copy of a field of a state (mappings as frozensets of their items)."""
    if isinstance(value, Mapping):
        return frozenset((k, _frozen(v)) for k, v in value.items())
    if isinstance(value, list | tuple):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, set):
        return frozenset(_frozen(v) for v in value)
    return value


__all__ = ["Keys", "Node", "child", "decisions", "idle_move", "macro_children", "root",
           "settle"]
