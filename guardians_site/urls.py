from django.contrib import admin
from django.urls import include, path

from guardians_site import views

urlpatterns = [
    path("", views.home, name="home"),
    path("", include("cards.urls")),
    path("api/", include("guardians_site.api.urls")),
    path("admin/", admin.site.urls),
]

handler404 = "guardians_site.views.page_not_found"
handler500 = "guardians_site.views.server_error"
