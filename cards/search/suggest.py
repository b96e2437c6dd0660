"""Help for the person typing: name autocompletion and a corrected query when words match nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from whoosh import query as wq

from cards.search.budget import BUDGET_EXHAUSTED, CORRECTIONS_CAPPED, Budget
from cards.search.documents import WORD_FIELDS
from cards.search.execute import ids_condition
from cards.search.service import LooseNameReading, current_index
from cards.search.spelling import NameSpeller, loose_names, name_speller
from cards.search.understand import Understood
from core.text_analysis import normalise_name, plain_words, stems

if TYPE_CHECKING:
    from cards.models import Card
    from cards.search.storage import OpenIndex

AUTOCOMPLETE_LIMIT = 20
MAX_PREFIX_LENGTH = 100


def autocomplete(prefix: str, limit: int = AUTOCOMPLETE_LIMIT, include_unverified: bool = False) -> list[Card]:
    """Cards whose name (or alias) starts with the text, then cards with a name word starting so; cards known
    only from fan pages (``is:unverified``) only when asked for, as everywhere else on the site."""
    from cards.models import Card

    text = normalise_name(prefix[:MAX_PREFIX_LENGTH])
    limit = max(1, min(limit, AUTOCOMPLETE_LIMIT))
    if not text:
        return []
    index = current_index()
    cards = Card.objects.select_related("card_set").only("slug", "name", "card_set__code", "card_set__name")
    if not include_unverified:
        cards = cards.printed()
    if index is None:
        found = list(cards.filter(name__istartswith=text).order_by("sort_key", "slug")[:limit])
        more = cards.filter(name__icontains=text).exclude(pk__in=[card.pk for card in found])
        return found + list(more.order_by("sort_key", "slug")[: limit - len(found)])
    found = list(cards.filter(ids_condition(index.ids(wq.Prefix("name_whole", text)))).order_by("sort_key", "slug")[:limit])
    words = plain_words(text)
    if len(found) < limit and words:
        terms: list[wq.Query] = [wq.Term("name_plain", word) for word in words[:-1]]
        terms.append(wq.Prefix("name_plain", words[-1]))
        ids = set(index.ids(wq.And(terms))) - {card.pk for card in found}
        found += list(cards.filter(ids_condition(sorted(ids))).order_by("sort_key", "slug")[: limit - len(found)])
    if len(found) < limit:
        # A name typed loosely: run together ("sandl"), split or hyphenated, or with one slip ("sand lrod").
        names = loose_names(index)
        ranks = names.starting(text)
        if not ranks and (match := names.find(text)) is not None:
            ranks = match.ranks
        ids = set(index.facets.ids(sorted(ranks))) - {card.pk for card in found}
        found += list(cards.filter(ids_condition(sorted(ids))).order_by("sort_key", "slug")[: limit - len(found)])
    return found


def did_you_mean(understood: Understood, budget: Budget | None = None, loose: LooseNameReading | None = None) -> str | None:
    """The query with each unknown word replaced by the closest word of a card name, if any changed; for a
    query read as a loose card name, that name.

    Bounded by what was typed: each distinct word is checked and corrected once, at most
    ``budget.most_corrections`` distinct words are corrected, and none once the budget's time is spent (the
    budget then records that the answer is partial).
    """
    if loose is not None and loose.names:
        return loose.names[0] if loose.names[0] != normalise_name(understood.text) else None
    index = understood.index if understood.index is not None else current_index()
    if index is None:
        return None
    budget = budget if budget is not None else Budget()
    searcher = index.searcher
    speller = name_speller(index)
    known: dict[str, bool] = {}
    corrections: dict[str, str] = {}
    replacements: list[tuple[int, str, str]] = []
    for words in understood.words:
        if words.phrase:
            continue
        if words.text not in known:
            known[words.text] = any(searcher.doc_frequency(field, stem) for stem in stems(words.text)
                                    for field in WORD_FIELDS)  # fmt: skip
        if known[words.text]:
            continue
        corrected = [_corrected(word, index, speller, corrections, budget) for word in plain_words(words.text)]
        if corrected != list(plain_words(words.text)):
            replacements.append((words.position, words.raw, " ".join(corrected)))
    if not replacements:
        return None
    text = understood.text
    # Replace from the end so earlier positions stay valid.
    for position, raw, corrected_text in sorted(replacements, reverse=True):
        if text[position : position + len(raw)] == raw:
            text = text[:position] + corrected_text + text[position + len(raw) :]
    return text if text != understood.text else None


def _corrected(word: str, index: OpenIndex, speller: NameSpeller, corrections: dict[str, str], budget: Budget) -> str:
    """The word's correction (itself when none), looked up once per distinct word within the budget."""
    if word in corrections:
        return corrections[word]
    if not speller.worth_correcting(word):
        return word  # Too short to guess from, or a name word already: no look-up, nothing to count.
    if len(corrections) >= budget.most_corrections:
        budget.fall_short(CORRECTIONS_CAPPED, f"Only the first {budget.most_corrections} distinct unknown words "
                          "were checked for a correction.")  # fmt: skip
        return word
    if budget.exhausted():
        budget.fall_short(BUDGET_EXHAUSTED, "The search ran out of time before checking every unknown word "
                          "for a correction.")  # fmt: skip
        return word
    frequency = index.searcher.reader().doc_frequency
    corrections[word] = speller.closest(word, lambda known: frequency("name_plain", known)) or word
    return corrections[word]
