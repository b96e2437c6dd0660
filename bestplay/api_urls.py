"""/api/v1/combat/best-play/...; included by the site's urls before the API's catch-all."""

from django.urls import path

from bestplay import api

app_name = "best-play-api"
urlpatterns = [
    path("", api.BestPlayView.as_view(), name="best-play"),
    path("<str:key>/", api.AnalysisView.as_view(), name="analysis"),
]
