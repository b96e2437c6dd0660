from django.urls import path

from learn import puzzle_views, views

app_name = "learn"
urlpatterns = [
    path("", views.index, name="index"),
    path("quiz/", views.quiz, name="quiz"),
    path("puzzles/", puzzle_views.index, name="puzzles"),
    path("puzzles/<str:puzzle_id>/", puzzle_views.puzzle, name="puzzle"),
    path("<slug:slug>/", views.lesson, name="lesson"),
]
