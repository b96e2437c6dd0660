"""/api/v1/combat/...; included by the site's urls before the API's catch-all."""

from django.urls import path

from combat import api

app_name = "combat-api"
urlpatterns = [
    path("resolve/", api.ResolveView.as_view(), name="resolve"),
    path("validate/", api.ValidateView.as_view(), name="validate"),
    path("examples/", api.ExamplesView.as_view(), name="examples"),
    path("explore/", api.ExploreView.as_view(), name="explore"),
    path("partial/", api.PartialView.as_view(), name="partial"),
]
