from django.urls import path

from cards import views

app_name = "cards"
urlpatterns = [
    path("cards/", views.card_list, name="card-list"),
    path("cards/<slug:slug>/", views.card_detail, name="card-detail"),
    path("sets/", views.set_list, name="set-list"),
    path("sets/<slug:slug>/", views.set_detail, name="set-detail"),
]
