"""XP Tracks (Gaining and Spending XP, End of XP Tracks, Group XP Variant): where the icons
are (``xp_tracks.csv``, placeholders but for the examples') and what passing one gives."""

from __future__ import annotations

from functools import lru_cache

from ..rules import Rules
from .common import gain, heal, push, scores_group_xp
from .model import Table, Warden

TRACKS = ("power", "battle", "tactics")


@lru_cache(maxsize=16)
def track(rules: Rules, name: str) -> dict[int, tuple[str, ...]]:
    """Space → the benefits on it, for one track."""
    return {r["space"]: r["benefit"] for r in rules.rows("xp_tracks.csv").values()
            if r["track"] == name}


def length(rules: Rules, name: str) -> int:
    return max(track(rules, name))


def open_tracks(t: Table, w: Warden) -> list[str]:
    """The tracks a player may still spend XP on (not at their end)."""
    return [n for n in TRACKS if w.tracks[n] < length(t.rules, n)]


def spend(t: Table, w: Warden, name: str) -> None:
    """One XP on track ``name``; the benefit of the space reached, if any."""
    w.xp -= 1
    w.tracks[name] += 1
    for benefit in track(t.rules, name).get(w.tracks[name], ()):
        benefit_of(t, w, benefit, name)


def benefit_of(t: Table, w: Warden, benefit: str, name: str) -> None:
    if benefit == "power_token":
        gain(t, w, "power")
    elif benefit == "resource":
        push(t, ("gain", w.name, "resource", 1))
    elif benefit == "hit":
        w.hits += 1
        t.say(f"{w.name} gains a lasting Hit")
    elif benefit == "block":
        w.blocks += 1
        t.say(f"{w.name} gains a lasting Block")
    elif benefit == "heal":
        heal(t, w, 1)
    elif benefit == "warden":
        draw_warden(t, w)
    elif benefit in ("end", "end_battle", "end_tactics"):
        end_bonus(t, w, {"end_battle": "battle", "end_tactics": "tactics"}.get(benefit, name))


def draw_warden(t: Table, w: Warden) -> None:
    """Acquire a Warden Tactic Card (every one does the same: a placeholder)."""
    if t.wardens_left > 0:
        t.wardens_left -= 1
        w.wardens += 1
        t.say(f"{w.name} acquires a Warden Tactic Card")


def end_bonus(t: Table, w: Warden, name: str) -> None:
    """End of XP Tracks: Power — any power free this turn; Battle — 2 damage to the Fae
    Monster; Tactics — a room's Blight cleared for free, its Scarabs banished."""
    if name == "power":
        if t.current is w:
            t.ctx["free_power"] = True
            t.say(f"{w.name} may use a power for free this turn")
    elif name == "battle":
        from .fight import hurt_monster

        hurt_monster(t, w, t.rules.number("battle_track_damage"))
    elif name == "tactics" and t.blighted:
        push(t, ("clear", w.name))


@scores_group_xp
def group_xp(t: Table, n: int) -> None:
    """The Group XP Track: every player gains each benefit passed (the track's own bonuses
    once); past its end the token goes back to the loop space and goes on."""
    rules = t.rules
    spaces = track(rules, "group")
    end = length(rules, "group")
    loop = rules.number("group_xp_loop")
    for _ in range(n):
        t.group_xp += 1
        if t.group_xp > end:
            t.group_xp = loop
        for benefit in spaces.get(t.group_xp, ()):
            if benefit in ("end_battle", "end_tactics", "loop"):
                if benefit != "loop":
                    end_bonus(t, t.current, benefit.removeprefix("end_"))
            else:
                for w in t.wardens.values():
                    benefit_of(t, w, benefit, "group")

