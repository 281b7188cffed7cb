"""One-call explorers for the Blue Prince workbench notebooks.

Each function takes ``rules=`` (default: the shipped rules; pass edited rules to explore
them) and returns a :class:`manorkit.widgets.Explorer`: controls over a chart, a table and a
few sentences that follow them, with a static first view for saved or exported notebooks.

- :func:`catalog` — the rooms, filtered by colour, category, gem cost, doors and tag
- :func:`locks` — lock chance and keys for a route to the Antechamber (§4, §6)
- :func:`decks` — the Dig, Trunk and item decks with the reshuffle rule (§7, §8)
- :func:`commissary` — when an item is for sale, and its price (§12)
- :func:`room_tables` — what a visit to a room with a printed d6 table pays (§5, §12, §15)
- :func:`drafting` — the chance a draft offers the room you want (§4, §9, §16, §17)
- :func:`variants` — every decision the rulebook leaves open, searchable
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from ..display import Table, percent, probability
from .odds._common import resolve
from .rules import Rules

if TYPE_CHECKING:
    from ..widgets.explorer import Explorer

__all__ = ["catalog", "commissary", "decks", "drafting", "locks", "room_tables", "variants"]

#: Chart sizes that read well beside each other in a notebook column.
WIDTH, HEIGHT = 340, 220


def _w():
    import ipywidgets

    return ipywidgets


def _explorer(controls, compute, adjust=None) -> Explorer:
    from ..widgets.explorer import Explorer

    return Explorer(controls, compute, adjust=adjust)


def _words(name: str) -> str:
    """An id as words: ``library_solarium`` → ``library solarium``."""
    return name.replace("_", " ")


def _reading_menu(rules: Rules, vid: str):
    """A dropdown of the readings of variant ``vid``, set to the one in force, labelled in
    words; its tooltip is the variant's question and sections."""
    row = rules.variants.loc[vid]
    return _w().Dropdown(options=[(_words(r), r) for r in rules.readings(vid).index],
                         value=rules.variant(vid), description=_words(vid),
                         tooltip=f"{row['title']} ({row['sections']})")


def _counts_axis(title: str):
    import altair as alt

    return alt.Axis(title=title, format="d", tickMinStep=1)


def _chance_axis(title: str):
    import altair as alt

    return alt.Axis(title=title, format="%")


def _curve(rows: list[dict], x: str, x_title: str, y_title: str, colour: str | None = None,
           title: str | None = None):
    """A line chart of exact chances (``p``) against a whole-number ``x``."""
    import altair as alt
    import pandas as pd

    data = pd.DataFrame(rows)
    data["exact"] = data["p"].map(str)
    data["chance"] = data["p"].map(float)
    enc = dict(x=alt.X(f"{x}:Q", axis=_counts_axis(x_title)),
               y=alt.Y("chance:Q", axis=_chance_axis(y_title), scale=alt.Scale(domain=[0, 1])),
               tooltip=[alt.Tooltip(f"{x}:Q", title=x_title), "exact",
                        alt.Tooltip("chance:Q", format=".2%")])
    if colour:
        enc["color"] = alt.Color(f"{colour}:N", title=None, legend=alt.Legend(
            orient="bottom", direction="vertical", labelLimit=400))
    chart = alt.Chart(data.drop(columns="p")).mark_line(point=True).encode(**enc)
    chart = chart.properties(width=WIDTH, height=HEIGHT)
    return chart if title is None else chart.properties(title=title)


# Catalog ---------------------------------------------------------------------------------------

