"""Room effects by family; importing this package registers every one (see :mod:`..hooks`).

- :mod:`.common` — data-driven entry rewards and spawns, tokens on tiles, generic rolls
- :mod:`.blue` — Blueprint rooms: simple resource rooms and the rest of §16's blue rooms
- :mod:`.hallways` — orange Hallways (§6, §16)
- :mod:`.fixed` — the Entrance Hall, the Antechamber and Room 46 (§3, §13)
- :mod:`.keys` — special keys used on doors (§6 Special Keys)
- :mod:`.drafting` — Drafting Rooms: Drawing Room, Study, Library, Drafting Studio (§16, §17)
- :mod:`.studio` — Studio Additions: Kennel, Dovecote, Clock Tower, Vestibule (§17)
- :mod:`.found` — Found Floor Plans: Tunnel, Planetarium (§5, §9)
"""

from . import blue, common, fixed, hallways, keys  # noqa: F401  (registers effects)
from . import drafting as drafting  # noqa: F401
from . import found as found  # noqa: F401
from . import studio as studio  # noqa: F401
