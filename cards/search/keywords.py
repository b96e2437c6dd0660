"""The keyword table: every ``key:value`` the query language knows, with its spellings, operators,
accepted values and an example. The interpreter, the syntax page and the tests all read this table.
"""

from __future__ import annotations

from dataclasses import dataclass

from cards.choices import Border, Bribery, CardType, Size

NUMBER, CHOICE, FLAG, NAME, TERRAIN, ORDER, DIRECTION = "number", "choice", "flag", "name", "terrain", "order", "dir"
EQUALITY = (":", "=", "!=")
COMPARISONS = (":", "=", "!=", "<", "<=", ">", ">=")


@dataclass(frozen=True)
class Keyword:
    name: str
    aliases: tuple[str, ...]
    kind: str
    summary: str
    examples: tuple[str, ...]
    column: str = ""
    # Fixed spellings (``m`` for mortal); keywords whose values come from the data leave it empty.
    values: tuple[tuple[str, str], ...] = ()
    operators: tuple[str, ...] = EQUALITY
    # "index" when only the index can answer the keyword (it reads the abilities or the aliases); the
    # others also work without an index, as database filters.
    source: str = "db"
    # What ``order:`` sorts by for this keyword (a number sorts by its column without saying so).
    sort: str = ""
    # A number offered as a from/to pair on the advanced form: (label, lowest, highest).
    form_range: tuple[str, int, int] | None = None

    @property
    def spellings(self) -> tuple[str, ...]:
        return (self.name, *self.aliases)

    @property
    def short(self) -> str:
        """The shortest spelling, as the advanced form writes it into the query."""
        return min(self.spellings, key=len)

    @property
    def sort_column(self) -> str:
        return self.sort or (self.column if self.kind == NUMBER else "")


def _identity(*values: str) -> tuple[tuple[str, str], ...]:
    return tuple((value, value) for value in values)


FLAGS = {
    "flying": "flies",
    "command": "has a command ability",
    "unbribeable": "is a creature without any bribery icon",
    "channeler": "is a creature that gives channelling points (CMP) to its Guardian",
    "receiver": "can receive channelling (green bar)",
    "automated": "is fully modelled by the combat engine",
    "starter": "is sold only in starter decks (no booster rarity)",
    "unverified": "is known only from a fan page; such cards are left out unless asked for",
}
FLAG_SPELLINGS = (*_identity(*FLAGS), ("channeller", "channeler"), ("fly", "flying"), ("flier", "flying"))

# Rarity words and the codes with a number printed in the sets (explained on the sets page).
RARITY_SPELLINGS = (
    *_identity("common", "uncommon", "rare"),
    ("c", "common"), ("u", "uncommon"), ("r", "rare"),
    *_identity(*(f"{letter}{number}" for letter in "cur" for number in range(1, 5))),
)  # fmt: skip

TYPE_SPELLINGS = (
    *_identity(*CardType.values),
    *((value.replace("_", "-"), value) for value in CardType.values if "_" in value),
    *((value.replace("_", ""), value) for value in CardType.values if "_" in value),
)