def catalog(rules: Rules | None = None, columns: tuple[str, ...] = (
        "category", "colours", "gem_cost", "doors", "shape", "placement", "tags", "effect",
        "source")) -> Explorer:
    """Filter the rooms by colour, category, gem cost, door count and tag: a chart of the
    rooms shown by gem cost and a table that scrolls through every row."""
    import altair as alt
    import pandas as pd

    from .catalog import filter_rooms
    from .schema import CATEGORIES, COLOURS

    rules = resolve(rules)
    rooms = rules.rooms
    most = int(rooms["gem_cost"].max())
    w = _w()
    controls = {
        "colours": w.SelectMultiple(options=COLOURS, description="colours", rows=7),
        "categories": w.SelectMultiple(options=CATEGORIES, value=("core",),
                                       description="category", rows=7),
        "max_cost": w.IntSlider(value=most, min=0, max=most, description="max gems"),
        "doors": w.SelectMultiple(options=(1, 2, 3, 4), description="doors", rows=4),
        "tag": w.Text(description="tag", placeholder="e.g. shop"),
    }

    def compute(colours, categories, max_cost, doors, tag):
        shown = filter_rooms(rooms, colours, categories, max_cost, doors, tag)
        by_cost = shown["gem_cost"].value_counts().sort_index()
        counts = pd.DataFrame({"gem cost": by_cost.index.astype(int),
                               "rooms": by_cost.to_numpy().astype(int)})
        chart = alt.Chart(counts, title="Rooms shown, by gem cost").mark_bar().encode(
            x=alt.X("gem cost:O", axis=alt.Axis(title="gem cost", labelAngle=0)),
            y=alt.Y("rooms:Q", axis=_counts_axis("rooms")),
            tooltip=["gem cost", "rooms"]).properties(width=WIDTH, height=160)
        table = shown[list(columns)].rename_axis("room").rename(
            columns=lambda c: c.replace("_", " "))
        return [f"{len(shown)} of {len(rooms)} rooms", chart,
                Table(table, max_height=420)]

    return _explorer(controls, compute)


# Variants --------------------------------------------------------------------------------------

def variants(rules: Rules | None = None) -> Explorer:
    """Every decision the rulebook leaves open (its contradictions and gaps, each a variant
    with a default reading), found by words in its id, question, sections or readings, by
    kind and by section: a chart of those shown by section and a table of them all, with
    their whole questions, that scrolls."""
    import altair as alt
    import pandas as pd

    rules = resolve(rules)
    table = rules.variants.rename_axis("variant").reset_index()
    table["section"] = table["sections"].str.extract(r"(§\d+)", expand=False).fillna("other")
    table["in force"] = [rules.variant(v) for v in table["variant"]]
    order = sorted(table["section"].unique(), key=lambda s: (not s.startswith("§"),
                                                              int(s[1:]) if s[1:].isdigit() else 0))
    w = _w()
    controls = {
        "search": w.Text(description="search", placeholder="e.g. Library, §16, dirt"),
        "kind": w.Dropdown(options=["every kind", *sorted(table["kind"].unique())],
                           description="kind"),
        "section": w.Dropdown(options=["every section", *order], description="first section"),
    }

    def compute(search, kind, section):
        shown = table
        for word in search.casefold().split():
            text = (shown["variant"] + " " + shown["title"] + " " + shown["sections"] + " "
                    + shown["readings"]).str.casefold()
            shown = shown[text.str.contains(word, regex=False)]
        if kind != "every kind":
            shown = shown[shown["kind"] == kind]
        if section != "every section":
            shown = shown[shown["section"] == section]
        counts = shown.groupby(["section", "kind"]).size().rename("variants").reset_index()
        chart = alt.Chart(counts, title="Open decisions by the first section they cite")
        chart = chart.mark_bar().encode(
            x=alt.X("section:N", sort=order, axis=alt.Axis(title="section", labelAngle=0)),
            y=alt.Y("variants:Q", axis=_counts_axis("variants")),
            color=alt.Color("kind:N", title="kind"),
            tooltip=["section", "kind", "variants"]).properties(width=WIDTH + 120, height=140)
        rows = pd.DataFrame({
            "variant": shown["variant"], "question": shown["title"], "kind": shown["kind"],
            "sections": shown["sections"], "in force": shown["in force"],
            "readings": shown["readings"]}).set_index("variant")
        return [f"{len(shown)} of {len(table)} open decisions", chart,
                Table(rows, max_height=420)]

    return _explorer(controls, compute)


# Lock dice -------------------------------------------------------------------------------------

