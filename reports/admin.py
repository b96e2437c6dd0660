from django.contrib import admin

from reports.models import Report


@admin.register(Report)
class ReportAdmin(admin.ModelAdmin):
    list_display = ("created_at", "page", "kind", "short_message", "handled")
    list_filter = ("handled", "kind")
    search_fields = ("page", "message", "contact")
    readonly_fields = ("page", "kind", "message", "contact", "created_at")
    list_editable = ("handled",)
    date_hierarchy = "created_at"

    @admin.display(description="Message")
    def short_message(self, report: Report) -> str:
        return report.message if len(report.message) <= 80 else report.message[:79] + "\u2026"

    def has_add_permission(self, request: object) -> bool:
        # Reports come from visitors through the site's form, never typed in here.
        return False
