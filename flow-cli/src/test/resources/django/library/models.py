"""A small library catalogue for BrowserFlow's real-app tests: a foreign key, a many-to-many shown
with filter_horizontal, a date-time field, and chapters edited inline."""
from django.db import models


class Author(models.Model):
    name = models.CharField(max_length=100, unique=True)

    def __str__(self):
        return self.name


class Tag(models.Model):
    name = models.CharField(max_length=50, unique=True)

    def __str__(self):
        return self.name


class Book(models.Model):
    STATUS = [("draft", "Draft"), ("published", "Published")]
    title = models.CharField(max_length=200)
    author = models.ForeignKey(Author, on_delete=models.PROTECT)
    tags = models.ManyToManyField(Tag, blank=True)
    published_at = models.DateTimeField("published at")
    status = models.CharField(max_length=20, choices=STATUS, default="draft")

    def __str__(self):
        return self.title


class Chapter(models.Model):
    book = models.ForeignKey(Book, on_delete=models.CASCADE)
    title = models.CharField(max_length=200)
    number = models.PositiveIntegerField()

    def __str__(self):
        return "%s. %s" % (self.number, self.title)
