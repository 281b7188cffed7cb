"""Room effects by family; importing this package registers every one (see :mod:`..hooks`).

- :mod:`.blue` — Blueprint rooms: simple resource rooms and the rest of §16's blue rooms
- :mod:`.hallways` — orange Hallways (§6, §16)
- :mod:`.fixed` — the Entrance Hall, the Antechamber and Room 46 (§3, §13)
- :mod:`.keys` — special keys used on doors (§6 Special Keys)
- :mod:`.bedrooms` — purple Bedrooms (§16, §14 Carry-Forward)
- :mod:`.red` — Red Rooms, the Darkroom and Lost & Found, Shelter tokens (§5, §16, §19)
- :mod:`.drafting` — Drafting Rooms: Drawing Room, Study, Library, Drafting Studio (§16, §17)
- :mod:`.studio` — Studio Additions: Kennel, Dovecote, Clock Tower, Vestibule (§17)
- :mod:`.found` — Found Floor Plans: Tunnel, Planetarium (§5, §9)
- :mod:`.green` — Green Rooms, The Pool's rooms, the south and west levers (§8, §11, §13, §16)
- :mod:`.spread` — spread rooms and the Conference Room (§10, §16 Locker Room)
- :mod:`.shops` — Kitchen, Commissary, Locksmith, Dining Room, Casino, Rumpus Room (§5, §11, §12)
- :mod:`.puzzles` — Parlor, Billiard Room, Music Room and the Observatory (§5, §15)
- :mod:`.outer` — the Outer Room: the daily visit, the Garage route, the five tiles (§19)
"""

from . import (  # noqa: F401  (importing a family registers its effects)
    bedrooms,
    blue,
    drafting,
    fixed,
    found,
    green,
    hallways,
    keys,
    outer,  # noqa: F401
    puzzles,
    red,
    shops,
    spread,
    studio,
)
