"""Room effects by family; importing this package registers every one (see :mod:`..hooks`).

- :mod:`.common` — data-driven entry rewards and spawns, tokens on tiles, generic rolls
- :mod:`.blue` — Blueprint rooms: simple resource rooms and the rest of §16's blue rooms
- :mod:`.hallways` — orange Hallways (§6, §16)
- :mod:`.fixed` — the Entrance Hall, the Antechamber and Room 46 (§3, §13)
- :mod:`.keys` — special keys used on doors (§6 Special Keys)
- :mod:`.bedrooms` — purple Bedrooms (§16, §14 Carry-Forward)
- :mod:`.red` — Red Rooms, the Darkroom and Lost & Found, Shelter tokens (§5, §16, §19)
"""

from . import (  # noqa: F401  (importing a family registers its effects)
    bedrooms,
    blue,
    common,
    fixed,
    green,
    hallways,
    keys,
    puzzles,
    red,
    shops,
    spread,
)
