"""Golden games of Mystery Mansion (seed 0: Green and Red, hands dealt from the seed)."""

from .games import GameScript

GAME = "manorkit.mystery_mansion"

#: The rulebook's Example of One Turn (Figure 2), then Red enters and finds a chest.
EXAMPLE_TURN = (
    "roll", "door die: LOCKED", "roll", "door die: OPEN", "move to Foyer",
    "roll", "door die: OPEN", "add a basement room", "room drawn: Storeroom",
    "place Storeroom north",
    "roll", "door die: OPEN", "move to Foyer",
    "play Object Search (first)", "search card drawn: Object Search (basement)",
    "clue card drawn: Treasure Chest",
    "play Object Search (first)", "search card drawn: Steal a Search Card",
    "clue card drawn: Key 3",
)

GAMES = {
    "mm_example_turn": GameScript(GAME, EXAMPLE_TURN),
    # Red claims chest 1 in the Foyer and opens a fake outside; Green finds chest 2 and a
    # Key that opens it, and carries the REAL TREASURE out.
    "mm_treasure_carried_out": GameScript(GAME, EXAMPLE_TURN + (
        "play Object Search (basement)", "search card drawn: Object Search (first)",
        "clue card drawn: Cobweb",
        "roll", "door die: OPEN", "move to Foyer",
        "play Object Search (first)", "search card drawn: Object Search (second)",
        "clue card drawn: Key 1",
        "play Key 3 on chest 1", "label under chest 1: 3",
        "roll", "door die: OPEN", "leave the mansion", "chest 1 opened: fake",
        "roll", "door die: OPEN", "move to Foyer",
        "play Object Search (first)", "search card drawn: Object Search (first)",
        "clue card drawn: Treasure Chest",
        "play Key 1 on chest 2", "label under chest 2: 1",
        "roll", "door die: OPEN", "leave the mansion", "chest 2 opened: real",
    )),
    # Green claims a chest in the Storeroom; Red steals it with its Key; Green steals the
    # Key back with Steal a Clue Card from Every Player and takes the chest up again.
    "mm_stolen_chest": GameScript(GAME, (
        "roll", "door die: OPEN", "move to Foyer",
        "roll", "door die: OPEN", "add a basement room", "room drawn: Storeroom",
        "place Storeroom north",
        "roll", "door die: LOCKED",
        "roll", "door die: OPEN", "move to Foyer",
        "roll", "door die: OPEN", "move to Storeroom",
        "play Object Search (basement)", "search card drawn: Object Search (basement)",
        "clue card drawn: Treasure Chest",
        "play Object Search (basement)", "search card drawn: Object Search (basement)",
        "clue card drawn: Key 7",
        "play Key 7 on chest 1", "label under chest 1: 7",
        "roll", "door die: LOCKED",
        "play Object Search (basement)", "search card drawn: Object Search (basement)",
        "clue card drawn: Steal a Treasure",
        "play Steal a Treasure: 1",
        "roll", "door die: LOCKED",
        "play Object Search (basement)", "search card drawn: Oops",
        "clue card drawn: Steal a Clue Card from Every Player",
        "play Steal a Clue Card from Every Player", "clue card taken from Red: Key 7",
        "roll", "door die: OPEN", "move to Foyer",
    )),
}
