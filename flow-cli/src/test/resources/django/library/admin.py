from django.contrib import admin

from .models import Author, Book, Chapter, Tag


class ChapterInline(admin.TabularInline):
    model = Chapter
    extra = 1


@admin.action(description="Mark selected books as published")
def mark_published(modeladmin, request, queryset):
    queryset.update(status="published")


@admin.register(Book)
class BookAdmin(admin.ModelAdmin):
    list_display = ("title", "author", "status", "published_at")
    list_filter = ("status", "author")
    search_fields = ("title",)
    filter_horizontal = ("tags",)
    inlines = [ChapterInline]
    actions = [mark_published]


admin.site.register(Author, search_fields=("name",))
admin.site.register(Tag)
