"""API routes of the rules reference, mounted under /api/v1/ by guardians_site/urls.py."""

from django.urls import path, re_path
from rest_framework.routers import SimpleRouter

from rulings import api
from rulings.urls import NUMBER

# SimpleRouter: the cards router already answers /api/v1/ itself.
router = SimpleRouter()
router.register("rulings", api.RulingViewSet, basename="ruling")
router.register("glossary", api.GlossaryViewSet, basename="glossary")

app_name = "rulings-api"
urlpatterns = [
    path("rules/", api.RulesTreeView.as_view(), name="rules-tree"),
    path("rules/id/<str:code>/", api.EngineIdRuleView.as_view(), name="engine-id-rule"),
    re_path(rf"^rules/arena/{NUMBER}/$", api.ArenaRuleDetailView.as_view(), name="arena-rule-detail"),
    re_path(rf"^rules/{NUMBER}/$", api.RuleDetailView.as_view(), name="rule-detail"),
    *router.urls,
]