def locks(rules: Rules | None = None) -> Explorer:
    """The chance a north door drafted from a room is locked, and the locked doors (and keys)
    on a straight run north to the Antechamber (§4 Action A Step 1, §6, §9, §16 Foyer)."""
    import pandas as pd

    from .odds.locks import antechamber_route, keys_to_antechamber, lock_chance

    rules = resolve(rules)
    w = _w()
    rooms = [n for n in rules.rooms.index if not rules.placement(n).offboard]
    controls = {
        "rank": w.IntSlider(value=4, min=1, max=8, description="rank"),
        "room": w.Dropdown(options=[("(ordinary room)", None)] + [(n, n) for n in rooms],
                           value=None, description="room"),
        "foyer": w.Checkbox(value=False, description="Foyer on board"),
        "keys": w.IntSlider(value=2, min=0, max=8, description="keys held"),
        "door": w.Dropdown(options=[("south", "S"), ("west", "W"), ("east", "E")],
                           description="Antechamber door"),
        "hallway_locks": _reading_menu(rules, "hallway_locks"),
        "lock_rank_basis": _reading_menu(rules, "lock_rank_basis"),
    }

    def compute(rank, room, foyer, keys, door, hallway_locks, lock_rank_basis):
        chosen = rules.with_variants(hallway_locks=hallway_locks,
                                     lock_rank_basis=lock_rank_basis)
        p = lock_chance(rank, room, foyer=foyer, rules=chosen)
        route = antechamber_route(rank, door, rules=chosen)
        result = keys_to_antechamber(rank, room, door=door, keys=keys, foyer=foyer,
                                     rules=chosen)
        ranks = ", ".join(map(str, route)) or "none"
        chart = result.dist.chart("Locked doors met on the route", outcome="locked doors")
        return [f"A north door drafted from here is locked with chance {probability(p)}.",
                f"Route to the Antechamber: drafts from ranks {ranks}; expected locked doors "
                f"{float(result.mean):.3g} (exactly {result.mean}); {keys} keys suffice with "
                f"chance {probability(result.enough)}.",
                chart.properties(width=WIDTH, height=HEIGHT),
                Table(pd.DataFrame({
                    "locked doors": list(result.dist.outcomes),
                    "chance": [p for _, p in result.dist],
                    "enough with this many keys": [result.dist.at_most(k)
                                                   for k in result.dist.outcomes]}),
                      chances=("chance", "enough with this many keys"))]

    return _explorer(controls, compute)


# Decks -----------------------------------------------------------------------------------------

#: The decks the deck explorer offers.
DECKS = ("dig", "trunk", "common_items", "special_items")


def decks(rules: Rules | None = None) -> Explorer:
    """A deck, a target card, a number of draws and the cards already in the discard pile:
    the chance of at least one target card after each draw, and what the draws pay
    (§7, §8 Deck Reshuffle Rule, §11 Salt Shaker)."""
    import altair as alt
    import pandas as pd

    from .odds.decks import RESOURCES, deck_at_least, expected_yield, yield_dist

    rules = resolve(rules)
    w = _w()
    controls = {
        "deck": w.Dropdown(options=DECKS, value="dig", description="deck"),
        "card": w.Dropdown(options=list(rules.deck_cards("dig").index), value="Key",
                           description="target card"),
        "draws": w.IntSlider(value=3, min=1, max=40, description="draws"),
        "drawn": w.Text(value="", placeholder="e.g. Key, Nothing", description="drawn"),
        "detector": w.Checkbox(value=False, description="Metal Detector (dig: 2 a draw)"),
        "salt": w.Checkbox(value=False, description="Salt Shaker held"),
        "resource": w.Dropdown(options=RESOURCES, value="coins", description="resource"),
        "trunk_deck_size": _reading_menu(rules, "trunk_deck_size"),
        "shovel_count": _reading_menu(rules, "shovel_count"),
    }

    shown = {"deck": "dig"}  # the deck the card list shows
    chosen: dict[str, str] = {}  # the target card last chosen in each deck

    def adjust(c):
        deck = c["deck"].value
        if deck == shown["deck"]:
            return
        old = chosen[shown["deck"]] = c["card"].value
        names = list(rules.deck_cards(deck).index)
        c["card"].options = names  # back to a deck: its card; else the same card, or the first
        c["card"].value = next((n for n in (chosen.get(deck), old) if n in names), names[0])
        shown["deck"] = deck

    def compute(deck, card, draws, drawn, detector, salt, resource, trunk_deck_size,
                shovel_count):
        r = rules.with_variants(trunk_deck_size=trunk_deck_size, shovel_count=shovel_count)
        per_draw = 2 if detector and deck == "dig" else 1
        held = ("Salt Shaker",) if salt else ()
        cards = [c.strip() for c in drawn.split(",") if c.strip()]
        rows = [{"draws": n, "p": deck_at_least(deck, card, n, 1, per_draw, cards, rules=r)}
                for n in range(draws + 1)]
        left = _curve(rows, "draws", "draws", f"chance of at least one {card}",
                      title=f"At least one {card} ({deck} deck)")
        dist = yield_dist(deck, draws, resource, per_draw, held=held, drawn=cards, rules=r)
        right = dist.chart(f"{resource} from {draws} draws", outcome=resource).properties(
            width=WIDTH, height=HEIGHT)
        means = expected_yield(deck, draws, per_draw, held=held, drawn=cards, rules=r)
        table = pd.DataFrame({"resource": [k.replace("_", " ") for k in means],
                              "expected": list(means.values())})
        return [f"Chance of at least one {card} in {draws} draws: "
                f"{probability(rows[-1]['p'])}.",
                alt.hconcat(left, right),
                Table(table[table["expected"] != 0], caption=f"Expected from {draws} draws")]

    return _explorer(controls, compute, adjust)


