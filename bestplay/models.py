"""One stored best-play analysis per set-up and data revision: its job's progress, then its answer.

The row is what a permalink (``/combat/best-play/<key>/``) reads, so it is kept: the same address shows the
same analysis for good, whatever the data does later (a new revision makes a new key, a new row).
"""

from __future__ import annotations

from django.db import models


class Analysis(models.Model):
    class Status(models.TextChoices):
        QUEUED = "queued", "Waiting for a worker"
        RUNNING = "running", "Searching"
        DONE = "done", "Finished"
        FAILED = "failed", "Failed"

    # bestplay.keys.analysis_key: a digest of the set-up as the engine writes it, its rule set and the data
    # revision, so the same question at the same revision is one row however it was asked.
    key = models.CharField(max_length=32, primary_key=True)
    notation = models.TextField(help_text="The set-up as the engine writes it.")
    ruleset = models.CharField(max_length=16)
    data_revision = models.PositiveIntegerField()
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED)
    budget_s = models.FloatField(help_text="The search's time budget in seconds.")
    # The solver's last progress report (nodes, depth, elapsed_s, bounds): what the progress bar shows.
    progress = models.JSONField(default=dict, blank=True)
    # The answer (bestplay.answers.answer_data) once done; the refusal ({code, message}) once failed.
    result = models.JSONField(null=True, blank=True)
    error = models.JSONField(null=True, blank=True)
    task_id = models.CharField(max_length=64, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # Advanced with every progress report: a queued or running row whose heartbeat stopped long ago lost its
    # worker, and the next request for it starts it again (bestplay.service).
    heartbeat_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name_plural = "analyses"

    def __str__(self) -> str:
        return f"{self.key} ({self.status})"

    @property
    def finished(self) -> bool:
        return self.status in (self.Status.DONE, self.Status.FAILED)