FILTERS: tuple[Keyword, ...] = (
    Keyword("vitality", ("v",), NUMBER, "Vitality of a creature or Guardian.", ("v>=10", "vitality=0"),
            column="vitality", operators=COMPARISONS, form_range=("Vitality", -10, 40)),
    Keyword("stacking", ("sv",), NUMBER, "Red stacking Vitality.", ("sv>0",), column="stacking_vitality",
            operators=COMPARISONS),
    Keyword("ocb", (), NUMBER, "Off-colour bonus.", ("ocb>=4",), column="ocb", operators=COMPARISONS,
            form_range=("Off-colour bonus", 0, 20)),
    Keyword("cmp", (), NUMBER, "Channelling points a creature gives its Guardian.", ("cmp>=2",), column="cmp",
            operators=COMPARISONS, form_range=("CMP", 0, 20)),
    Keyword("ranged", (), NUMBER, "Strength of a ranged attack.", ("ranged>0",), column="ranged_attack",
            operators=COMPARISONS, form_range=("Ranged attack", 0, 20)),
    Keyword("up", (), NUMBER, "Up number (the Vitality column of non-creature cards).", ("up<=5",),
            column="up_number", operators=COMPARISONS, form_range=("Up number", -10, 40)),
    Keyword("shield", (), NUMBER, "Shield number of shields and standard bearers.", ("shield>=20",),
            column="shield_number", operators=COMPARISONS),
    Keyword("border", ("b",), CHOICE, "Border colour: mortal (m), elemental (e) or external (x).",
            ("border:elemental", "b:x"), column="border",
            values=(*_identity(*Border.values), ("m", "mortal"), ("e", "elemental"), ("x", "external"))),
    Keyword("type", ("t",), CHOICE, "Card type; a part of a type name matches every type containing it.",
            ("t:spell", "type:item"), column="card_type", values=TYPE_SPELLINGS, sort="card_type"),
    Keyword("set", ("s",), CHOICE, "A set the card was printed in, by code or slug (promo reprints count).",
            ("set:dn", "s:pr"), sort="card_set__order"),
    Keyword("class", ("c",), CHOICE, "Creature class; quote a class of several words.",
            ("class:knight", 'c:"elemental lord"')),
    Keyword("rarity", ("r",), CHOICE, "Rarity of any printing: common (c), uncommon (u), rare (r), or a code with "
            "its number such as c1 or u2 (see the sets page).", ("r:common", "rarity:u2"), values=RARITY_SPELLINGS),
    Keyword("bribe", ("bribery",), CHOICE, "Bribery icon: babes, gold or beer; none for unbribeable creatures.",
            ("bribe:babes", "bribe:none"), values=(*_identity(*Bribery.values), ("none", "none"))),
    Keyword("size", (), CHOICE, "Creature size: small (s), medium (m) or large (l).", ("size:large",),
            column="size", values=(*_identity(*Size.values), ("s", "small"), ("m", "medium"), ("l", "large"))),
    Keyword("immune", (), CHOICE, "What the card is immune to: an attack type (fire, fear, aoe), a class, "
            "a size, a border or a bribery icon.", ("immune:fire", "immune:undead"), source="index"),
    Keyword("attack", (), CHOICE, "Kind of attack the card makes: fire, fear, methane, plain, aoe or ranged.",
            ("attack:fire", "attack:aoe"), source="index"),
    Keyword("terrain", (), TERRAIN, "A terrain modifier: the terrain alone, or compared with a number.",
            ('terrain:"dry heaps">=4', "terrain:woods"), source="index"),
    Keyword("is", (), FLAG, "A property of the card: " + "; ".join(f"{k} ({v})" for k, v in FLAGS.items()) + ".",
            ("is:flying", "is:command", "is:unbribeable", "is:channeler", "is:receiver", "is:automated", "is:starter",
             "is:unverified"),
            values=FLAG_SPELLINGS),
    Keyword("name", ("n",), NAME, "The whole name (or an alias), case ignored; end with * for a prefix.",
            ('name:"sand lord"', "name:ice*"), source="index", sort="sort_key"),
)  # fmt: skip

# What ``order:`` accepts, name first (the list's own order): every keyword with something to sort by.
SORT_KEYS = {keyword.name: keyword.sort_column
             for keyword in sorted(FILTERS, key=lambda keyword: keyword.name != "name") if keyword.sort_column}  # fmt: skip
SORT_SPELLINGS = tuple((spelling, keyword.name) for keyword in FILTERS if keyword.sort_column
                       for spelling in keyword.spellings)  # fmt: skip
NUMBER_FIELDS = {keyword.name: keyword.column for keyword in FILTERS if keyword.kind == NUMBER}
RANGE_TERMS = tuple(keyword for keyword in FILTERS if keyword.form_range)

KEYWORDS: tuple[Keyword, ...] = (
    *FILTERS,
    Keyword("order", ("sort",), ORDER, "Sort the results: " + ", ".join(SORT_KEYS) + ".",
            ("order:vitality", "set:dn order:cmp dir:desc"), values=SORT_SPELLINGS, operators=(":", "=")),
    Keyword("dir", ("direction",), DIRECTION, "Sort direction: asc or desc.", ("order:vitality dir:desc",),
            values=(("asc", "asc"), ("desc", "desc"), ("up", "asc"), ("down", "desc")), operators=(":", "=")),
)  # fmt: skip

BY_SPELLING = {spelling: keyword for keyword in KEYWORDS for spelling in keyword.spellings}