# Commissary ------------------------------------------------------------------------------------

def commissary(rules: Rules | None = None) -> Explorer:
    """An item, how many Commissary visits or runs you look ahead, how often a run drafts the
    Commissary and the discounts in force: when the item has been on offer, which stock card
    is up at the chosen visit, and the price list (§5 The Sail, §7 Coupon Book, §12 Shops)."""
    import altair as alt

    from .odds.commissary import (
        commissary_items,
        commissary_stock,
        item_offered_by,
        item_offered_by_visit,
        price_table,
    )

    rules = resolve(rules)
    w = _w()
    size = int(rules.deck("commissary_stock").sum())
    items = list(rules.rows("tables/commissary_prices.csv"))
    controls = {
        "item": w.Dropdown(options=items, value="Shovel" if "Shovel" in items else items[0],
                           description="item"),
        "visit": w.IntSlider(value=3, min=1, max=2 * size, description="visit k"),
        "runs": w.IntSlider(value=10, min=1, max=30, description="runs"),
        "drafted": w.IntSlider(value=50, min=0, max=100, step=5, description="drafted %"),
        "sail": w.Checkbox(value=False, description="The Sail (§5)"),
        "coupon": w.Checkbox(value=False, description="Coupon Book held (§7)"),
        "sale": w.Checkbox(value=False, description="campaign run 20-21 (§12)"),
        **{vid: _reading_menu(rules, vid) for vid in (
            "commissary_stock", "commissary_deck_exhausted", "discount_order",
            "commissary_sale_stack")},
    }

    def compute(item, visit, runs, drafted, sail, coupon, sale, **variants):
        chosen = rules.with_variants(**variants)
        p_draft = Fraction(drafted, 100)
        at_k = commissary_items(visit, rules=chosen).loc[item, "p"]
        rows = ([{"n": k, "p": item_offered_by_visit(item, k, rules=chosen),
                  "curve": "by Commissary visit k"} for k in range(max(visit, size) + 1)]
                + [{"n": r, "p": item_offered_by(item, r, p_draft=p_draft, rules=chosen),
                    "curve": f"by run r (Commissary drafted in {percent(p_draft)} of runs)"}
                   for r in range(runs + 1)])
        offers = _curve(rows, "n", "Commissary visits or runs",
                        f"chance {item} was on offer", colour="curve",
                        title=f"{item} on offer at least once")
        cards = chosen.deck_cards("commissary_stock")["items"]
        stock = commissary_stock(visit, rules=chosen).map(
            lambda card: f"{card}: {', '.join(cards[card])}" if card in cards else str(card))
        stock_chart = stock.chart(f"Stock card at visit {visit}", outcome="stock card")
        stock_chart = stock_chart.encode(
            y=alt.Y("outcome:O", sort=list(map(str, stock.outcomes)), title=None,
                    axis=alt.Axis(labelLimit=320)),
            x=alt.X("probability:Q", axis=_chance_axis("chance"))).properties(width=200)
        run = 20 if sale else None
        prices = price_table("Commissary", sail=sail, coupon=coupon, run=run, rules=chosen)
        return [f"{item} on offer at visit {visit}: {probability(at_k)}; by visit {visit}: "
                f"{probability(rows[visit]['p'])}; by run {runs}: "
                f"{probability(rows[-1]['p'])}.",
                alt.hconcat(offers, stock_chart),
                Table(prices.rename(columns={"base_price": "base price"}).rename_axis("item"),
                      caption="Commissary prices (coins)")]

    return _explorer(controls, compute)


