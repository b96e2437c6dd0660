"""Load the rules corpus into the database: check every reference, then sync, all or nothing.

The load is a sync keyed on the permanent identifiers (ruleset and number, ruling id, term,
example id), so a second run changes nothing and reports 0 changed, and rows keep their keys.
Every problem is a RulesCorpusError naming the file and line.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from django.db import models, transaction
from django.utils.text import slugify

from cards.models import Card
from core import revision
from core.sources import UnknownSource, describe, ruling_date
from rulings import errors
from rulings.authority import Label, changes_listing, label_rule, label_term
from rulings.card_names import ordinary_words
from rulings.choices import Authority, RulingKind, RulingStatus
from rulings.corpus import Corpus, ParsedEntry, read_corpus
from rulings.errors import RulesCorpusError
from rulings.linking import card_names_in
from rulings.models import (
    ChangeLogSection,
    EngineRuleId,
    GlossaryTerm,
    RuleEntry,
    Ruleset,
    Ruling,
    Topic,
    WorkedExample,
)

RULESETS = {"standard": ("Guardians rules", 1), "arena": ("Guardians Arena", 2)}
CROSS_REFERENCE = re.compile(r"\(see (standard |arena )?(\d+(?:\.\d+){1,2}[a-z]?)")
RULING_MENTION = re.compile(r"ruling (R-\d{3})")


@dataclass
class LoadReport:
    """What a load did, table by table: each row counted once, as created, updated or unchanged (a row
    written twice in one load, such as a ruling and then its ``superseded_by``, is still one row)."""

    created: dict[str, int] = field(default_factory=dict)
    updated: dict[str, int] = field(default_factory=dict)
    unchanged: dict[str, int] = field(default_factory=dict)
    deleted: dict[str, int] = field(default_factory=dict)
    links_changed: int = 0

    def count(self, bucket: dict[str, int], label: str, amount: int = 1) -> None:
        bucket[label] = bucket.get(label, 0) + amount

    @property
    def changed(self) -> int:
        return sum(self.created.values()) + sum(self.updated.values()) + sum(self.deleted.values()) + self.links_changed

    def summary(self) -> str:
        def listing(bucket: dict[str, int]) -> str:
            return ", ".join(f"{amount} {label}" for label, amount in sorted(bucket.items())) or "nothing"

        return (
            f"Created {listing(self.created)}; updated {listing(self.updated)}; deleted {listing(self.deleted)}; "
            f"unchanged {listing(self.unchanged)}; {self.links_changed} links changed; {self.changed} changed in all."
        )


def load_rules(rules_dir: Path, rulings_file: Path, scenarios_dir: Path | None = None) -> LoadReport:
    """Make the database match the corpus; raises RulesCorpusError and writes nothing on any problem."""
    corpus = read_corpus(rules_dir, rulings_file, scenarios_dir)
    cards = dict(Card.objects.values_list("slug", "id"))
    _check(corpus, set(cards))
    report = LoadReport()
    with transaction.atomic():
        _Sync(corpus, cards, report).run()
        if report.changed:
            # Links are written in bulk, which sends no signals.
            revision.data_changed()
    return report


# Checks ------------------------------------------------------------------------------------------


def _check(corpus: Corpus, card_slugs: set[str]) -> None:
    numbers = {slug: {entry.number for entry in entries} for slug, entries in corpus.rulesets.items()}
    owners: dict[str, ParsedEntry] = {}
    for slug, entries in corpus.rulesets.items():
        for entry in entries:
            _check_entry(entry, slug, numbers, owners)
    ruling_codes = {ruling.fields["id"] for ruling in corpus.rulings}
    for entries in corpus.rulesets.values():
        for entry in entries:
            for code in RULING_MENTION.findall(entry.text):
                if code not in ruling_codes:
                    raise RulesCorpusError(
                        errors.UNRESOLVED, entry.path, entry.line, f"{entry.number} names missing ruling {code}"
                    )
    seen_terms: dict[str, int] = {}
    anchors: dict[str, str] = {}
    for term in corpus.glossary:
        if slugify(term.term) in anchors:
            raise RulesCorpusError(
                errors.DUPLICATE,
                term.path,
                term.line,
                f"{term.term!r} and {anchors[slugify(term.term)]!r} share the anchor {slugify(term.term)!r}",
            )
        anchors[slugify(term.term)] = term.term
        if term.term.lower() in seen_terms:
            raise RulesCorpusError(
                errors.DUPLICATE,
                term.path,
                term.line,
                f"term {term.term!r} already defined on line {seen_terms[term.term.lower()]}",
            )
        seen_terms[term.term.lower()] = term.line
        if term.rule not in numbers[term.ruleset]:
            raise RulesCorpusError(
                errors.UNRESOLVED,
                term.path,
                term.line,
                f"{term.term!r} points to missing {term.ruleset} rule {term.rule}",
            )
    seen_examples: set[str] = set()
    for example in corpus.examples:
        if example.slug in seen_examples:
            raise RulesCorpusError(
                errors.DUPLICATE, example.path, example.line, f"example id {example.slug!r} used twice"
            )
        seen_examples.add(example.slug)
        for number in example.rules:
            if number not in numbers["standard"]:
                raise RulesCorpusError(errors.UNRESOLVED, example.path, example.line, f"cites missing rule {number}")
    _check_rulings(corpus, numbers, card_slugs)
    _check_labels(corpus)


def ruling_labels(corpus: Corpus) -> dict[str, Label]:
    labels = {}
    for ruling in corpus.rulings:
        raw = ruling.fields
        day, note = ruling_date(raw["authority"], raw["sources"], raw.get("date", ""))
        labels[raw["id"]] = Label(raw["authority"], day, note)
    return labels


def rule_labels(corpus: Corpus) -> dict[tuple[str, str], Label | None]:
    """Each rule's authority and date (rulings.authority); None for a site reading nothing dates."""
    rulings, listing = ruling_labels(corpus), changes_listing(corpus.changes)
    return {
        (slug, entry.number): label_rule(slug, entry.number, entry.text, entry.engine_ids, entry.authority,
                                         rulings, listing)
        for slug, entries in corpus.rulesets.items() for entry in entries
    }  # fmt: skip


