from django.apps import AppConfig


class SitewideConfig(AppConfig):
    """The top layer: what spans every app (the home page, the site-wide search, the bulk files, the API's
    guide and the error pages, the warm start). No app imports it."""

    name = "sitewide"
    verbose_name = "Site-wide pages"
