"""One player's side of a Blueprints game: the Sketch Sheet, the Room pile, the score sheet's
tracks (Swans, completed Rooms and their flags, special rewards, Go Last circles) and the
hand of Bonus Cards and the Royal Decree (Completion Rewards, Special Rewards)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from types import MappingProxyType

from ..cards import Card
from ..castle import Sketch
from ..rules import ROOM_TYPES

#: Special rewards in the order a "special" use spends them: the Start reward last (a Bonus
#: Card scores leaving it unused).
SPECIAL_ORDER = ("Skip", "Go Last", "Start")
#: What a special reward may be used as: a completion reward of any Room type, or a Swan.
SPECIAL_USES = (*ROOM_TYPES, "Swan")


def _counts(**counts: int) -> MappingProxyType:
    return MappingProxyType({k: v for k, v in counts.items() if v})


@dataclass(frozen=True)
class Special:
    """A special reward: where it came from and what it was used as (None: unused)."""

    name: str
    used_as: str | None = None


@dataclass(frozen=True)
class Sheet:
    name: str
    sketch: Sketch
    pile: tuple[Card, ...] = ()
    swans: int = 0
    completed: frozenset = frozenset()
    rewards: MappingProxyType = field(default_factory=_counts)
    used: MappingProxyType = field(default_factory=_counts)
    specials: tuple[Special, ...] = ()
    go_last: int = 0
    skipped: bool = False
    bonus: tuple[str, ...] = ()
    decree: str | None = None
    private: tuple[str, ...] = ()
    moat_circles: int = 0
    extra: tuple[str, ...] = ()
    now: tuple[str, ...] = ()

    # -- what the sheet shows -------------------------------------------------------------
    @property
    def foyer_type(self) -> str:
        return self.sketch.rooms[0].kind

    def circles(self) -> dict[str, int]:
        """Filled-in circles per track: completed Rooms by type, and Moat circles."""
        out = dict.fromkeys(ROOM_TYPES, 0)
        for i in self.completed:
            out[self.sketch.rooms[i].kind] += 1
        out["Moat"] = self.moat_circles
        return out

    def has(self, reward: str) -> bool:
        return self.rewards.get(reward, 0) > 0

    def special_left(self) -> Special | None:
        """The special reward a "special" use spends next, or None."""
        for name in SPECIAL_ORDER:
            for s in self.specials:
                if s.used_as is None and s.name.startswith(name):
                    return s
        return None

    def unused_rewards(self) -> int:
        """Rewards earned and never used: completion rewards and special rewards."""
        return sum(self.rewards.values()) + sum(s.used_as is None for s in self.specials)

    def used_count(self) -> int:
        return sum(self.used.values()) + sum(s.used_as is not None for s in self.specials)

    # -- changes --------------------------------------------------------------------------
    def gain(self, reward: str, n: int = 1) -> Sheet:
        rewards = dict(self.rewards)
        rewards[reward] = rewards.get(reward, 0) + n
        return replace(self, rewards=_counts(**rewards))

    def spend(self, using: str, as_: str) -> Sheet:
        """Fill in the flag of one ``as_`` reward (``using`` a completion reward of that type,
        or a special reward used as it)."""
        if using == "special":
            chosen = self.special_left()
            specials = tuple(Special(s.name, as_) if s is chosen else s for s in self.specials)
            return replace(self, specials=specials)
        rewards, used = dict(self.rewards), dict(self.used)
        rewards[using] -= 1
        used[using] = used.get(using, 0) + 1
        return replace(self, rewards=_counts(**rewards), used=_counts(**used))

    def spend_owed(self, why: str) -> Sheet:
        """An owed extra turn is taken: a Food Room reward's flag is filled in then."""
        if why != "Food":
            return self
        used = dict(self.used)
        used["Food"] = used.get("Food", 0) + 1
        return replace(self, used=_counts(**used))

    def add_special(self, name: str) -> Sheet:
        return replace(self, specials=(*self.specials, Special(name)))

