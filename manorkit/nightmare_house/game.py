"""Nightmare House played: the game as an immutable state, from the House's setup to the
Entity exorcised or 5 AM (:func:`new_game`).

The House is the player named ``House``; the Hunters follow in seat order (the First Hunter
first). Every random step reads its calculator (:mod:`.contests`, :mod:`.cups`,
:mod:`.astral`). What each player may see is :meth:`State.observation`; the bots read only
that. The phases are in :mod:`.setup`, :mod:`.phases`, :mod:`.haunt_phase`,
:mod:`.astral_play` and :mod:`.discoveries`.
"""

from __future__ import annotations

from ..gamestate import GameState, IllegalAction
from . import astral_play, discoveries, haunt_phase, phases, setup  # noqa: F401 (registers steps)
from .board import HOUSE, Board
from .rules import Rules, load_rules

__all__ = ["HOUSE", "State", "new_game"]


class State(GameState):
    """A game of Nightmare House at one moment (see :mod:`manorkit.gamestate`)."""

    BOARD = Board
    GAME = "manorkit.nightmare_house"
    RULES = Rules

    # -- what a player may see ------------------------------------------------------------
    def observation(self, player: str) -> dict:
        """Everything ``player`` may read: the table, the ASTRAL MAP, the CLOCK (which Hours
        hold Haunts), his own Power Markers and Tools; the House also its own markers, the
        Haunts it drew and the Discoveries it placed. Hidden: the other sections of the
        POWER WHEEL and the Tools others hold (how many only), Haunts and Discoveries not
        yet turned over, Tools lying where he is not."""
        b = self.board
        if player != HOUSE and player not in b.hunters:
            raise ValueError(f"unknown player {player!r}; players: {', '.join(b.players)}")
        house = player == HOUSE
        me = b.hunters.get(player)
        hunters = {}
        for p, h in b.hunters.items():
            hunters[p] = {
                "character": h.character, "space": h.space, "soul": h.soul,
                "psyche_vulnerable": h.psyche_vulnerable, "psyche": h.psyche,
                "astral": h.astral, "lost": h.lost, "unconscious": h.unconscious,
                "panicked": h.panicked, "dead": h.dead, "possessed": h.possessed,
                "markers": len(h.power), "tools": len(h.tools), "moved": h.moved}
        haunts = [{"n": h.n, "space": h.space, "hour": h.hour, "mobile": h.mobile,
                   "name": h.name if house or h.revealed else None,
                   "power": h.power if house or h.revealed else None} for h in b.haunts]
        finds = {s: (d["name"] if house or d["flipped"] else None)
                 for s, d in b.discoveries.items() if not d.get("removed")}
        here = me.space if me else None
        floor = {s: (list(t) if s == here else len(t)) for s, t in b.tools.items()}
        step = b.queue[0] if b.queue else None
        return {
            "player": player, "players": b.players, "hour": b.turn,
            "step": step.kind if step else None, "step_args": _public(step, house),
            "entity": b.entity, "axes": dict(b.axes), "rooms": dict(b.rooms),
            "focus": list(b.focus), "pentagram": b.pentagram, "lights": dict(b.lights),
            "hunters": hunters, "haunts": haunts, "discoveries": finds, "floor_tools": floor,
            "house_markers": len(b.house_power), "haunt_cup": len(b.haunt_cup),
            "power": b.house_power if house else me.power,
            "tools": () if house else me.tools, "exorcised": b.exorcised,
            "started": b.started, "solitaire": b.solitaire,
        }

    @property
    def resources(self) -> dict:
        b = self.board
        out = {"hour": b.turn, "controlled_axes": b.controlled_axes(),
               "entity_circle": b.entity or 0, "house_markers": len(b.house_power)}
        out.update({f"soul_{p.replace(' ', '_')}": h.soul for p, h in b.hunters.items()})
        return out

    @property
    def items(self) -> dict:
        """The Power Markers and Tools of the player whose step it is."""
        b = self.board
        who = b.player
        power = b.house_power if who == HOUSE else b.hunters[who].power
        tools = () if who == HOUSE else b.hunters[who].tools
        out = {f"Power Marker {v}": power.count(v) for v in sorted(set(power))}
        out.update({t: tools.count(t) for t in set(tools)})
        return out

    def summary(self) -> dict:
        b = self.board
        return {"hour_reached": b.turn, "axes_controlled": b.controlled_axes(),
                "entity_circle": b.entity, "hunters_taken": sum(
                    not h.active for h in b.hunters.values()),
                "ended": ("exorcism" if b.winners and b.winners != (HOUSE,)
                          else "house" if b.winners else "")}

    def _repr_svg_(self) -> str:
        from .picture import state_svg

        return state_svg(self)


def _public(step, house: bool):
    """What everyone may read of the pending step: its arguments, but no Power Marker values
    the viewer may not see (a House commitment shown to the Hunters)."""
    if step is None:
        return None
    if house:
        return step.args
    return tuple(a if not isinstance(a, tuple) else len(a) for a in step.args)


def new_game(rules: Rules | None = None, seed: int = 0, players=3,
             characters: tuple[str, ...] | None = None, solitaire: bool = False) -> State:
    """A game at setup. ``players``: how many (2 to 5: the House and 1 to 4 Hunters) or
    their names in seat order, the House (named ``House``) first. ``characters``: the
    Hunters' Characters in seat order (default: drawn at random). ``solitaire``: the
    Solitaire rules (one Hunter, his Character chosen; the Entity in the Seventh Circle;
    the Discovery Markers placed blind; the House's Power Markers drawn at random)."""
    rules = rules if rules is not None else load_rules()
    comp = rules.rows("components.csv")
    least, most = comp["min players"]["count"], comp["max players"]["count"]
    if isinstance(players, int):
        players = (HOUSE, *(f"Hunter {i}" for i in range(1, players)))
    players = tuple(players)
    if (not least <= len(players) <= most or players[0] != HOUSE
            or len(set(players)) != len(players)):
        raise IllegalAction(f"need {least} to {most} players with different names, the "
                            f"House ({HOUSE!r}) first; got {list(players)}")
    if characters is not None:
        characters = tuple(characters)
        if len(characters) != len(players) - 1 or len(set(characters)) != len(characters):
            raise IllegalAction(f"need {len(players) - 1} different Characters, got "
                                f"{list(characters)}")
        for c in characters:
            rules.character(c)
    if solitaire and (len(players) != 2 or characters is None):
        raise IllegalAction("a solitaire game has one Hunter, whose Character is chosen")
    discoveries.check_effects(rules)
    return State.start(rules, seed, players, characters=characters, solitaire=solitaire)
