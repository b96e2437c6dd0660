from django.urls import path

from cards import search_views, views

app_name = "cards"
urlpatterns = [
    path("cards/", views.card_list, name="card-list"),
    path("cards/syntax/", search_views.syntax, name="search-syntax"),
    path("cards/advanced/", search_views.advanced, name="advanced-search"),
    path("cards/random/", search_views.random_card, name="random-card"),
    path("cards/<slug:slug>/", views.card_detail, name="card-detail"),
    path("sets/", views.set_list, name="set-list"),
    path("sets/<slug:slug>/", views.set_detail, name="set-detail"),
]
