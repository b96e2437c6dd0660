"""Settings for the pages benchmark: the site's own, with one bare view added beside its URLs."""

from guardians_site.settings import *  # noqa: F403

ROOT_URLCONF = "benchmarks.pages_urls"
