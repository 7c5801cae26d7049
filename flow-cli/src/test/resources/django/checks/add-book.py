# After `add-book`: "Dune Messiah" by Stanisław Lem, published 1969-10-15 08:00 UTC, draft.
import datetime

from library.models import Book

books = list(Book.objects.filter(title="Dune Messiah"))
assert len(books) == 1, "expected 1 book 'Dune Messiah', found %d" % len(books)
book = books[0]
assert book.author.name == "Stanisław Lem", "author is %r" % book.author.name
expected = datetime.datetime(1969, 10, 15, 8, 0, tzinfo=datetime.timezone.utc)
assert book.published_at == expected, "published_at is %s, expected %s" % (book.published_at, expected)
assert book.status == "draft", "status is %r" % book.status
assert not book.tags.exists(), "tags: %s" % list(book.tags.all())
assert Book.objects.count() == 5, "expected 5 books, found %d" % Book.objects.count()
print("CHECK OK")
