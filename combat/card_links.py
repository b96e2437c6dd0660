"""Card links in the engine's steps and warnings, made from the values the engine gives, never from its sentences.

A step names its sentence (``Step.message``) and carries the values that fill it in (``Step.args``); a
warning (``Notice``) carries its values by name. A value names a card when it is a card's printed name (or a
structure holding names: a tuple of names, a match-up outcome said inside the sentence, a chain of terms, a
reason). The sentence is written here from the engine's own template with those values, each card value
linked where the template places it; a card the values name that the wording does not place is linked after
the sentence, so the links a step gets never depend on how the engine words it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from string import Formatter

from django.utils.html import escape, format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

from engine.log import Notice, Step, Term, Why, WordedWhy
from engine.render import NOTICES, STANDARD_WORDS, Chain, Chains, Said, Words, chain_text

# A card's printed name -> its slug, for the cards of one combat that have a page (never a made-up one).
CardNames = Mapping[str, str]


def cards_named(value: object, names: CardNames) -> Iterator[str]:
    """The printed names of the cards a value names, in the order it names them."""
    if isinstance(value, WordedWhy):
        yield from cards_named(dict(value.why.values), names)
    elif isinstance(value, str):
        # A str subclass may carry its names as data (render.Named): read those, never the joined text.
        held = getattr(value, "names", None)
        if held is not None:
            yield from (name for name in held if name in names)
        elif value in names:
            yield value
    elif isinstance(value, (tuple, list)):
        for item in value:
            yield from cards_named(item, names)
    elif isinstance(value, Mapping):
        for item in value.values():
            yield from cards_named(item, names)
    elif isinstance(value, Said):
        yield from cards_named(value.args, names)
    elif isinstance(value, Why):
        yield from cards_named(dict(value.values), names)
    elif isinstance(value, Chain):
        for term in value.terms:
            yield from cards_named(term.label, names)
    elif isinstance(value, Chains):
        for name, terms in value.named:
            yield from cards_named(name, names)
            for term in terms:
                yield from cards_named(term.label, names)


def step_cards(step: Step, names: CardNames, made_up: frozenset[str] = frozenset()) -> dict[str, str]:
    """Every card a step names (its card, the creature it changes, its values), name -> slug, made-up ones left out."""
    found: dict[str, str] = {}
    if step.card and step.card not in made_up and step.card_name:
        found[step.card_name] = step.card
    if step.subject_name in names:
        found[step.subject_name] = names[step.subject_name]
    for name in cards_named(step.args, names):
        found.setdefault(name, names[name])
    return found


def notice_cards(notice: Notice, names: CardNames) -> dict[str, str]:
    """Every card a warning's values name, name -> slug."""
    return {name: names[name] for name in cards_named(notice.values, names)}


def _link(name: str, slug: str) -> str:
    return str(format_html('<a href="/cards/{}/">{}</a>', slug, name))


def _value_html(
    value: object, spec: str, conversion: str | None, names: CardNames, placed: set[str], words: Words = STANDARD_WORDS
) -> str:
    """One value of a sentence as HTML: a card's name linked, a structure written with its card names linked."""
    if isinstance(value, str) and getattr(value, "names", None) is None and value in names and not spec:
        placed.add(value)
        return _link(value, names[value])
    if isinstance(value, Said):
        # Written in the outer sentence's words, as engine.render writes it.
        said_words = value.words or words
        return _sentence_html(said_words.message(value.message)[0], value.args, names, placed, said_words)
    if isinstance(value, Why):
        return _sentence_html(STANDARD_WORDS.notice(value.code), dict(value.values), names, placed)
    if isinstance(value, WordedWhy) and not spec:
        return _worded_html(value, names, placed)
    if isinstance(value, Chain) and not spec:
        return _chain_html(value.terms, names, placed)
    if isinstance(value, Chains) and not spec:
        return "; ".join(
            f"{_value_html(name, '', None, names, placed)}: {_chain_html(terms, names, placed)}"
            for name, terms in value.named
        )
    held = getattr(value, "names", None)
    text = format(_converted(value, conversion), spec)
    if isinstance(held, tuple) and not spec:
        return _held_html(text, held, names, placed)
    return str(escape(text))


def _worded_html(value: WordedWhy, names: CardNames, placed: set[str]) -> str:
    """A reason the engine worded: written again from its code and values in the words it was worded in (never
    read from its text), each card its values name linked where the template places it."""
    return _sentence_html(value.words.notice(value.why.code), dict(value.why.values), names, placed, value.words)


def _converted(value: object, conversion: str | None) -> object:
    if conversion == "r":
        return repr(value)
    if conversion == "s":
        return str(value)
    return value


def _chain_html(terms: tuple[Term, ...], names: CardNames, placed: set[str]) -> str:
    """A chain of terms written as ``chain_text`` writes it, each label that names cards linked."""
    if not terms:
        return str(escape(chain_text(terms)))
    parts: list[str] = []
    for position, term in enumerate(terms):
        label = _value_html(term.label, "", None, names, placed)
        amount = f"{term.amount}" if position == 0 else f"{'+' if term.amount >= 0 else '-'} {abs(term.amount)}"
        parts.append(f"{amount} {label}")
    return " ".join(parts) + f" = {sum(term.amount for term in terms)}"


