# After `filter-horizontal`: Solaris has exactly the tags "classic" and "science fiction".
from library.models import Book

book = Book.objects.get(title="Solaris")
tags = sorted(t.name for t in book.tags.all())
assert tags == ["classic", "science fiction"], "Solaris' tags are %s" % tags
assert book.author.name == "Stanisław Lem", "author is %r" % book.author.name
assert book.status == "draft", "status is %r" % book.status
print("CHECK OK")
