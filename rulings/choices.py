"""Fixed vocabularies of the rules corpus; the values are the spellings used in the files."""

from django.db import models


class EntryKind(models.TextChoices):
    SECTION = "section", "Section"
    SUBSECTION = "subsection", "Subsection"
    RULE = "rule", "Rule"
    SUBRULE = "subrule", "Subrule"


class RulingKind(models.TextChoices):
    RULING = "ruling", "Ruling"
    ERRATUM = "erratum", "Erratum"
    CLARIFICATION = "clarification", "Clarification"


class Authority(models.TextChoices):
    FAQ_1996 = "faq-1996", "1996 FAQ (co-written by a designer)"
    COMPILED_RULES = "compiled-rules", "Compiled rules"
    ARENA = "arena", "Guardians Arena rules"
    COMMUNITY = "community", "Community sources"
    SITE = "site", "This site's ruling"


class RulingStatus(models.TextChoices):
    CURRENT = "current", "Current"
    SUPERSEDED = "superseded", "Superseded"
