"""The rules reference: rulesets of numbered entries, the engine's rule ids, glossary, rulings,
worked examples and the change history. Everything here is loaded from rules/ and
fixtures/rulings/ by `manage.py loadrules`; nothing is edited in the database.
"""

from __future__ import annotations

from functools import lru_cache

from django.db import models
from django.db.models.functions import Lower
from django.urls import reverse

from cards.models import Card
from rulings.choices import Authority, EntryKind, RulingKind, RulingStatus
from rulings.querysets import RuleEntryQuerySet, RulingQuerySet

STANDARD = "standard"
ARENA = "arena"
# How a ruling's change history words the entry that records its publication (rules/README.md).
PUBLISHED = "Published"


@lru_cache(maxsize=4096)
def rule_path(ruleset_slug: str, number: str) -> str:
    """The permalink of a rule; cached because a section page links hundreds of rules."""
    name = "rulings:rule" if ruleset_slug == STANDARD else "rulings:arena-rule"
    return reverse(name, kwargs={"number": number})


class LabelledMixin(models.Model):
    """Whose an entry is and since when (rulings.authority), and its reader-facing label ("Published rule",
    "This site's reading, 7 December 2026"); the fields themselves stay in the API."""

    authority = models.CharField(
        max_length=16, choices=Authority.choices, default=Authority.COMPILED_RULES,
        help_text="Who stands behind the text: the published rules (compiled-rules, arena), 'site' for this "
        "site's own reading, or a named source (faq-1996, community).",
    )  # fmt: skip
    date = models.CharField(
        max_length=10, blank=True,
        help_text="As precise as known (2013-10-28, or the day the site made its reading); empty when the "
        "source is undated, and date_note then says so.",
    )  # fmt: skip
    date_note = models.CharField(max_length=300, blank=True, help_text="Where the date comes from, or why there is none.")

    class Meta:
        abstract = True

    @property
    def is_site_reading(self) -> bool:
        return self.authority == Authority.SITE

    @property
    def is_published_rule(self) -> bool:
        """Stated by the rules it belongs to; a section page labels only the entries that are not."""
        return self.authority in (Authority.COMPILED_RULES, Authority.ARENA)

    @property
    def authority_label(self) -> str:
        from core.sources import display_date

        if self.authority == Authority.SITE:
            return f"This site's reading, {display_date(self.date)}" if self.date else "This site's reading"
        if self.authority == Authority.COMPILED_RULES:
            return "Published rule (compiled rules, undated)" if not self.date else "Published rule"
        if self.authority == Authority.ARENA:
            return f"Published Guardians Arena rule, {display_date(self.date)}"
        label = Authority(self.authority).label
        return f"{label}, {display_date(self.date)}" if self.date else label


class Ruleset(models.Model):
    slug = models.SlugField(max_length=20, unique=True)
    name = models.CharField(max_length=60)
    order = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["order"]

    def __str__(self) -> str:
        return self.name

    @property
    def is_standard(self) -> bool:
        return self.slug == STANDARD

    def get_absolute_url(self) -> str:
        return reverse("rulings:contents") if self.is_standard else reverse("rulings:arena-contents")


class RuleEntry(LabelledMixin):
    """A section, subsection, rule or subrule; its number is its permanent address."""

    ruleset = models.ForeignKey(Ruleset, on_delete=models.CASCADE, related_name="entries")
    number = models.CharField(max_length=16)
    kind = models.CharField(max_length=12, choices=EntryKind.choices)
    title = models.CharField(max_length=200, blank=True, help_text="Sections and subsections only.")
    text = models.TextField(blank=True, help_text="Rule text without its number, id tag or differences line.")
    parent = models.ForeignKey("self", null=True, blank=True, on_delete=models.CASCADE, related_name="children")
    position = models.PositiveIntegerField(help_text="Reading order within the ruleset.")
    # "/6/6.5/6.5.1/" for 6.5.1: finding everything under an entry is then one indexed lookup.
    lineage = models.CharField(max_length=80, db_index=True)
    source_file = models.CharField(max_length=120)
    source_line = models.PositiveIntegerField()
    differs_from = models.ManyToManyField(
        "self", symmetrical=False, blank=True, related_name="arena_departures",
        help_text="Standard rules this Arena rule departs from.",
    )  # fmt: skip
    cards = models.ManyToManyField(Card, blank=True, related_name="rule_mentions")

    objects = RuleEntryQuerySet.as_manager()

    class Meta:
        ordering = ["ruleset__order", "position"]
        constraints = [models.UniqueConstraint(fields=["ruleset", "number"], name="unique_rule_number_per_ruleset")]
        verbose_name_plural = "rule entries"

    def __str__(self) -> str:
        label = f"{self.number} {self.title}" if self.title else f"Rule {self.number}"
        return label if self.ruleset.is_standard else f"Arena {label}"

    def get_absolute_url(self) -> str:
        return rule_path(self.ruleset.slug, self.number)

    @property
    def is_heading(self) -> bool:
        return self.kind in (EntryKind.SECTION, EntryKind.SUBSECTION)

    @property
    def citation(self) -> str:
        """How rulings write the number: plain for standard rules, "arena 6.3.2" for Arena."""
        return self.number if self.ruleset.is_standard else f"{ARENA} {self.number}"


