"""A bot that plays to win the day (§13 Win Condition): it hunts a lever, pulls it and walks
into the Antechamber.

The lever paths it knows are those of the rules: the Broken Lever carried into the
Greenhouse opens the south door (§7 Item Reference), the Secret Garden Key spent on a
locked edge door spawns the Secret Garden whose lever opens the west door (§6 Special Keys,
§16 Secret Garden), and under variant ``east_lever=placeholder_room`` the room of
``tables/east_lever.csv`` opens the east door. A door opens into the Antechamber from the
cell beside it on that side (``engine.turn.LEVER_SIDES``), so that cell must come to hold a
tile with a door facing the Antechamber.

:class:`PlannerPolicy` values a moment of the day (:meth:`~.valuation.Valuation.value`):
resources and items, the lever progress, the open doors that lead on (towards the lever and the
Antechamber), and what the reachable rooms still hold, with card draws valued at their
exact odds from the decks' remaining cards. The open doors are also worth the chance that
the house does not wall itself in: for each cell they lead to, the odds (from the Active
Bag's door counts and gem costs, the gems held and the empty cells beside it) that a draft
there brings no tile we can take that leads on (:func:`~.route_odds.dead_draw`). Nearness
to the Antechamber counts along paths of empty cells; once a lever is pulled, a door into the
empty cell beside its opened side is worth the odds that a draft there brings a tile facing
the Antechamber (:func:`~.route_odds.connect_odds`), and an opened door within reach is
half a won day. On top, the odds that the open doors grow, cell by empty cell, into a tile
facing the Antechamber (:func:`~.route_odds.reach_odds`: each draft's odds of a door towards
the next cell from the bag, each door's lock odds by rank, the Keys held) are worth much,
more once a lever is pulled. It takes the tile that raises that value most in expectation over the
tile's orientations (``state.chance_outcomes()``), redraws when the best tile gains less than
the redraw's price plus ``redraw_margin``, and on its turn picks the best of drafting a door
here or moving to the room whose pickups and doors are worth most per step. Under the
Archives (§16) it turns face-down a tile it could not take anyway (the backs show gem cost
and placement note, §2) and values a face-down tile over the Active Bag's rooms with that
back. It reads only the public state and the rules, never the run's seed nor a face-down
tile.

The planner's ideas, one module each: :mod:`.levers` (the lever paths), :mod:`.route_odds`
(the odds read off the board), :mod:`.valuation` (what a moment is worth), :mod:`.policy`
(the decisions).
"""

from .policy import PlannerPolicy

__all__ = ["PlannerPolicy"]
