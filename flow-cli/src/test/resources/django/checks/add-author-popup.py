# After `add-author-popup`: the author "Octavia E. Butler" made in the popup, and "Kindred" (1979-06-01 12:00 UTC) by her.
import datetime

from library.models import Author, Book

authors = list(Author.objects.filter(name="Octavia E. Butler"))
assert len(authors) == 1, "expected 1 author 'Octavia E. Butler', found %d" % len(authors)
assert Author.objects.count() == 3, "expected 3 authors, found %d" % Author.objects.count()
books = list(Book.objects.filter(title="Kindred"))
assert len(books) == 1, "expected 1 book 'Kindred', found %d" % len(books)
book = books[0]
assert book.author_id == authors[0].pk, "Kindred's author is %r" % book.author.name
expected = datetime.datetime(1979, 6, 1, 12, 0, tzinfo=datetime.timezone.utc)
assert book.published_at == expected, "published_at is %s, expected %s" % (book.published_at, expected)
print("CHECK OK")
