"""The background job of a best-play search (Django's tasks framework; bestplay.service queues it).

Run by the tasks worker: ``manage.py db_worker`` with the database backend (the default; `make run` starts one
beside the server), ``manage.py rqworker default`` with GUARDIANS_TASKS=rq. Whatever happens, the analysis row
ends done or failed with a coded reason, so its page never waits for ever.
"""

from __future__ import annotations

from django.utils import timezone
from django_tasks import task

from bestplay.models import Analysis
from bestplay.progress import ProgressRecorder
from bestplay.solving import search
from combat import running
from core import revision
from engine.errors import EngineError


@task()
def analyse(key: str) -> str:
    run_analysis(key)
    return key


def run_analysis(key: str) -> None:
    analysis = Analysis.objects.filter(pk=key).first()
    if analysis is None or analysis.finished:
        return  # already answered (a job queued twice), or its row is gone: nothing to do
    if revision.current_number() != analysis.data_revision:
        # The cards changed between the question and the search: an answer now would not be the one its key
        # promises (that revision's cards). Asked again, the question gets a new key at the new revision.
        _fail(key, "best_play.data_changed", "The card data changed before the search began; ask again.")
        return
    Analysis.objects.filter(pk=key).update(status=Analysis.Status.RUNNING, heartbeat_at=timezone.now())
    from bestplay.service import JOB_WHY_LOST_BUDGET_S

    recorder = ProgressRecorder(key)
    try:
        setup = running.read_notation(analysis.notation)
        _exact, answer = search(setup, running.catalog(), analysis.budget_s, JOB_WHY_LOST_BUDGET_S, recorder)
    except EngineError as exc:
        _fail(key, exc.code, exc.message)
        return
    except Exception:
        _fail(key, "best_play.failed", "The search stopped on an error of the site's; it has been logged.")
        raise  # the worker logs it with its traceback and marks the task failed
    Analysis.objects.filter(pk=key).update(
        status=Analysis.Status.DONE, result=answer, progress=recorder.latest,
        heartbeat_at=timezone.now(), finished_at=timezone.now(),
    )  # fmt: skip


def _fail(key: str, code: str, message: str) -> None:
    Analysis.objects.filter(pk=key).update(
        status=Analysis.Status.FAILED, error={"code": code, "message": message},
        heartbeat_at=timezone.now(), finished_at=timezone.now(),
    )  # fmt: skip