def _check_labels(corpus: Corpus) -> None:
    labels = rule_labels(corpus)
    for slug, entries in corpus.rulesets.items():
        for entry in entries:
            if entry.authority and entry.authority[0] not in Authority.values:
                raise RulesCorpusError(errors.INVALID_VALUE, entry.path, entry.line,
                                       f"{entry.number}: authority {entry.authority[0]!r} is not one of "
                                       f"{', '.join(Authority.values)}")  # fmt: skip
            if entry.authority and entry.authority[1] and not _is_day(entry.authority[1]):
                raise RulesCorpusError(errors.INVALID_VALUE, entry.path, entry.line,
                                       f"{entry.number}: the 'Authority:' date must be a real day (YYYY-MM-DD)")  # fmt: skip
            if labels[(slug, entry.number)] is None:
                raise RulesCorpusError(errors.UNRESOLVED, entry.path, entry.line,
                                       f"{entry.number} is this site's reading but nothing dates it: list it in "
                                       "rules/CHANGES.md or end it with 'Authority: site, YYYY-MM-DD.'")  # fmt: skip
    for term in corpus.glossary:
        if term.authority and (term.authority[0] not in Authority.values
                               or (term.authority[1] and not _is_day(term.authority[1]))):  # fmt: skip
            raise RulesCorpusError(errors.INVALID_VALUE, term.path, term.line,
                                   f"{term.term!r}: bad 'Authority:' line (known: {', '.join(Authority.values)})")  # fmt: skip


