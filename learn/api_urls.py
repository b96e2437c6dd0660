"""API routes of the learn pages, mounted under /api/v1/learn/ by guardians_site/urls.py."""

from rest_framework.routers import SimpleRouter

from learn import api

router = SimpleRouter()
router.register("lessons", api.LessonViewSet, basename="lesson")
router.register("questions", api.QuestionViewSet, basename="question")
router.register("puzzles", api.PuzzleViewSet, basename="puzzle")

app_name = "learn-api"
urlpatterns = router.urls