class EngineRuleId(models.Model):
    """A step or ruling id the combat engine cites (PRI-7, A-05, ENG-1), and the rule stating it."""

    code = models.CharField(max_length=16, unique=True)
    rule = models.ForeignKey(RuleEntry, on_delete=models.CASCADE, related_name="engine_ids")

    class Meta:
        ordering = ["rule__position", "code"]

    def __str__(self) -> str:
        return self.code


class GlossaryTerm(LabelledMixin):
    term = models.CharField(max_length=80, unique=True)
    slug = models.SlugField(max_length=80, unique=True)
    aliases = models.JSONField(default=list, blank=True)
    definition = models.TextField()
    rule = models.ForeignKey(RuleEntry, on_delete=models.PROTECT, related_name="glossary_terms")
    position = models.PositiveIntegerField()

    class Meta:
        # Dictionary order ("Base draw" before "Base Vitality"): a plain sort puts capitals first on SQLite.
        ordering = [Lower("term"), "term"]

    def __str__(self) -> str:
        return self.term

    def get_absolute_url(self) -> str:
        return f"{reverse('rulings:glossary')}#{self.slug}"


class Topic(models.Model):
    name = models.CharField(max_length=60, unique=True)
    slug = models.SlugField(max_length=60, unique=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Ruling(models.Model):
    code = models.CharField(max_length=8, unique=True, help_text="R-001, E-01, A-01 ...")
    kind = models.CharField(max_length=16, choices=RulingKind.choices)
    question = models.TextField()
    answer = models.TextField()
    rules = models.ManyToManyField(RuleEntry, related_name="rulings")
    cards = models.ManyToManyField(Card, blank=True, related_name="rulings")
    topics = models.ManyToManyField(Topic, blank=True, related_name="rulings")
    sources = models.JSONField(default=list)
    authority = models.CharField(max_length=16, choices=Authority.choices)
    status = models.CharField(max_length=12, choices=RulingStatus.choices)
    date = models.CharField(
        max_length=10, blank=True,
        help_text="As precise as known: 1996, 2008-07 or 2015-03-24; empty when unknown (date_note says why).",
    )  # fmt: skip
    date_note = models.CharField(max_length=300, blank=True, help_text="Where the date comes from.")
    changes = models.JSONField(default=list, blank=True, help_text="[{date, change}], oldest first.")
    note = models.TextField(blank=True)
    superseded_by = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="supersedes"
    )
    position = models.PositiveIntegerField(help_text="Order in rulings.json.")
    source_line = models.PositiveIntegerField()

    objects = RulingQuerySet.as_manager()

    class Meta:
        ordering = ["position"]

    def __str__(self) -> str:
        return f"{self.code}: {self.question}"

    def get_absolute_url(self) -> str:
        return reverse("rulings:ruling", kwargs={"code": self.code})

    @property
    def last_revised(self) -> str:
        """The day of the latest change after publication, if the ruling has been revised (or superseded).

        An entry starting "Published" records the publication itself (a harvested answer corrected, or an
        entry superseded, before it first appeared), so it is no revision; every other entry is one. Counting
        entries instead hid a ruling's only revision (R-079's Archer) from the card pages."""
        revisions = [change for change in self.changes if not str(change["change"]).startswith(PUBLISHED)]
        if revisions:
            return str(revisions[-1]["date"])
        return str(self.changes[-1]["date"]) if self.status == "superseded" and self.changes else ""

    @property
    def date_reason(self) -> str:
        """Why an undated ruling has no date, as a clause ("the compiled rules give a version number but no date")."""
        reason = self.date_note.removeprefix("Date unknown").lstrip(".: ").rstrip(".")
        return reason[:1].lower() + reason[1:]

    @property
    def date_display(self) -> str:
        from core.sources import display_date

        return display_date(self.date)


class WorkedExample(models.Model):
    slug = models.SlugField(max_length=60, unique=True)
    title = models.CharField(max_length=200)
    source = models.CharField(max_length=200)
    body = models.TextField(help_text="Markdown.")
    rules = models.ManyToManyField(RuleEntry, related_name="examples")
    cards = models.ManyToManyField(Card, blank=True, related_name="example_mentions")
    notation = models.TextField(blank=True, help_text="Combat notation from fixtures/examples/<slug>.json, if any.")
    position = models.PositiveIntegerField()

    class Meta:
        ordering = ["position"]

    def __str__(self) -> str:
        return self.title

    def get_absolute_url(self) -> str:
        return reverse("rulings:example", kwargs={"slug": self.slug})


class ChangeLogSection(models.Model):
    """A part of rules/CHANGES.md; version headings ("Version 1.0 (2026-11-21)") carry a version and date."""

    heading = models.CharField(max_length=120)
    version = models.CharField(max_length=20, blank=True)
    date = models.DateField(null=True, blank=True)
    body = models.TextField(help_text="Markdown.")
    position = models.PositiveIntegerField()

    class Meta:
        ordering = ["position"]

    def __str__(self) -> str:
        return self.heading
