from django.urls import path, re_path

from rulings import views

app_name = "rulings"

# 6, 6.4, 6.4.2 or 6.4.2a: sections, subsections, rules and subrules share one address space.
NUMBER = r"(?P<number>\d{1,2}(?:\.\d{1,2}(?:\.\d{1,2}[a-z]?)?)?)"

# 1.0...1.2: two stored versions of the rules (rulings.versions), older first.
VERSION_PAIR = r"(?P<older>\d{1,3}(?:\.\d{1,3}){1,3})\.\.\.(?P<newer>\d{1,3}(?:\.\d{1,3}){1,3})"

urlpatterns = [
    path("rules/", views.contents, name="contents"),
    path("rules/search/", views.search, name="search"),
    path("rules/glossary/", views.glossary, name="glossary"),
    path("rules/changes/", views.changes, name="changes"),
    re_path(rf"^rules/diff/{VERSION_PAIR}/$", views.diff, name="diff"),
    path("rules/examples/", views.example_list, name="example-list"),
    path("rules/examples/<slug:slug>/", views.example_detail, name="example"),
    path("rules/id/<str:code>/", views.engine_id_redirect, name="engine-id"),
    path("rules/arena/", views.arena_contents, name="arena-contents"),
    re_path(rf"^rules/arena/{NUMBER}/$", views.arena_rule, name="arena-rule"),
    re_path(rf"^rules/{NUMBER}/$", views.standard_rule, name="rule"),
    path("rulings/", views.ruling_list, name="ruling-list"),
    path("rulings/<str:code>/", views.ruling_detail, name="ruling"),
]
