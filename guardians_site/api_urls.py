from django.urls import include, path, re_path
from django.views.decorators.csrf import csrf_exempt
from rest_framework.routers import SimpleRouter

from cards.api import CardSetViewSet
from core.api.errors import api_not_found
from core.api.root import ApiRootView
from core.api.schema_view import DocsView, SchemaView
from rulings.api import CardWithRulingsViewSet
from sitewide.api import bulk_views
from sitewide.views import api_guide

# SimpleRouter: the API root is ApiRootView, which lists every app's endpoints, not only these.
router = SimpleRouter()
# The card API with each card's rulings: the rulings app extends the cards app's viewset.
router.register("cards", CardWithRulingsViewSet, basename="card")
router.register("sets", CardSetViewSet, basename="set")

app_name = "api"
urlpatterns = [
    path("", api_guide, name="guide"),
    path("v1/", ApiRootView.as_view(), name="api-root"),
    path("v1/bulk-data/", bulk_views.BulkDataListView.as_view(), name="bulk-data-list"),
    path("v1/bulk-data/<str:kind>/", bulk_views.BulkDataDetailView.as_view(), name="bulk-data-detail"),
    # The file name ends in .gz; the optional slash keeps "every endpoint answers both ways" true.
    re_path(r"^v1/bulk-data/files/(?P<filename>[^/]+?)/?$", bulk_views.BulkFileView.as_view(), name="bulk-data-file"),
    path("v1/", include(router.urls)),
    path("schema/", SchemaView.as_view(), name="schema"),
    # The split view serves its start-up script as a file: no inline script under the site's CSP.
    path("docs/", DocsView.as_view(url_name="api:schema"), name="docs"),
    # Anything else under /api/ answers in the API's error format (also when DEBUG is on, and for
    # a POST: no CSRF page, since the API has no session).
    re_path(r"^.*$", csrf_exempt(api_not_found)),
]