def _held_html(text: str, held: tuple[str, ...], names: CardNames, placed: set[str]) -> str:
    """A value's words with the card names it holds (its ``names``) linked where the value writes them."""
    spans: list[tuple[int, int, str]] = []
    for name in sorted((name for name in held if name in names), key=len, reverse=True):
        start = text.find(name)
        while start >= 0 and (
            any(start < end and start + len(name) > begin for begin, end, _ in spans)
            or text[start + len(name) : start + len(name) + 1].isalnum()
        ):
            start = text.find(name, start + 1)
        # A name the value holds but does not write as a word (the Swamp card of "Swamps") follows the sentence.
        if start >= 0:
            spans.append((start, start + len(name), name))
    parts: list[str] = []
    last = 0
    for begin, end, name in sorted(spans):
        parts.append(str(escape(text[last:begin])))
        parts.append(_link(name, names[name]))
        placed.add(name)
        last = end
    parts.append(str(escape(text[last:])))
    return "".join(parts)


def _sentence_html(
    template: str,
    values: tuple[object, ...] | Mapping[str, object],
    names: CardNames,
    placed: set[str],
    words: Words = STANDARD_WORDS,
) -> str:
    """A template of the engine filled in with its values, as HTML."""
    parts: list[str] = []
    for literal, field, spec, conversion in Formatter().parse(template):
        parts.append(str(escape(literal)))
        if field is None:
            continue
        value = values[int(field)] if isinstance(values, tuple) else values[field]
        if spec and "{" in spec:
            spec = spec.format(*values) if isinstance(values, tuple) else spec.format_map(values)
        parts.append(_value_html(value, spec or "", conversion, names, placed, words))
    return "".join(parts)


def _with_the_rest(sentence: str, cards: dict[str, str], placed: set[str]) -> SafeString:
    """The sentence, then any card its values name that its wording did not place."""
    rest = [(slug, name) for name, slug in cards.items() if name not in placed]
    if not rest:
        return mark_safe(sentence)
    listed = format_html_join(", ", '<a href="/cards/{}/">{}</a>', rest)
    return format_html('{} <span class="named-cards muted">(cards: {})</span>', mark_safe(sentence), listed)


# A field set in brackets alone, as a refusal's code is in the engine's sentence ("is refused (action.out_of_turn)").
_BRACKETED_FIELD = re.compile(r" \(\{(\w+)\}\)")
_CODE = re.compile(r"^[a-z_]+(\.[a-z_]+)+$")


def _without_codes(template: str, values: tuple[object, ...] | Mapping[str, object]) -> str:
    """The template without the bracketed fields that hold a code: a reader gets the reason in words, while the
    code stays in the step's fields and the API."""

    def value(field: str) -> object:
        try:
            return values[int(field)] if isinstance(values, tuple) else values[field]
        except (IndexError, KeyError, ValueError):
            return None

    return _BRACKETED_FIELD.sub(lambda m: "" if _CODE.match(str(value(m[1]))) else m[0], template)


def step_html(step: Step, names: CardNames, words: Words | None = None) -> SafeString:
    """A step's sentence with every card its values name linked to its card page (the step's own card has its
    own line on the page, ``Card: ...``)."""
    placed: set[str] = set()
    cards = {name: names[name] for name in cards_named(step.args, names)}
    words = words or step_words(step)
    template = _without_codes(words.message(step.message)[0], step.args)
    sentence = _sentence_html(template, step.args, names, placed, words)
    return _with_the_rest(sentence, cards, placed)


def said_html(said: Said, names: CardNames) -> SafeString:
    """A message of the engine with its values (a reason, an action in words) as HTML, each card its values name
    linked where the wording places it and any other after it."""
    placed: set[str] = set()
    cards = {name: names[name] for name in cards_named(said.args, names)}
    return _with_the_rest(_value_html(said, "", None, names, placed), cards, placed)


def step_words(step: Step) -> Words:
    """The words a step is written in: a duel's step in the Arena's words for its round."""
    return step.words


def notice_html(notice: Notice, names: CardNames, words: Words = STANDARD_WORDS) -> SafeString:
    """A warning's sentence with every card its values name linked.

    Written from its code's template where the engine made the message from that template and these values;
    otherwise (a message worded elsewhere) the message as it is, with the cards its values name after it."""
    placed: set[str] = set()
    cards = notice_cards(notice, names)
    sentence = str(escape(notice.message))
    # The engine words a notice from its code's template, or (a refusal, engine.core.refuse) puts its side first.
    own = words.notice(notice.code) if notice.code in NOTICES else None
    for template in (own, "{side}: " + own) if own is not None else ():
        try:
            if template.format_map(notice.values) == notice.message:
                sentence = _sentence_html(template, notice.values, names, placed)
                break
        except (KeyError, IndexError, ValueError, AttributeError):
            break
    return _with_the_rest(sentence, cards, placed)
