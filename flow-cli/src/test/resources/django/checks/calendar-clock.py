# After `calendar-clock`: "Roadside Picnic" by Lem, dated and timed by the widgets ("Today" and
# "Now", from the shortcuts or the calendar and clock pickers): published_at is about now.
import datetime

from django.utils import timezone

from library.models import Book

books = list(Book.objects.filter(title="Roadside Picnic"))
assert len(books) == 1, "expected 1 book 'Roadside Picnic', found %d" % len(books)
book = books[0]
assert book.author.name == "Stanisław Lem", "author is %r" % book.author.name
now = timezone.now()
assert abs(book.published_at - now) < datetime.timedelta(hours=1), \
    "published_at %s is not about now (%s): not set by Today/Now" % (book.published_at, now)
assert book.status == "draft", "status is %r" % book.status
print("CHECK OK")
