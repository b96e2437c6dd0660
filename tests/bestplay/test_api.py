"""POST /api/v1/combat/best-play/ and its analyses: answered at once within the request's search, else a job
(run here by the tasks worker in-process), one analysis per set-up and data revision, coded refusals."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client
from rest_framework import serializers

from bestplay import service
from bestplay.models import Analysis
from bestplay.serializers import (
    AnalysisSerializer,
    BoundsSerializer,
    DecisionSerializer,
    LineSerializer,
    SolutionSerializer,
    WhyLostSerializer,
)
from combat import running
from core import revision
from engine.solver import solve

pytestmark = pytest.mark.django_db

# Small enough that the request's own search proves it (28 positions).
SMALL = "a=sand-lord,swordsman d=archer,devil-dog a.hand=gold"
# Written as ordered actions, so "why did I lose?" can read the line played.
PLAYED = "a=sand-lord,swordsman d=archer,devil-dog a.hand=gold m1=a:pass,d:pass"
# Three a side with hands: several hundred positions, more than a near-zero request budget can prove.
LARGER = "a=sand-lord,swordsman,archer d=archer,devil-dog,swordsman a.hand=gold d.hand=babes"


def _post(client: Client, body: Any) -> Any:
    return client.post("/api/v1/combat/best-play/", body, content_type="application/json")


def _run_worker() -> None:
    """The database backend's worker, in this process: every queued job, then it stops."""
    call_command("db_worker", batch=True, startup_delay=False, reload=False, verbosity=0)


def _fields(serializer: serializers.Serializer[Any]) -> set[str]:
    return set(serializer.fields)


def test_a_search_that_finishes_in_the_request_is_answered_at_once(client: Client) -> None:
    response = _post(client, {"notation": SMALL})
    assert response.status_code == 200, response.content[:300]
    body = response.json()
    assert body["status"] == "done" and body["elapsed_share"] == 1.0 and body["error"] is None
    solution = body["result"]["solution"]
    # The value is the engine's, searched afresh here: the site adds nothing to it.
    expected = solve(running.read_notation(SMALL), running.catalog())
    assert solution["exact"] is True and solution["value"] == expected.value.to_dict()  # type: ignore[union-attr]
    # The best line resolves, through the ordinary engine, to the value claimed.
    line = solution["best_line"]
    resolved = client.post("/api/v1/combat/resolve/", {"notation": line["notation"]}, content_type="application/json")
    result = resolved.json()["result"]
    assert result["winner"] == line["value"]["holder"] == solution["value"]["holder"]
    assert result["attacker_total"] - result["defender_total"] == line["value"]["margin"]
    assert line["permalink"].startswith("/combat/?") and all(d["rule_url"] == f"/rules/id/{d['rule']}/"
                                                             for d in line["decisions"])  # fmt: skip
    # The page and the job address of the same analysis.
    assert body["permalink"] == f"/combat/best-play/{body['key']}/"
    assert client.get(body["url"]).json()["result"] == body["result"]


def test_the_answer_has_exactly_the_documented_fields(client: Client) -> None:
    body = _post(client, {"notation": PLAYED}).json()
    assert set(body) == _fields(AnalysisSerializer())
    answer = body["result"]
    solution, why = answer["solution"], answer["why_lost"]
    assert set(solution) == _fields(SolutionSerializer())
    assert set(solution["bounds"]) == _fields(BoundsSerializer())
    assert set(solution["best_line"]) == _fields(LineSerializer())
    assert all(set(decision) == _fields(DecisionSerializer()) for decision in solution["best_line"]["decisions"])
    assert why is not None and set(why) == _fields(WhyLostSerializer())
    assert set(why["played"]) == _fields(LineSerializer())
    assert why["loser"] in ("attacker", "defender")


