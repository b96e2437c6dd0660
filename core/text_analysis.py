"""How card text is cut into searchable words: one analyzer for the index, queries and highlighting,
so a word highlighted on the page is exactly a word the index matched."""

from __future__ import annotations

import re
from functools import lru_cache

from whoosh.analysis import Analyzer, LowercaseFilter, RegexTokenizer, SimpleAnalyzer, StemmingAnalyzer

# Stop words are kept: "the" is rare in names that matter ("The Dry Heaps") and phrases need every word.
STEMMED: Analyzer = StemmingAnalyzer(stoplist=None, minsize=1)
PLAIN: Analyzer = SimpleAnalyzer()
# Several whole values in one field (a name and its aliases), separated by a control character.
VALUE_SEPARATOR = "\x1f"
WHOLE_VALUES: Analyzer = RegexTokenizer(r"[^\x1f]+") | LowercaseFilter()


def normalise_name(name: str) -> str:
    """A name as compared by ``name:``: case and runs of spaces ignored."""
    return re.sub(r"\s+", " ", name).strip().lower()


@lru_cache(maxsize=4096)
def stems(text: str) -> tuple[str, ...]:
    return tuple(token.text for token in STEMMED(text))


def word_pair(first: str, second: str) -> str:
    """Two analysed words next to each other, as one term of the index's pair field."""
    return f"{first} {second}"


def plain_words(text: str) -> tuple[str, ...]:
    return tuple(token.text for token in PLAIN(text))
