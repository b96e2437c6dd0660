"""Card search: a query language over the card database, answered by indexed columns and a Whoosh index.

Reading a query: ``tokens`` -> ``parser`` (a tree) -> ``understand`` (checked against ``keywords``).
Answering it: ``execute`` (database filter plus index look-ups), ``storage`` (the index on disk),
``documents`` (what is indexed). Around it: ``suggest`` (did-you-mean, autocomplete), ``highlight``.
``service`` is what views, the API and the FilterSet call.
"""
