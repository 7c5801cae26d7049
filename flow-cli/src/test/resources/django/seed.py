"""Seed data every scenario starts from: run with manage.py shell < seed.py."""
import datetime

from django.utils import timezone

from library.models import Author, Book, Tag

ursula = Author.objects.create(name="Ursula K. Le Guin")
stanislaw = Author.objects.create(name="Stanisław Lem")
for name in ("classic", "science fiction", "fantasy", "short stories"):
    Tag.objects.create(name=name)
day = timezone.make_aware(datetime.datetime(1969, 3, 1, 9, 30))
Book.objects.create(title="The Left Hand of Darkness", author=ursula, published_at=day, status="published")
Book.objects.create(title="A Wizard of Earthsea", author=ursula, published_at=day, status="draft")
Book.objects.create(title="Solaris", author=stanislaw, published_at=day, status="draft")
Book.objects.create(title="The Cyberiad", author=stanislaw, published_at=day, status="draft")
