"""Best play for a set-up: answered at once when the search finishes within the request, else as a job.

Every request is bounded at about 2 s (combat.limits, combat.slots). A question asked before at the same data
revision is answered from its stored analysis (bestplay.models), finished or still running. A new one is first
searched in the request, at low priority in one of the explore slots, for INLINE_BUDGET_S; if that proves the
value, the answer is stored and given. Otherwise (or when every slot is busy) the search runs as a background
job (bestplay.jobs) with JOB_BUDGET_S, and the caller gets the analysis to follow.
"""

from __future__ import annotations

import os
from datetime import timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone

from bestplay.keys import analysis_key
from bestplay.models import Analysis
from bestplay.solving import search
from combat import running
from combat.slots import ServerBusy, explore_slot
from core import revision
from engine.errors import SetupInvalid
from engine.rulesets import AnySetup, ruleset_of

# The search in the request, and "why did I lose?" after it: with reading, a wait for a slot (0.5 s at most)
# and writing the answer, the request stays under the 2 s every request is held to.
INLINE_BUDGET_S = 0.7
INLINE_WHY_LOST_BUDGET_S = 0.4
# A job's budgets. The target for a realistic 6 against 6 is a best line and bounds within 10 s.
JOB_BUDGET_S = float(os.environ.get("GUARDIANS_BEST_PLAY_BUDGET", "20"))
JOB_WHY_LOST_BUDGET_S = float(os.environ.get("GUARDIANS_BEST_PLAY_WHY_LOST_BUDGET", "10"))
# A queued or running analysis whose heartbeat is older than this lost its worker (or never found one):
# asked again, it is queued again. Longer than any job's budgets, so a slow live job is never doubled.
STALE_AFTER = timedelta(seconds=JOB_BUDGET_S + JOB_WHY_LOST_BUDGET_S + 60)


def best_play(setup: AnySetup) -> Analysis:
    """The analysis of a set-up: finished when it was already, or when the request's search proved the value;
    otherwise queued (or running) as a job. Raises SetupInvalid for a set-up the rules refuse."""
    ruleset = ruleset_of(setup)
    cards = running.catalog()
    problems = ruleset.validate(setup, cards)
    if problems:
        raise SetupInvalid(problems)
    notation = ruleset.format(setup)
    number = revision.current_number()
    key = analysis_key(notation, ruleset.name, number)
    known = Analysis.objects.filter(pk=key).first()
    if known is not None:
        return _requeued_if_stale(known)
    answer = _search_in_request(setup, cards)
    now = timezone.now()
    if answer is not None:
        analysis, _ = Analysis.objects.update_or_create(
            pk=key,
            defaults={"notation": notation, "ruleset": ruleset.name, "data_revision": number, "status": Analysis.Status.DONE,
                      "budget_s": INLINE_BUDGET_S, "result": answer, "finished_at": now},
        )  # fmt: skip
        return analysis
    try:
        with transaction.atomic():
            analysis = Analysis.objects.create(
                pk=key, notation=notation, ruleset=ruleset.name, data_revision=number, budget_s=JOB_BUDGET_S
            )
    except IntegrityError:  # asked at the same moment by another request, which queued it
        return Analysis.objects.get(pk=key)
    return _enqueue(analysis)


def _search_in_request(setup: AnySetup, cards: object) -> dict[str, object] | None:
    """The answer when the request's short search proves the value; None when it does not or no slot is free."""
    try:
        with explore_slot():
            exact, answer = running.at_low_priority(
                lambda: search(setup, cards, INLINE_BUDGET_S, INLINE_WHY_LOST_BUDGET_S)  # type: ignore[arg-type]
            )
    except ServerBusy:
        return None  # the job will do it, without holding this worker
    return answer if exact else None


def _enqueue(analysis: Analysis) -> Analysis:
    from bestplay.jobs import analyse

    result = analyse.enqueue(analysis.key)
    Analysis.objects.filter(pk=analysis.key).update(task_id=str(result.id))
    analysis.task_id = str(result.id)
    return analysis


def _requeued_if_stale(analysis: Analysis) -> Analysis:
    if analysis.finished or timezone.now() - analysis.heartbeat_at < STALE_AFTER:
        return analysis
    # Only the request whose update matches the old heartbeat queues it again.
    claimed = Analysis.objects.filter(pk=analysis.key, heartbeat_at=analysis.heartbeat_at).update(
        status=Analysis.Status.QUEUED, heartbeat_at=timezone.now(), progress={}
    )
    analysis.refresh_from_db()
    return _enqueue(analysis) if claimed else analysis
