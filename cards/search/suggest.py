"""Help for the person typing: name autocompletion and a corrected query when words match nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from whoosh import query as wq

from cards.search.analysis import normalise_name, plain_words, stems
from cards.search.documents import WORD_FIELDS
from cards.search.execute import ids_condition
from cards.search.service import current_index
from cards.search.understand import Understood

if TYPE_CHECKING:
    from cards.models import Card

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
    return found


def did_you_mean(understood: Understood) -> str | None:
    """The query with each unknown word replaced by the closest word of a card name, if any changed."""
    index = current_index()
    if index is None:
        return None
    searcher = index.searcher
    replacements: list[tuple[int, str, str]] = []
    for words in understood.words:
        if words.phrase:
            continue
        found = [stem for stem in stems(words.text)
                 if any(searcher.doc_frequency(field, stem) for field in WORD_FIELDS)]  # fmt: skip
        if found:
            continue
        corrected = [_closest(searcher, word) or word for word in plain_words(words.text)]
        if corrected != list(plain_words(words.text)):
            replacements.append((words.position, words.raw, " ".join(corrected)))
    if not replacements:
        return None
    text = understood.text
    # Replace from the end so earlier positions stay valid.
    for position, raw, corrected in sorted(replacements, reverse=True):
        if text[position : position + len(raw)] == raw:
            text = text[:position] + corrected + text[position + len(raw) :]
    return text if text != understood.text else None


def _closest(searcher: Any, word: str) -> str | None:
    """The name word nearest to a misspelling; a swapped pair of letters counts as one slip."""
    candidates = searcher.suggest("name_plain", word, limit=10, maxdist=2)
    if not candidates:
        return None
    return min(candidates, key=lambda c: (edit_distance(word, c), -searcher.doc_frequency("name_plain", c), c))


def edit_distance(a: str, b: str) -> int:
    """Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps."""
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        current = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                current[j] = min(current[j], previous2[j - 2] + 1)
        previous2, previous = previous, current
    return previous[len(b)]
