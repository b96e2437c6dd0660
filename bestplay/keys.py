"""The key of a best-play analysis: one per question, so the same question is searched once per data revision."""

from __future__ import annotations

import hashlib

# Part of every key: a change to the solver that changes its answers takes the next number, so new questions
# get fresh analyses while every stored one (and its permalink) stays as it was.
ANSWER_FORMAT = "1"
KEY_LENGTH = 32


def analysis_key(notation: str, ruleset: str, data_revision: int) -> str:
    """A digest of the set-up as the engine writes it (so two spellings of one set-up share it), its rule set,
    the data revision whose cards it was searched with, and the answer format."""
    text = "\n".join((ANSWER_FORMAT, ruleset, str(data_revision), notation))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:KEY_LENGTH]
