"""'Report a problem' on every card, rule and ruling page: a form with no account that stores the report for
the editors (listed in the admin), CSRF-protected, throttled per address, with a honeypot against bots and
clear errors, never a 500."""

from __future__ import annotations

import itertools
import re
from urllib.parse import quote

import pytest
from django.contrib.auth.models import User
from django.test import Client

from cards.models import Card
from reports.models import Report
from rulings.models import RuleEntry, Ruling

pytestmark = pytest.mark.django_db

# Each test sends from an address of its own: the throttle counts per address in the shared cache.
_addresses = (f"203.0.113.{n}" for n in itertools.count(1))


@pytest.fixture
def visitor() -> Client:
    return Client(enforce_csrf_checks=True, REMOTE_ADDR=next(_addresses))


def _reportable_pages() -> list[str]:
    return [
        Card.objects.get(slug="sand-lord").get_absolute_url(),
        RuleEntry.objects.filter(ruleset__slug="standard").order_by("pk")[5].get_absolute_url(),
        RuleEntry.objects.exclude(ruleset__slug="standard").order_by("pk")[5].get_absolute_url(),
        Ruling.objects.order_by("pk").first().get_absolute_url(),  # type: ignore[union-attr]
    ]


def _form(visitor: Client, page: str) -> dict[str, str]:
    response = visitor.get("/report/", {"page": page})
    assert response.status_code == 200
    html = response.content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)
    assert token
    return {"csrfmiddlewaretoken": token.group(1), "page": page}


def test_every_card_rule_and_ruling_page_links_to_the_report_form_with_its_own_address(client: Client) -> None:
    for page in _reportable_pages():
        html = client.get(page).content.decode()
        assert f'href="/report/?page={quote(page, safe="/")}"' in html, page
        assert "Report a problem with this page" in html


def test_a_report_is_stored_for_the_editors_and_the_visitor_thanked(visitor: Client) -> None:
    page = _reportable_pages()[0]
    data = _form(visitor, page) | {
        "kind": "wrong_fact",
        "message": "Its Vitality is 11 on my card, not 12.",
        "contact": "me@example.org",
    }
    response = visitor.post("/report/", data)
    assert response.status_code == 302 and response["Location"].startswith("/report/thanks/?page=")
    report = Report.objects.get()
    assert (report.page, report.kind, report.contact, report.handled) == (page, "wrong_fact", "me@example.org", False)
    assert report.message == "Its Vitality is 11 on my card, not 12."
    thanks = visitor.get(response["Location"]).content.decode()
    assert "Thank you" in thanks and f'href="{page}"' in thanks


def test_a_form_sent_without_its_csrf_token_is_refused_plainly(visitor: Client) -> None:
    page = _reportable_pages()[1]
    data = {"page": page, "kind": "other", "message": "A report sent without the form's token."}
    response = visitor.post("/report/", data)
    assert response.status_code == 403
    html = response.content.decode()
    assert "The form could not be sent" in html and "csrf.failed" in html and "Nothing was saved" in html
    assert Report.objects.count() == 0


def test_missing_fields_are_named_and_nothing_is_stored(visitor: Client) -> None:
    data = _form(visitor, _reportable_pages()[2]) | {"message": "short"}
    response = visitor.post("/report/", data)
    assert response.status_code == 400
    html = response.content.decode()
    assert "Choose what kind of problem it is." in html and "at least 10 characters" in html
    assert 'role="alert"' in html and Report.objects.count() == 0


@pytest.mark.parametrize("page", ["", "/cards/", "https://elsewhere.example/", "//elsewhere.example/x", "/report/"])
def test_only_card_rule_and_ruling_pages_can_be_reported(visitor: Client, page: str) -> None:
    response = visitor.get("/report/", {"page": page})
    assert response.status_code == 400
    assert "card, rule or ruling page" in response.content.decode()
    data = _form(visitor, _reportable_pages()[0]) | {"page": page, "kind": "other", "message": "Something else is off."}
    assert visitor.post("/report/", data).status_code == 400 and Report.objects.count() == 0


def test_a_bot_filling_the_hidden_field_is_thanked_but_not_stored(visitor: Client) -> None:
    data = _form(visitor, _reportable_pages()[0]) | {
        "kind": "other", "message": "Buy cheap things at our shop today.", "website": "http://spam.example/",
    }  # fmt: skip
    response = visitor.post("/report/", data)
    assert response.status_code == 302 and Report.objects.count() == 0


def test_reports_are_throttled_per_address_per_hour(visitor: Client, settings) -> None:  # type: ignore[no-untyped-def]
    settings.REPORTS_PER_HOUR = 2
    page = _reportable_pages()[3]
    for number in range(2):
        data = _form(visitor, page) | {"kind": "ruling", "message": f"Report number {number} about this ruling."}
        assert visitor.post("/report/", data).status_code == 302
    data = _form(visitor, page) | {"kind": "ruling", "message": "One report too many from one address."}
    refused = visitor.post("/report/", data)
    assert refused.status_code == 429 and refused["Retry-After"] == "3600"
    assert "2 reports in the last hour" in refused.content.decode()
    assert Report.objects.count() == 2
    # Another address is not held back by this one.
    other = Client(enforce_csrf_checks=True, REMOTE_ADDR=next(_addresses))
    data = _form(other, page) | {"kind": "ruling", "message": "A report from somebody else entirely."}
    assert other.post("/report/", data).status_code == 302 and Report.objects.count() == 3


def test_the_editors_see_the_reports_in_the_admin(client: Client) -> None:
    Report.objects.create(page="/cards/sand-lord/", kind="missing", message="The Arena errata is not listed.")
    client.force_login(User.objects.create(username="editor", is_staff=True, is_superuser=True))
    listing = client.get("/admin/reports/report/")
    assert listing.status_code == 200
    assert (
        "/cards/sand-lord/" in listing.content.decode()
        and "The Arena errata is not listed." in listing.content.decode()
    )
