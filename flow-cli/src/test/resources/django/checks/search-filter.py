# no-change
# `search-filter` only reads (search and list filter are GET requests), so the server can show
# nothing of it: this check only asserts the seeded rows are unchanged, and it passes on the
# freshly seeded database too.
import datetime

from library.models import Author, Book, Chapter, Tag

day = datetime.datetime(1969, 3, 1, 9, 30, tzinfo=datetime.timezone.utc)
rows = sorted((b.title, b.author.name, b.status, b.published_at) for b in Book.objects.all())
expected = sorted([
    ("The Left Hand of Darkness", "Ursula K. Le Guin", "published", day),
    ("A Wizard of Earthsea", "Ursula K. Le Guin", "draft", day),
    ("Solaris", "Stanisław Lem", "draft", day),
    ("The Cyberiad", "Stanisław Lem", "draft", day),
])
assert rows == expected, "books changed: %s" % rows
authors = sorted(a.name for a in Author.objects.all())
assert authors == ["Stanisław Lem", "Ursula K. Le Guin"], "authors changed: %s" % authors
tags = sorted(t.name for t in Tag.objects.all())
assert tags == ["classic", "fantasy", "science fiction", "short stories"], "tags changed: %s" % tags
assert not Book.tags.through.objects.exists(), "book tags were set"
assert not Chapter.objects.exists(), "chapters were added"
print("CHECK OK")