def test_a_longer_search_becomes_a_job_with_progress_then_its_answer(client: Client, monkeypatch: Any) -> None:
    monkeypatch.setattr(service, "INLINE_BUDGET_S", 0.0001)
    response = _post(client, {"notation": LARGER})
    assert response.status_code == 202, response.content[:300]
    body = response.json()
    assert response["Location"] == body["url"] == f"/api/v1/combat/best-play/{body['key']}/"
    assert body["status"] == "queued" and body["result"] is None and body["progress"] == {}
    assert body["elapsed_share"] == 0.0
    waiting = client.get(body["url"])
    assert waiting.status_code == 200 and waiting.json()["status"] == "queued"

    _run_worker()

    done = client.get(body["url"]).json()
    assert done["status"] == "done" and done["elapsed_share"] == 1.0
    solution = done["result"]["solution"]
    assert solution["exact"] is True
    expected = solve(running.read_notation(LARGER), running.catalog())
    assert solution["value"] == expected.value.to_dict()  # type: ignore[union-attr]
    # The solver's last progress report was kept: it searched as many positions as the answer says.
    assert done["progress"]["nodes"] == solution["nodes"] and done["progress"]["bounds"]["exact"] is True
    assert set(done["progress"]) == {"depth", "nodes", "elapsed_s", "bounds", "proved_share"}


def test_the_same_question_is_searched_once_per_data_revision(client: Client, monkeypatch: Any) -> None:
    searches: list[object] = []
    real = service.search

    def counted(*args: Any, **kwargs: Any) -> Any:
        searches.append(args[0])
        return real(*args, **kwargs)

    monkeypatch.setattr(service, "search", counted)
    first = _post(client, {"notation": SMALL}).json()
    # Another spelling of the same set-up (the JSON form) is the same question.
    setup = {"attacker": {"creatures": ["sand-lord", "swordsman"], "hand": ["gold"]},
             "defender": {"creatures": ["archer", "devil-dog"]}}  # fmt: skip
    again = _post(client, {"setup": setup}).json()
    assert again["key"] == first["key"] and again["result"] == first["result"] and len(searches) == 1
    revision.bump()
    later = _post(client, {"notation": SMALL}).json()
    assert later["key"] != first["key"] and later["data_revision"] == first["data_revision"] + 1
    assert len(searches) == 2
    # The older analysis keeps resolving at its address.
    assert client.get(first["url"]).json()["key"] == first["key"]


def test_a_job_whose_data_changed_before_it_ran_fails_with_a_code(client: Client, monkeypatch: Any) -> None:
    monkeypatch.setattr(service, "INLINE_BUDGET_S", 0.0001)
    body = _post(client, {"notation": LARGER}).json()
    revision.bump()
    _run_worker()
    failed = client.get(body["url"]).json()
    assert failed["status"] == "failed" and failed["result"] is None
    assert failed["error"]["code"] == "best_play.data_changed"


def test_a_job_that_lost_its_worker_is_queued_again_when_asked(client: Client, monkeypatch: Any) -> None:
    monkeypatch.setattr(service, "INLINE_BUDGET_S", 0.0001)
    body = _post(client, {"notation": LARGER}).json()
    from django.db.models import F

    Analysis.objects.filter(pk=body["key"]).update(heartbeat_at=F("heartbeat_at") - service.STALE_AFTER * 2)
    first_task = Analysis.objects.get(pk=body["key"]).task_id
    again = _post(client, {"notation": LARGER})
    assert again.status_code == 202 and Analysis.objects.get(pk=body["key"]).task_id != first_task


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"notation": "a=sand-lrod d=archer"}, "invalid_setup"),
        ({"notation": "a=sand-lord d=archer m1=nonsense"}, "invalid_notation"),
        ({"setup": "not an object"}, "invalid_parameter"),
        ({}, "invalid_parameter"),
    ],
)
def test_bad_input_is_a_coded_400(client: Client, body: dict[str, Any], code: str) -> None:
    response = _post(client, body)
    assert response.status_code == 400, response.content[:300]
    assert response.json()["error"]["code"] == code
    assert not Analysis.objects.exists()


def test_an_unknown_analysis_is_a_coded_404(client: Client) -> None:
    response = client.get("/api/v1/combat/best-play/0123456789abcdef0123456789abcdef/")
    assert response.status_code == 404 and response.json()["error"]["code"] == "not_found"


def test_the_schema_documents_both_operations_and_every_status(client: Client) -> None:
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    post = schema["paths"]["/api/v1/combat/best-play/"]["post"]
    assert set(post["responses"]) >= {"200", "202", "400"}
    assert post["operationId"] == "combat_best_play"
    get = schema["paths"]["/api/v1/combat/best-play/{key}/"]["get"]
    assert set(get["responses"]) >= {"200", "404"}
    analysis = schema["components"]["schemas"]["Analysis"]
    assert set(analysis["properties"]) == _fields(AnalysisSerializer())
