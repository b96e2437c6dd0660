from django.urls import path

from reports import views

app_name = "reports"
urlpatterns = [
    path("", views.report_problem, name="report"),
    path("thanks/", views.thanks, name="thanks"),
]