# Room tables -----------------------------------------------------------------------------------

def room_tables(rules: Rules | None = None) -> Explorer:
    """A room with a printed d6 table: the table with its exact odds, and what one visit
    gives. Held special keys change the Billiard Room, Music Room and Locksmith; the wager
    and the ``casino_payout`` reading the Casino; the Telescope and the Planetarium card the
    Observatory (§5, §12, §15)."""
    from .odds import room_tables as rt

    rules = resolve(rules)
    w = _w()
    keys = [row["key"] for row in rules.rows("tables/special_keys.csv").values()]
    controls = {
        "room": w.Dropdown(options=rt.roll_rooms(rules), value="Music Room",
                           description="room"),
        "held": w.SelectMultiple(options=keys, description="keys held", rows=3),
        "wager": w.IntSlider(value=10, min=1, max=50, description="Casino wager"),
        "casino_payout": _reading_menu(rules, "casino_payout"),
        "telescope": w.Checkbox(value=False, description="Telescope (Observatory)"),
        "planetarium": w.Checkbox(value=False, description="Planetarium card (Observatory)"),
    }

    def compute(room, held, wager, casino_payout, telescope, planetarium):
        r = rules.with_variants(casino_payout=casino_payout)
        reward = {
            "Parlor": lambda: rt.parlor(rules=r),
            "Billiard Room": lambda: rt.billiard_room(held, rules=r),
            "Music Room": lambda: rt.music_room(held, rules=r),
            "Observatory": lambda: rt.observatory(telescope=telescope, planetarium=planetarium,
                                                  rules=r),
            "Casino": lambda: rt.casino(wager, rules=r),
            "Kitchen": lambda: rt.kitchen_special(r),
            "Locksmith": lambda: rt.special_key(held, rules=r),
        }[room]()
        what = f"net coins from a {wager}-coin wager" if room == "Casino" else "reward"
        table = rt.room_roll_table(room, rules=r).drop(columns="probability")
        parts = [Table(table, chances=("chance",), caption=f"{room}: the d6 table"),
                 reward.chart(f"{room}: what one visit gives", outcome=what).properties(
                     width=WIDTH + 120, height=HEIGHT)]
        if room == "Casino":
            net = reward.mean()
            parts.append(f"Expected net change {float(net):+.2f} coins (exactly {net}); the "
                         f"wager is lost with chance {probability(reward.p(lambda x: x < 0))}.")
        return parts

    return _explorer(controls, compute)


# Drafting --------------------------------------------------------------------------------------

#: Rooms and groups the drafting explorer offers as targets.
TARGETS = ("Master Bedroom", "Vault", "Attic", "Greenhouse", "Nook", "colour:red",
           "colour:green", "colour:orange", "tag:dead_end")
#: Where a draft is made from, and the room whose door it is.
SOURCES = {"ordinary door": "Spare Room", "Library": "Library",
           "Green Room + Solarium": "Veranda", "Tunnel": "Tunnel",
           "Drawing Room": "Drawing Room"}


#: Hands the drafting explorer may weigh for one answer (all its drafts together): at most
#: about half a second of exact arithmetic on a quiet machine of 2 cores
#: (``benchmarks/explorer_drafting.py``), so the answer shows within 2 s on a busy one too;
#: a question past it is reported as too large, with what to change.
DRAFT_HANDS = 40_000


