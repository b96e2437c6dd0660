from django.urls import path

from combat import share_views, views

app_name = "combat"
urlpatterns = [
    path("", views.combat_page, name="combat"),
    path("build/", views.build, name="build"),
    path("duel/", views.duel_build, name="duel-build"),
    path("duel/rounds/", views.duel_rounds, name="duel-rounds"),
    path("board/", views.board, name="board"),
    path("notation/", views.notation_page, name="notation"),
    path("picture.svg", views.picture_svg, name="picture"),
    path("picture.png", share_views.picture_png, name="picture-png"),
    path("creatures.json", views.creatures_json, name="creatures"),
    path("explore/", views.explore_page, name="explore"),
]
