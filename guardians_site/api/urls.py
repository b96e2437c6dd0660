from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView
from rest_framework.routers import DefaultRouter

from cards.api import CardSetViewSet, CardViewSet
from guardians_site.views import api_not_found

router = DefaultRouter()
router.register("cards", CardViewSet, basename="card")
router.register("sets", CardSetViewSet, basename="set")

app_name = "api"
urlpatterns = [
    path("v1/", include(router.urls)),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    # The split view serves its start-up script as a file: no inline script under the site's CSP.
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="api:schema"), name="docs"),
    # Anything else under /api/ answers in the API's error format, also when DEBUG is on.
    re_path(r"^.*$", api_not_found),
]