def _smaller(target: str, source: str, ivory: int, study: bool, archives: bool) -> str:
    """What would make a drafting question smaller, from the controls set now."""
    changes = [change for change, on in (
        ("fewer Ivory Dice", ivory > 0), ("the Study off", study),
        ("the Archives off", archives), ("a single room as the target", ":" in target),
        ("an ordinary door", source != "ordinary door")) if on]
    if len(changes) > 1:
        changes[-1] = "or " + changes[-1]
    return ", ".join(changes) or "a smaller question"


def drafting(rules: Rules | None = None) -> Explorer:
    """The chance a draft ends with the target room draftable (seen and, with *must afford*,
    payable), for your draft and the same draft from the Library, with the Solarium, one more
    Ivory Die and the Study (§4 Action A, §9 The Chain, §16, §17). An answer weighs at most
    :data:`DRAFT_HANDS` hands; a draft past that is not computed, and says what to change."""
    import altair as alt
    import pandas as pd

    from ..budget import TooLarge, limit
    from .odds.drafting_redraws import draft_with

    rules = resolve(rules)
    w = _w()
    targets = [t for t in TARGETS if ":" in t or t in rules.rooms.index]
    controls = {
        "target": w.Dropdown(options=targets, value=targets[0], description="target"),
        "source": w.Dropdown(options=list(SOURCES), value="ordinary door",
                             description="draw from"),
        "gems": w.IntSlider(value=2, min=0, max=10, description="gems held"),
        "ivory": w.IntSlider(value=0, min=0, max=5, description="Ivory Dice"),
        "study": w.Checkbox(value=False, description="Study on the board"),
        "silver_key": w.Checkbox(value=False, description="Silver Key used"),
        "affordable": w.Checkbox(value=False, description="must afford it"),
        "furnace": w.Checkbox(value=False, description="Furnace on the board"),
        "archives": w.Checkbox(value=False, description="Archives on the board"),
        "library_solarium": _reading_menu(rules, "library_solarium"),
    }

    def compute(target, source, library_solarium, **options):
        r = rules.with_variants(library_solarium=library_solarium)
        base = dict(options, draw=SOURCES[source], solarium=source == "Green Room + Solarium",
                    rules=r)
        drafts = {"your draft": {}, "from the Library": dict(draw="Library", solarium=False),
                  "Library + Solarium": dict(draw="Library", solarium=True),
                  "+1 Ivory Die": dict(ivory=options["ivory"] + 1), "+ Study": dict(study=True)}
        rows, large, skipped = [], [], []
        with limit(units=DRAFT_HANDS):
            for name, change in drafts.items():
                try:
                    rows.append({"draft": name,
                                 "chance": draft_with(target, **{**base, **change})})
                except TooLarge as err:
                    large.append((name, err))
                except ValueError as err:  # a question the rules cannot pose
                    skipped.append(f"{name}: not computed ({err}).")
        if large:
            names = ", ".join(name for name, _ in large)
            smaller = _smaller(target, source, options["ivory"], options["study"],
                               options["archives"])
            skipped.insert(0, f"Too large to answer here ({large[0][1]}): {names}. To answer "
                           f"it, try {smaller}.")
        if not rows:
            return skipped
        frame = pd.DataFrame(rows)
        data = frame.assign(exact=frame["chance"].map(str), p=frame["chance"].map(float))
        chart = alt.Chart(data.drop(columns="chance"), title=f"Chance to draft {target}")
        chart = chart.mark_bar().encode(
            x=alt.X("p:Q", scale=alt.Scale(domain=[0, 1]), axis=_chance_axis("chance")),
            y=alt.Y("draft:N", sort=None, title=None, axis=alt.Axis(labelLimit=200)),
            tooltip=["draft", "exact", alt.Tooltip("p:Q", title="chance", format=".2%")],
        ).properties(width=WIDTH, height=150)
        return [chart, Table(frame, chances=("chance",)), *skipped]

    return _explorer(controls, compute)
