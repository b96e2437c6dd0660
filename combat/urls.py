from django.urls import path

from combat import views

app_name = "combat"
urlpatterns = [
    path("", views.combat_page, name="combat"),
    path("build/", views.build, name="build"),
    path("creatures.json", views.creatures_json, name="creatures"),
    path("explore/", views.explore_page, name="explore"),
]
