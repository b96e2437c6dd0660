"""The one pagination envelope of the API: {count, next, previous, results}."""

from rest_framework.pagination import PageNumberPagination


class EnvelopePagination(PageNumberPagination):
    page_size_query_param = "page_size"
    max_page_size = 200
