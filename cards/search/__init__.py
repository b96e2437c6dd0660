"""Card search: a query language over the card database, answered in memory from a Whoosh index and
bitmaps stored beside it, or by database filters while no index is built.

Reading a query: ``tokens`` -> ``parser`` (a tree) -> ``understand`` (checked against ``keywords``).
Answering it: ``execute`` (the plan), ``evaluate`` (the tree as bitmap operations), ``facets`` (the
bitmaps), ``results`` (a queryset counted and paged from the answer), ``storage`` (the index on disk),
``documents`` (what is indexed). Around it: ``suggest`` (did-you-mean, autocomplete), ``highlight``.
``service`` is what views, the API and the FilterSet call.
"""