def _check_entry(
    entry: ParsedEntry, ruleset: str, numbers: dict[str, set[str]], owners: dict[str, ParsedEntry]
) -> None:
    for code in entry.engine_ids:
        if code in owners:
            first = owners[code]
            raise RulesCorpusError(
                errors.DUPLICATE,
                entry.path,
                entry.line,
                f"id {code} is already carried by {first.number} ({first.path}:{first.line})",
            )
        owners[code] = entry
    for scope, number in CROSS_REFERENCE.findall(entry.text):
        target = scope.strip() or ruleset
        if number not in numbers[target]:
            raise RulesCorpusError(
                errors.UNRESOLVED, entry.path, entry.line, f"{entry.number}: (see {scope}{number}) does not resolve"
            )
    for number in entry.differs_from:
        if number not in numbers["standard"]:
            raise RulesCorpusError(
                errors.UNRESOLVED,
                entry.path,
                entry.line,
                f"{entry.number}: 'Differs from standard' names missing rule {number}",
            )


def _check_rulings(corpus: Corpus, numbers: dict[str, set[str]], card_slugs: set[str]) -> None:
    codes: dict[str, int] = {}
    for ruling in corpus.rulings:
        raw, where = ruling.fields, (ruling.path, ruling.line)
        code = raw["id"]
        if code in codes:
            raise RulesCorpusError(errors.DUPLICATE, *where, f"ruling id {code} already used on line {codes[code]}")
        codes[code] = ruling.line
        for key, allowed in (
            ("kind", RulingKind.values),
            ("authority", Authority.values),
            ("status", RulingStatus.values),
        ):
            if raw[key] not in allowed:
                raise RulesCorpusError(
                    errors.INVALID_VALUE,
                    *where,
                    f"ruling {code}: {key} {raw[key]!r} is not one of {', '.join(allowed)}",
                )
        if raw["status"] == "superseded" and not raw.get("note"):
            raise RulesCorpusError(errors.INVALID_VALUE, *where, f"ruling {code} is superseded without a note")
        if not raw["rules"]:
            raise RulesCorpusError(errors.INVALID_VALUE, *where, f"ruling {code} cites no rule")
        for citation in raw["rules"]:
            ruleset, number = _split_citation(citation)
            if number not in numbers.get(ruleset, set()):
                raise RulesCorpusError(errors.UNRESOLVED, *where, f"ruling {code} cites missing rule {citation!r}")
        for slug in raw["cards"]:
            if slug not in card_slugs:
                raise RulesCorpusError(
                    errors.UNKNOWN_CARD, *where, f"ruling {code} names unknown card {slug!r} (run loadcards first?)"
                )
        _check_ruling_dates(raw, where)
    topic_slugs: dict[str, str] = {}
    for ruling in corpus.rulings:
        for name in ruling.fields["topics"]:
            if topic_slugs.setdefault(slugify(name), name) != name:
                raise RulesCorpusError(
                    errors.DUPLICATE,
                    ruling.path,
                    ruling.line,
                    f"topics {name!r} and {topic_slugs[slugify(name)]!r} share the slug {slugify(name)!r}",
                )
    for ruling in corpus.rulings:
        replacement = ruling.fields.get("superseded_by")
        if replacement and replacement not in codes:
            raise RulesCorpusError(
                errors.UNRESOLVED, ruling.path, ruling.line, f"superseded by missing ruling {replacement}"
            )


def _check_ruling_dates(raw: dict[str, Any], where: tuple[str, int]) -> None:
    """The site's own rulings carry the day they were made; every other ruling is dated by its sources."""
    code = raw["id"]
    for key in raw["sources"]:
        try:
            describe(key)
        except UnknownSource as exc:
            raise RulesCorpusError(errors.UNRESOLVED, *where, f"ruling {code}: {exc}") from None
    if raw["authority"] == "site":
        if not _is_day(raw.get("date")):
            raise RulesCorpusError(errors.INVALID_VALUE, *where,
                                   f"ruling {code}: a site ruling needs the date it was made (YYYY-MM-DD)")  # fmt: skip
    elif "date" in raw:
        raise RulesCorpusError(errors.INVALID_VALUE, *where,
                               f"ruling {code}: only site rulings carry a date; this one is dated by its sources")  # fmt: skip
    changes = raw.get("changes", [])
    if not isinstance(changes, list) or not all(
        isinstance(item, dict) and _is_day(item.get("date")) and str(item.get("change", "")).strip() for item in changes
    ):
        raise RulesCorpusError(errors.INVALID_VALUE, *where,
                               f"ruling {code}: changes must be a list of {{date: YYYY-MM-DD, change: text}}")  # fmt: skip


