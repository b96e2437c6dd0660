from django.contrib import admin
from django.urls import include, path

from sitewide import search_api, search_views, views

urlpatterns = [
    path("", views.home, name="home"),
    path("", include("cards.urls")),
    path("combat/best-play/", include("bestplay.urls")),
    path("combat/", include("combat.urls")),
    path("learn/", include("learn.urls")),
    # Before the API's own urls, whose catch-all would answer 404 for these.
    path("api/v1/combat/best-play/", include("bestplay.api_urls")),
    path("api/v1/combat/", include("combat.api_urls")),
    path("", include("rulings.urls")),
    path("search/", search_views.search_page, name="site-search"),
    path("api/v1/search/", search_api.SiteSearchView.as_view(), name="api-site-search"),
    path("api/v1/search/suggest/", search_api.SuggestView.as_view(), name="api-site-suggest"),
    path("api/v1/learn/", include("learn.api_urls")),
    path("api/v1/", include("rulings.api_urls")),
    path("api/", include("guardians_site.api_urls")),
    path("report/", include("reports.urls")),
    path("admin/", admin.site.urls),
]

handler400 = "sitewide.views.bad_request"
handler404 = "sitewide.views.page_not_found"
handler500 = "sitewide.views.server_error"
