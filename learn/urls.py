from django.urls import path

from learn import views

app_name = "learn"
urlpatterns = [
    path("", views.index, name="index"),
    path("quiz/", views.quiz, name="quiz"),
    path("<slug:slug>/", views.lesson, name="lesson"),
]
