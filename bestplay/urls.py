from django.urls import path

from bestplay import views

app_name = "best-play"
urlpatterns = [
    path("", views.start, name="start"),
    path("<str:key>/", views.analysis_page, name="analysis"),
]