def _is_day(value: Any) -> bool:
    try:
        date.fromisoformat(value)
    except (TypeError, ValueError):
        return False
    return True


def _split_citation(citation: str) -> tuple[str, str]:
    """'6.4.2' is a standard rule, 'arena 6.3.2' an Arena rule."""
    scope, _, number = citation.partition(" ")
    return (scope, number) if number else ("standard", citation)


def _label_values(label: Label | None) -> dict[str, str]:
    assert label is not None, "checked by _check_labels"
    return {"authority": label.authority, "date": label.date, "date_note": label.date_note}


# Sync --------------------------------------------------------------------------------------------


class _Sync:
    def __init__(self, corpus: Corpus, cards: dict[str, int], report: LoadReport) -> None:
        self.corpus, self.cards, self.report = corpus, cards, report
        self.card_ids_by_name = dict(Card.objects.values_list("name", "id"))
        self.card_slugs_by_name = dict(Card.objects.values_list("name", "slug"))
        self.entries: dict[tuple[str, str], RuleEntry] = {}
        # What happened to each row this load, by (table, primary key); counted into the report at the end.
        self.outcomes: dict[tuple[str, int], str] = {}
        self.labels = rule_labels(corpus)
        self.ruling_labels = ruling_labels(corpus)

    def run(self) -> None:
        rulesets = {slug: self._upsert(Ruleset, {"slug": slug}, {"name": name, "order": order})
                    for slug, (name, order) in RULESETS.items()}  # fmt: skip
        self._delete(Ruleset.objects.exclude(slug__in=RULESETS))
        # Terms point at rules with PROTECT, so stale terms go before stale rules.
        self._delete(GlossaryTerm.objects.exclude(term__in=[term.term for term in self.corpus.glossary]))
        for slug, parsed in self.corpus.rulesets.items():
            self._sync_entries(rulesets[slug], parsed)
        self._sync_rule_links()
        self._sync_engine_ids()
        self._sync_glossary()
        topics = self._sync_topics()
        self._sync_rulings(topics)
        self._sync_examples()
        self._sync_changes()
        for (label, _), outcome in self.outcomes.items():
            self.report.count(getattr(self.report, outcome), label)

    # Generic helpers.

    def _upsert(self, model: type[models.Model], key: dict[str, Any], values: dict[str, Any],
                existing: models.Model | None = None) -> Any:  # fmt: skip
        label = str(model._meta.verbose_name_plural)
        obj = existing if existing is not None else model._default_manager.filter(**key).first()
        if obj is None:
            obj = model._default_manager.create(**key, **values)
            self.outcomes[(label, obj.pk)] = "created"
            return obj
        changed = [name for name, value in values.items() if getattr(obj, name) != value]
        if changed:
            for name in changed:
                setattr(obj, name, values[name])
            obj.save(update_fields=changed)
        # A row created earlier in this load stays "created"; a change in any pass makes it "updated".
        before = self.outcomes.get((label, obj.pk))
        if before != "created" and (changed or before is None):
            self.outcomes[(label, obj.pk)] = "updated" if changed else "unchanged"
        return obj

    def _delete(self, queryset: models.QuerySet[Any]) -> None:
        amount = queryset.count()
        if amount:
            queryset.delete()
            self.report.count(self.report.deleted, queryset.model._meta.verbose_name_plural, amount)

    def _sync_links(self, relation: Any, wanted: set[tuple[int, int]]) -> None:
        """Make a many-to-many table hold exactly the wanted (from, to) pairs, in two queries at most."""
        through = relation.through
        source, target = relation.field.m2m_field_name(), relation.field.m2m_reverse_field_name()
        current = set(through.objects.values_list(f"{source}_id", f"{target}_id"))
        stale = current - wanted
        for from_id, to_id in stale:
            through.objects.filter(**{f"{source}_id": from_id, f"{target}_id": to_id}).delete()
        through.objects.bulk_create([through(**{f"{source}_id": a, f"{target}_id": b}) for a, b in wanted - current])
        self.report.links_changed += len(stale) + len(wanted - current)

    def _card_mentions(self, owners: Iterable[tuple[int, str, tuple[str, str] | None]]) -> set[tuple[int, int]]:
        """The cards each text names, as its links do: not a card whose name is an ordinary word in that rule
        entry (rulings.card_names.RULE_WORDS_NOT_CARDS), so the card's page does not list the rule."""
        pairs: set[tuple[int, int]] = set()
        for owner_id, text, place in owners:
            words = ordinary_words(place)
            pairs |= {(owner_id, self.card_ids_by_name[name]) for name in card_names_in(text, self.card_ids_by_name)
                      if self.card_slugs_by_name[name] not in words}  # fmt: skip
        return pairs

    # Each table.

    def _sync_entries(self, ruleset: Ruleset, parsed: list[ParsedEntry]) -> None:
        existing = {entry.number: entry for entry in RuleEntry.objects.filter(ruleset=ruleset)}
        self._delete(RuleEntry.objects.filter(ruleset=ruleset).exclude(number__in=[entry.number for entry in parsed]))
        lineage: dict[str, str] = {}
        for position, entry in enumerate(parsed, start=1):
            parent = self.entries[(ruleset.slug, entry.parent_number)] if entry.parent_number else None
            lineage[entry.number] = f"{lineage[entry.parent_number] if entry.parent_number else '/'}{entry.number}/"
            values = {"kind": entry.kind, "title": entry.title, "text": entry.text, "parent_id": parent.id if parent else None,
                      "position": position, "lineage": lineage[entry.number], "source_file": entry.path,
                      "source_line": entry.line}  # fmt: skip
            values |= _label_values(self.labels[(ruleset.slug, entry.number)])
            key = {"ruleset": ruleset, "number": entry.number}
            self.entries[(ruleset.slug, entry.number)] = self._upsert(
                RuleEntry, key, values, existing.get(entry.number)
            )

    def _sync_rule_links(self) -> None:
        parsed = [(slug, entry) for slug, entries in self.corpus.rulesets.items() for entry in entries]
        self._sync_links(RuleEntry.differs_from, {
            (self.entries[(slug, entry.number)].id, self.entries[("standard", number)].id)
            for slug, entry in parsed for number in entry.differs_from
        })  # fmt: skip
        self._sync_links(RuleEntry.cards, self._card_mentions(
            (self.entries[(slug, entry.number)].id, f"{entry.title} {entry.text}", (slug, entry.number))
            for slug, entry in parsed
        ))  # fmt: skip

    def _sync_engine_ids(self) -> None:
        wanted = {code: self.entries[(slug, entry.number)]
                  for slug, entries in self.corpus.rulesets.items() for entry in entries for code in entry.engine_ids}  # fmt: skip
        existing = {row.code: row for row in EngineRuleId.objects.all()}
        self._delete(EngineRuleId.objects.exclude(code__in=wanted))
        for code, rule in wanted.items():
            self._upsert(EngineRuleId, {"code": code}, {"rule_id": rule.id}, existing.get(code))

    def _sync_glossary(self) -> None:
        existing = {term.term: term for term in GlossaryTerm.objects.all()}
        for position, term in enumerate(self.corpus.glossary, start=1):
            values = {"slug": slugify(term.term), "aliases": term.aliases, "definition": term.definition,
                      "rule_id": self.entries[(term.ruleset, term.rule)].id, "position": position}  # fmt: skip
            values |= _label_values(self._term_label(term))
            self._upsert(GlossaryTerm, {"term": term.term}, values, existing.get(term.term))

    def _term_label(self, term: Any) -> Label | None:
        if term.authority:
            authority, day = term.authority
            note = "Given by the entry's own 'Authority:' line." if day else "Date unknown: the entry names no date."
            return Label(authority, day, note)
        rule_label = self.labels[(term.ruleset, term.rule)]
        assert rule_label is not None
        return label_term(term.definition, rule_label, self.ruling_labels)

    def _sync_topics(self) -> dict[str, Topic]:
        names = sorted({name for ruling in self.corpus.rulings for name in ruling.fields["topics"]})
        existing = {topic.name: topic for topic in Topic.objects.all()}
        self._delete(Topic.objects.exclude(name__in=names))
        return {
            name: self._upsert(Topic, {"name": name}, {"slug": slugify(name)}, existing.get(name)) for name in names
        }

    def _sync_rulings(self, topics: dict[str, Topic]) -> None:
        existing = {ruling.code: ruling for ruling in Ruling.objects.all()}
        codes = [ruling.fields["id"] for ruling in self.corpus.rulings]
        self._delete(Ruling.objects.exclude(code__in=codes))
        saved: dict[str, Ruling] = {}
        for position, parsed in enumerate(self.corpus.rulings, start=1):
            raw = parsed.fields
            dated = ruling_date(raw["authority"], raw["sources"], raw.get("date", ""))
            values = {"kind": raw["kind"], "question": raw["question"], "answer": raw["answer"], "sources": raw["sources"],
                      "authority": raw["authority"], "status": raw["status"], "date": dated[0], "date_note": dated[1],
                      "changes": raw.get("changes", []),
                      "note": raw.get("note") or "", "position": position, "source_line": parsed.line}  # fmt: skip
            saved[raw["id"]] = self._upsert(Ruling, {"code": raw["id"]}, values, existing.get(raw["id"]))
        for parsed in self.corpus.rulings:
            replacement = parsed.fields.get("superseded_by")
            self._upsert(Ruling, {"code": parsed.fields["id"]},
                         {"superseded_by_id": saved[replacement].id if replacement else None}, saved[parsed.fields["id"]])  # fmt: skip
        rules, cards, ruling_topics = set(), set(), set()
        for parsed in self.corpus.rulings:
            ruling_id = saved[parsed.fields["id"]].id
            rules |= {(ruling_id, self.entries[_split_citation(citation)].id) for citation in parsed.fields["rules"]}
            cards |= {(ruling_id, self.cards[slug]) for slug in parsed.fields["cards"]}
            ruling_topics |= {(ruling_id, topics[name].id) for name in parsed.fields["topics"]}
        self._sync_links(Ruling.rules, rules)
        self._sync_links(Ruling.cards, cards)
        self._sync_links(Ruling.topics, ruling_topics)

    def _sync_examples(self) -> None:
        existing = {example.slug: example for example in WorkedExample.objects.all()}
        self._delete(WorkedExample.objects.exclude(slug__in=[example.slug for example in self.corpus.examples]))
        saved: dict[str, WorkedExample] = {}
        for position, example in enumerate(self.corpus.examples, start=1):
            values = {"title": example.title, "source": example.source, "body": example.body,
                      "notation": example.notation, "position": position}  # fmt: skip
            saved[example.slug] = self._upsert(
                WorkedExample, {"slug": example.slug}, values, existing.get(example.slug)
            )
        self._sync_links(WorkedExample.rules, {
            (saved[example.slug].id, self.entries[("standard", number)].id)
            for example in self.corpus.examples for number in example.rules
        })  # fmt: skip
        self._sync_links(WorkedExample.cards, self._card_mentions(
            (saved[example.slug].id, f"{example.title} {example.body}", None) for example in self.corpus.examples
        ))  # fmt: skip

    def _sync_changes(self) -> None:
        existing = {section.position: section for section in ChangeLogSection.objects.all()}
        self._delete(ChangeLogSection.objects.filter(position__gt=len(self.corpus.changes)))
        for position, change in enumerate(self.corpus.changes, start=1):
            values = {"heading": change.heading, "version": change.version, "date": change.date, "body": change.body}
            self._upsert(ChangeLogSection, {"position": position}, values, existing.get(position))
