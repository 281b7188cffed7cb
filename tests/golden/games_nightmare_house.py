"""Golden games of Nightmare House."""

from .games import HERE, GameScript

GAME = "manorkit.nightmare_house"
SETUP = (
    "the Entity: Circle 5", "Focus Marker 1: Kitchen", "Focus Marker 2: Laundry",
    "Immobile Haunt in the Graveyard: Hand of Glory", "Immobile Haunt in the Crypt: Deadly",
    "Immobile Haunt in the Cellar: Arcane Force", "Immobile Haunt in the Tower: Alistair",
    "Power Markers drawn for the Immobile Haunts: (1, 2, 2, 3)",
    "Power Marker under the Graveyard's Haunt: 3", "Power Marker under the Crypt's Haunt: 2",
    "Power Marker under the Cellar's Haunt: 2", "Power Marker under the Tower's Haunt: 1",
    "Discovery (Bloodstains): Guest Room", "Discovery (Book of Shadows): Library",
    "Discovery (Chandelier): Attic", "Discovery (Cold Wind): Chapel",
    "Discovery ((further Discoveries)): Scullery", "Discovery ((further Discoveries)): Nursery",
    "Discovery ((further Discoveries)): Tea Room",
    "Discovery ((further Discoveries)): Playroom",
)


def recorded(name: str) -> tuple[str, ...]:
    """The steps of a game recorded once (``game_scripts/<name>.txt``, one a line)."""
    return tuple((HERE / "game_scripts" / f"{name}.txt").read_text().splitlines())


GAMES = {
    # Part 7, Exorcising the Entity — Example: Father Doran, on Axis Control Point 4/6,
    # Exorcises the Entity in the Fifth Circle; it moves to the Sixth instead, and the House
    # chooses to lose control of Axis 4.
    "nh_doran_example": GameScript(GAME, (
        "Character drawn by Hunter 1: Doran", *SETUP, "settle",
        "Hunter 1 (Doran) to Reception Room", "no: energizing", "go onto the Astral Plane",
        "Hunter 1's Astral Body to Circle 4, Axis 6", "exorcise the Entity",
        "the Exorcism of the Entity with 1+1+1+3+3", "resist the Exorcism with no markers",
        "the House's Exorcism roll against Hunter 1: 18", "Hunter 1's Exorcism roll: 20",
        "the House gives up: Axis 4",
    ), players=("House", "Hunter 1")),
    # Whole games between the heuristic bots, recorded (seeds 3 and 1): the Hunters drive the
    # Entity from the Fifth Circle after breaking Axes and win at 9 PM; the House possesses
    # both Hunters' Souls by midnight.
    "nh_hunters_win": GameScript(GAME, recorded("nh_hunters_win"), seed=3, players=3),
    "nh_house_takes_every_hunter": GameScript(GAME, recorded("nh_house_takes_every_hunter"),
                                              seed=1, players=3),
}
