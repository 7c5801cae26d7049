# After `edit-book`: "The Cyberiad" renamed "The Cyberiad: Fables", published, with chapter 1 "Trurl's Machine".
from library.models import Book, Chapter

assert not Book.objects.filter(title="The Cyberiad").exists(), "'The Cyberiad' still has its old title"
books = list(Book.objects.filter(title="The Cyberiad: Fables"))
assert len(books) == 1, "expected 1 book 'The Cyberiad: Fables', found %d" % len(books)
book = books[0]
assert book.status == "published", "status is %r" % book.status
assert book.author.name == "Stanisław Lem", "author is %r" % book.author.name
chapters = [(c.number, c.title) for c in book.chapter_set.order_by("number")]
assert chapters == [(1, "Trurl's Machine")], "chapters are %s" % chapters
assert Chapter.objects.count() == 1, "expected 1 chapter in all, found %d" % Chapter.objects.count()
print("CHECK OK")
